/**
 * One HTTP/1.1 request written byte for byte on a socket. fetch and undici normalise the target (they resolve
 * dot segments, re-encode, refuse absolute-form) and merge repeated headers, which is exactly what the gateway's
 * request-line tests must not have done for them.
 */
import { connect } from 'node:net';
import type { GatewayHarness } from './harness';
import type { ReceivedRequest } from './upstream-double';

export interface RawRequest {
  readonly method?: string;
  /** Sent as is: `/%61pi/...`, `http://evil.localhost/api/features`, `*`, `host:443`. */
  readonly target: string;
  /** Name and value pairs, sent in this order and letter case; a name may repeat. */
  readonly headers?: readonly (readonly [string, string])[];
  readonly body?: string;
}

export interface RawResponse {
  /** 0 when the server closed the connection without a status line. */
  readonly status: number;
  readonly text: string;
  json<T = Record<string, unknown>>(): T;
}

const RAW_TIMEOUT_MS = 5_000;

function dechunk(body: string): string {
  let text = '';
  let rest = body;
  for (;;) {
    const lineEnd = rest.indexOf('\r\n');
    const size = Number.parseInt(rest.slice(0, lineEnd), 16);
    if (lineEnd === -1 || !(size > 0)) return text;
    text += rest.slice(lineEnd + 2, lineEnd + 2 + size);
    rest = rest.slice(lineEnd + 2 + size + 2);
  }
}

function isComplete(received: Buffer, head: boolean): boolean {
  const headEnd = received.indexOf('\r\n\r\n');
  if (headEnd === -1) return false;
  if (head) return true;
  const headers = received.subarray(0, headEnd).toString('latin1').toLowerCase();
  const body = received.subarray(headEnd + 4);
  const length = /\r\ncontent-length: *(\d+)/.exec(headers)?.[1];
  if (length !== undefined) return body.length >= Number(length);
  if (/\r\ntransfer-encoding: *chunked/.test(headers)) return body.includes('0\r\n\r\n');
  return false;
}

function parse(response: string): RawResponse {
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(response)?.[1] ?? 0);
  const headEnd = response.indexOf('\r\n\r\n');
  const head = response.slice(0, headEnd).toLowerCase();
  const body = response.slice(headEnd + 4);
  const text = /\r\ntransfer-encoding: *chunked/.test(head) ? dechunk(body) : body;
  return { status, text, json: <T>() => JSON.parse(text) as T };
}

export function rawRequest(port: number, request: RawRequest): Promise<RawResponse> {
  const body = request.body ?? '';
  const headers = [...(request.headers ?? [])];
  if (body !== '') headers.push(['content-length', String(Buffer.byteLength(body))]);
  headers.push(['connection', 'close']);
  const head = [`${request.method ?? 'GET'} ${request.target} HTTP/1.1`, ...headers.map(([name, value]) => `${name}: ${value}`)];
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy(new Error(`no answer to ${request.target} within ${RAW_TIMEOUT_MS} ms`));
    }, RAW_TIMEOUT_MS);
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      // A proxied answer may keep the connection open whatever the request asked: stop at the answer's end.
      if (isComplete(Buffer.concat(chunks), request.method === 'HEAD')) socket.destroy();
    });
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(parse(Buffer.concat(chunks).toString('utf8')));
    });
    socket.write(`${head.join('\r\n')}\r\n\r\n${body}`);
  });
}

/** A raw request through the harness's gateway, with what reached the upstream double because of it. */
export async function rawThroughGateway(
  harness: Pick<GatewayHarness, 'gateway' | 'upstream'>,
  request: RawRequest,
): Promise<RawResponse & { readonly reached: readonly ReceivedRequest[] }> {
  const before = harness.upstream.received.length;
  const response = await rawRequest(harness.gateway.port, request);
  return { ...response, reached: harness.upstream.received.slice(before) };
}
