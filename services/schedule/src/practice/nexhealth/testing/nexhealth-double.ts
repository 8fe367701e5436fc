/**
 * A recorded-response double of NexHealth's API for the adapter's tests: a real HTTP server on 127.0.0.1 (port 0)
 * that answers each method + path + query with the exchange recorded in the fixture files, and behaves like NexHealth
 * where the adapter depends on it: POST /authenticates takes the API key and issues a JWT with an expiry; every other
 * request needs `Authorization: Bearer <a live token>` and `Nex-Api-Version`, or is refused. Tests can revoke the
 * tokens (the next request gets 401), or queue faults: a status with a body, a malformed body, or no answer at all.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import { join } from 'node:path';

export const FIXTURES_DIR = join(__dirname, '..', 'fixtures');

export interface RecordedExchange {
  readonly request: { readonly method: string; readonly path: string; readonly query: Readonly<Record<string, string>> };
  readonly response: { readonly status: number; readonly body: unknown };
}

export interface SeenRequest {
  readonly method: string;
  readonly path: string;
  readonly query: readonly (readonly [string, string])[];
  readonly body: unknown;
  readonly authorization: string | undefined;
  /** False when no recording answered it (the double said 404). */
  readonly matched: boolean;
}

export type Fault =
  | { readonly status: number; readonly body?: unknown }
  | { readonly raw: string; readonly status?: number }
  | { readonly hang: true };

export interface NexHealthDoubleOptions {
  readonly apiKey: string;
  /** The double's clock, for the tokens' expiry. */
  readonly now?: () => Date;
  readonly tokenLifetimeSeconds?: number;
  readonly fixturesDir?: string;
}

export interface NexHealthDouble {
  readonly url: string;
  readonly requests: readonly SeenRequest[];
  /** Answers the next `times` requests whose path starts with `path` (default: any but /authenticates) with `fault`. */
  failNext(fault: Fault, options?: { readonly path?: string; readonly times?: number }): void;
  /** Every token issued so far stops working, as when NexHealth expires them early. */
  revokeTokens(): void;
  close(): Promise<void>;
}

const API_VERSION = 'v20240412';

function keyOf(method: string, path: string, query: readonly (readonly [string, string])[]): string {
  const pairs = [...query].map(([k, v]) => `${k}=${v}`).sort();
  return `${method.toUpperCase()} ${path}?${pairs.join('&')}`;
}

function loadRecordings(dir: string): Map<string, RecordedExchange['response']> {
  const recordings = new Map<string, RecordedExchange['response']>();
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
    const content = JSON.parse(readFileSync(join(dir, file), 'utf8')) as RecordedExchange | RecordedExchange[];
    for (const exchange of Array.isArray(content) ? content : [content]) {
      const { method, path, query } = exchange.request;
      recordings.set(keyOf(method, path, Object.entries(query)), exchange.response);
    }
  }
  return recordings;
}

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function send(response: ServerResponse, status: number, body: unknown): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(text);
}

function refusal(message: string): unknown {
  return { code: false, description: message, error: [message], data: null };
}

export async function startNexHealthDouble(options: NexHealthDoubleOptions): Promise<NexHealthDouble> {
  const recordings = loadRecordings(options.fixturesDir ?? FIXTURES_DIR);
  const now = options.now ?? (() => new Date());
  const lifetime = options.tokenLifetimeSeconds ?? 3600;
  const requests: SeenRequest[] = [];
  const faults: { fault: Fault; path: string | undefined; times: number }[] = [];
  const tokens = new Map<string, number>();
  let issued = 0;

  const issueToken = (): string => {
    issued += 1;
    const exp = Math.floor(now().getTime() / 1000) + lifetime;
    const token = `${base64url({ alg: 'HS256' })}.${base64url({ sub: '1', scp: 'api_user', exp, jti: `t${issued}` })}.signature${issued}`;
    tokens.set(token, exp);
    return token;
  };

  const liveToken = (authorization: string | undefined): boolean => {
    const token = authorization?.startsWith('Bearer ') === true ? authorization.slice('Bearer '.length) : '';
    const exp = tokens.get(token);
    return exp !== undefined && exp * 1000 > now().getTime();
  };

  const takeFault = (path: string): Fault | null => {
    const index = faults.findIndex((f) => (f.path === undefined ? path !== '/authenticates' : path.startsWith(f.path)));
    if (index < 0) return null;
    const entry = faults[index];
    if (entry === undefined) return null;
    entry.times -= 1;
    if (entry.times <= 0) faults.splice(index, 1);
    return entry.fault;
  };

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = new URL(request.url ?? '/', 'http://double');
    const method = request.method ?? 'GET';
    const query = [...url.searchParams.entries()];
    const body = await readBody(request);
    const authorization = request.headers.authorization;
    const key = keyOf(method, url.pathname, query);
    const recorded = recordings.get(key);
    const note = (matched: boolean) => requests.push({ method, path: url.pathname, query, body, authorization, matched });

    if (request.headers['nex-api-version'] !== API_VERSION) {
      note(false);
      return send(response, 400, refusal('Nex-Api-Version header is missing or unknown'));
    }
    const fault = takeFault(url.pathname);
    if (fault !== null) {
      note(true);
      if ('hang' in fault) return; // The answer never comes; the client's deadline must end the wait.
      if ('raw' in fault) return send(response, fault.status ?? 200, fault.raw);
      return send(response, fault.status, fault.body ?? refusal(`Status ${fault.status}`));
    }
    if (method === 'POST' && url.pathname === '/authenticates') {
      note(true);
      if (authorization !== options.apiKey) return send(response, 401, refusal('Unauthorized'));
      return send(response, 201, { code: true, description: 'Authenticated', error: [], data: { token: issueToken() } });
    }
    if (!liveToken(authorization)) {
      note(true);
      return send(response, 401, refusal('Unauthorized'));
    }
    note(recorded !== undefined);
    if (recorded === undefined) return send(response, 404, refusal(`No recording for ${key}`));
    return send(response, recorded.status, recorded.body);
  };

  const server = createServer((request, response) => {
    handle(request, response).catch(() => send(response, 500, refusal('Double failed')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failNext(fault, failOptions = {}) {
      faults.push({ fault, path: failOptions.path, times: failOptions.times ?? 1 });
    },
    revokeTokens() {
      tokens.clear();
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error === undefined ? resolve() : reject(error)));
      }),
  };
}
