/**
 * One API request, the way Stripe answers it: the secret key checked (Bearer, or Basic as curl sends it),
 * parameters decoded from the query (GET, DELETE) or the form body (POST), idempotent POSTs replayed, the
 * operation run, `expand[]` applied, events sent only once the operation has succeeded, errors in Stripe's envelope.
 */
import { timingSafeEqual } from 'node:crypto';
import { findRoute } from './api-routes';
import { internalError, invalidApiKey, noApiKey, StripeApiError, unrecognizedUrl } from './errors';
import { expand } from './expand';
import { decodeForm } from './form-decode';
import { IdempotencyCache, worthKeeping } from './idempotency';
import { newId } from './ids';
import { type SandboxLogger } from './logger';
import { type ContextDeps, opContext, resolverOf } from './ops/context';
import { Params } from './params';

export interface ApiRequest {
  readonly method: string;
  /** Path and query, as in the request line. */
  readonly url: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: string;
}

export interface ApiAnswer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

export interface ApiHandlerDeps {
  readonly context: ContextDeps;
  readonly secretKey: () => string;
  /** Saves the state after a change. */
  readonly persist: () => void;
  readonly logger: SandboxLogger;
}

function header(request: ApiRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function sameKey(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The key from `Authorization: Bearer sk_...` or `Basic base64(sk_...:)`. */
function checkKey(request: ApiRequest, expected: string): void {
  const auth = header(request, 'authorization');
  if (auth === undefined || auth.trim() === '') throw noApiKey();
  const [scheme = '', value = ''] = auth.trim().split(/\s+/, 2);
  let key = value;
  if (scheme.toLowerCase() === 'basic') key = Buffer.from(value, 'base64').toString('utf8').split(':')[0] ?? '';
  else if (scheme.toLowerCase() !== 'bearer') throw noApiKey();
  if (!sameKey(key, expected)) throw invalidApiKey(key);
}

function json(status: number, value: unknown, headers: Record<string, string>): ApiAnswer {
  // Stripe answers with indented JSON.
  return { status, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(value, null, 2) };
}

export function apiHandler(deps: ApiHandlerDeps): (request: ApiRequest) => ApiAnswer {
  const idempotency = new IdempotencyCache();
  const resolve = resolverOf(deps.context.state);

  function run(request: ApiRequest, requestId: string, idempotencyKey: string | null): ApiAnswer {
    const url = new URL(request.url, 'http://sandbox');
    const route = findRoute(request.method, url.pathname);
    if (route === undefined) throw unrecognizedUrl(request.method, url.pathname);
    const form = decodeForm(request.method === 'POST' ? request.body : url.search.slice(1));
    const params = new Params(form);
    const ctx = opContext(deps.context, { id: requestId, idempotency_key: idempotencyKey });
    try {
      const result = expand(route.operation(ctx, params, route.id), params.strList('expand'), resolve);
      ctx.commit();
      if (request.method !== 'GET') deps.persist();
      return json(200, result, {});
    } catch (error) {
      if (error instanceof StripeApiError && error.keepChanges) {
        ctx.commit();
        deps.persist();
      }
      throw error;
    }
  }

  return (request) => {
    const requestId = newId('request');
    const idempotencyKey = request.method === 'POST' ? (header(request, 'idempotency-key') ?? null) : null;
    const version = header(request, 'stripe-version') ?? deps.context.events.apiVersion;
    const headers: Record<string, string> = { 'request-id': requestId, 'stripe-version': version };
    const scope = `${deps.secretKey()}|${idempotencyKey ?? ''}`;
    const fingerprint = `${request.method} ${request.url}\n${request.body}`;
    try {
      checkKey(request, deps.secretKey());
      if (idempotencyKey !== null) {
        headers['idempotency-key'] = idempotencyKey;
        const replay = idempotency.lookup(scope, fingerprint, deps.context.nowMs());
        if (replay !== undefined) {
          return { status: replay.status, headers: { 'content-type': 'application/json', ...headers, 'idempotent-replayed': 'true' }, body: replay.body };
        }
      }
      const answer = run(request, requestId, idempotencyKey);
      if (idempotencyKey !== null) idempotency.store(scope, fingerprint, answer, deps.context.nowMs());
      return { ...answer, headers: { ...answer.headers, ...headers } };
    } catch (error) {
      const known = error instanceof StripeApiError ? error : internalError();
      if (!(error instanceof StripeApiError)) deps.logger.error({ err: error, requestId }, 'stripe sandbox: operation failed');
      const answer = json(known.status, known.body, headers);
      if (idempotencyKey !== null && worthKeeping(known.status, known)) {
        idempotency.store(scope, fingerprint, answer, deps.context.nowMs());
      }
      return answer;
    }
  };
}
