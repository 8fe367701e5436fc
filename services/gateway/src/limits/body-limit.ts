/**
 * Request bodies are read by the gateway before they are proxied, with a limit per route: small by default,
 * larger only where a route needs it (the bug report's 5 MB attachment). A body over the limit is refused with
 * a 413 before the service sees a byte of it; the declared Content-Length is checked before reading. A body
 * without one (chunked) is read until it passes the limit, then read to its end and thrown away before the 413
 * goes out, so that the client, still sending, is not cut off before it can read why.
 *
 * A JSON body nested deeper than contracts' JSON_MAX_DEPTH is refused with a 400 naming the limit: the services
 * refuse it too, but the gateway does not pass on what a service would choke on.
 */
import { Readable } from 'node:stream';
import {
  API_ROUTES,
  BUG_REPORT_MAX_BODY_BYTES,
  JSON_TOO_DEEP_MESSAGE,
  jsonTextExceedsDepth,
  matchApiRoute,
  type HttpMethod,
} from '@dv/contracts';
import { Invalid, PayloadTooLarge } from '@dv/kit';
import type { FastifyRequest } from 'fastify';

export interface RouteBodyLimit {
  /** An entry of contracts' API_ROUTES, by method and path pattern (`{name}` is one segment). */
  readonly method: HttpMethod;
  readonly path: string;
  readonly maxBytes: number;
}

/** Routes that accept more than the default: only the bug report, whose attachment may be 5 MB (base64 in JSON). */
export const ROUTE_BODY_LIMITS: readonly RouteBodyLimit[] = [
  { method: 'PUT', path: '/api/bugReports', maxBytes: BUG_REPORT_MAX_BODY_BYTES },
];

export type BodyLimitFor = (method: string, url: string) => number;

export function bodyLimitResolver(defaultBytes: number, overrides: readonly RouteBodyLimit[]): BodyLimitFor {
  for (const limit of overrides) {
    if (!API_ROUTES.some((route) => route.method === limit.method && route.path === limit.path)) {
      throw new Error(`Body limit for ${limit.method} ${limit.path}: no such route in API_ROUTES`);
    }
  }
  return (method, url) => {
    const route = matchApiRoute(method, url);
    if (!route) return defaultBytes;
    return overrides.find((limit) => limit.method === route.method && limit.path === route.path)?.maxBytes ?? defaultBytes;
  };
}

/** 1048576 -> '1 MB', 7340032 -> '7 MB', 1500 -> '1500 bytes'. */
export function formatBytes(bytes: number): string {
  const mb = bytes / 1_048_576;
  if (mb >= 1) return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
  const kb = bytes / 1024;
  if (kb >= 1) return `${Number.isInteger(kb) ? kb : kb.toFixed(1)} KB`;
  return `${bytes} bytes`;
}

/**
 * How far past its limit a refused chunked body is still read and thrown away. Fastify closes the connection
 * after a body it refused; answering while the client still sends makes the client's next write fail (EPIPE)
 * before it reads the answer. A client that sends even more than this is cut off with the 413 sent as is.
 */
export const REFUSED_BODY_DRAIN_BYTES = 64 * 1_048_576;

function tooLarge(limit: number): PayloadTooLarge {
  return new PayloadTooLarge(`Request body too large: this route accepts at most ${formatBytes(limit)}`);
}

/** application/json and the `+json` types (any case, any parameters): what a service would parse as JSON. */
export function isJsonContentType(contentType: string | undefined): boolean {
  const mediaType = (contentType ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '';
  return mediaType === 'application/json' || mediaType.endsWith('+json');
}

/** The declared length is over the limit: refuse before reading (an onRequest check). */
export function checkDeclaredLength(request: FastifyRequest, limitFor: BodyLimitFor): void {
  const declared = Number(request.headers['content-length']);
  const limit = limitFor(request.method, request.url);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
}

/**
 * The one content-type parser of the gateway (every type): collects the body up to the route's limit, checks the
 * nesting of a JSON one, and hands it on as a stream of the same bytes, so reply-from forwards it unchanged (no
 * re-encoding of JSON).
 */
export function limitedBodyParser(limitFor: BodyLimitFor) {
  return function parseLimitedBody(
    request: FastifyRequest,
    payload: NodeJS.ReadableStream,
    done: (error: Error | null, body?: unknown) => void,
  ): void {
    const limit = limitFor(request.method, request.url);
    let chunks: Buffer[] = [];
    let received = 0;
    let refused = false;
    let finished = false;

    const finish = (error: Error | null, body?: unknown) => {
      if (finished) return;
      finished = true;
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', onError);
      done(error, body);
    };
    const onData = (chunk: Buffer | string) => {
      received += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
      if (received > limit + REFUSED_BODY_DRAIN_BYTES) {
        finish(tooLarge(limit));
        return;
      }
      if (received > limit) {
        // Refused: what came is dropped and the rest is read only to let the client finish sending.
        refused = true;
        chunks = [];
        return;
      }
      chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    };
    const onEnd = () => {
      if (refused) {
        finish(tooLarge(limit));
        return;
      }
      if (received === 0) {
        finish(null, undefined);
        return;
      }
      const body = Buffer.concat(chunks, received);
      if (isJsonContentType(request.headers['content-type']) && jsonTextExceedsDepth(body)) {
        finish(new Invalid(JSON_TOO_DEEP_MESSAGE));
        return;
      }
      finish(null, Readable.from([body]));
    };
    const onError = (error: Error) => finish(Object.assign(error, { statusCode: 400 }));

    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onError);
    payload.resume();
  };
}
