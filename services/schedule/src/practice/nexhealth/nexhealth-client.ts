/**
 * NexHealth's REST API over HTTP: the bearer token (cached, renewed before it expires and once on a 401), the
 * version header, the response envelope, cursor paging, a deadline per request, and one classification of every
 * failure into a PracticeManagementError. Messages name the resource asked for, never an id, a name or anything
 * NexHealth answered: the answers hold patient data.
 *
 * Documented behaviour this follows (docs.nexhealth.com): POST /authenticates with the API key as the whole
 * Authorization header returns { data: { token } }, a JWT valid one hour in production (24 hours in the sandbox);
 * other requests send `Authorization: Bearer <token>` and `Nex-Api-Version`; lists page with `per_page` and
 * `end_cursor` from `page_info`; the rate limits answer 429 (100 requests a second, 10 for GET /appointments,
 * 1000 a minute for patients and appointments), which is for the caller to retry later, not for this client.
 */
import { type z } from 'zod';
import { PracticeManagementError } from '../practice-management';
import { NexEnvelope, NexToken } from './nexhealth-schemas';

/** The API version this adapter is written against; v3.0.0 is another name for it. */
export const NEXHEALTH_API_VERSION = 'v20240412';
export const NEXHEALTH_DEFAULT_URL = 'https://nexhealth.info';

const DEFAULT_TIMEOUT_MS = 30_000;
/** NexHealth allows up to 1000 per page; 100 keeps one answer small and still reads a day in one or two pages. */
export const NEXHEALTH_PAGE_SIZE = 100;
/** A guard against a cursor that never ends (a day's schedule is a few pages at most). */
const MAX_PAGES = 200;
/** Far above a day's answer; a larger one is a fault, not something to parse. */
const MAX_ANSWER_CHARS = 8 * 1024 * 1024;
/** Renew this long before the token's own expiry, so a request never leaves with a token about to lapse. */
const TOKEN_MARGIN_MS = 60_000;
/** When the token carries no readable expiry: under the documented hour of production. */
const TOKEN_FALLBACK_LIFETIME_MS = 55 * 60_000;
const RETRYABLE_STATUSES = new Set([408, 425, 429]);

export interface NexHealthClientOptions {
  /** Default https://nexhealth.info. */
  readonly baseUrl?: string;
  readonly apiKey: string;
  readonly fetch?: typeof fetch;
  readonly now?: () => Date;
  /** Each request's deadline; default 30 s. */
  readonly timeoutMs?: number;
}

export type QueryPairs = readonly (readonly [string, string])[];

export interface NexRequest {
  readonly method: 'GET' | 'POST' | 'PATCH';
  /** '/patients/123'. */
  readonly path: string;
  readonly query: QueryPairs;
  readonly body?: unknown;
  /** What the request asks for, for messages: 'appointments', 'a patient'. */
  readonly resource: string;
  readonly signal?: AbortSignal;
}

interface CachedToken {
  readonly token: string;
  readonly expiresAt: number;
}

export class NexHealthClient {
  private readonly doFetch: typeof fetch;
  private readonly now: () => Date;
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private cached: CachedToken | null = null;
  private pending: Promise<string> | null = null;

  constructor(private readonly options: NexHealthClientOptions) {
    this.doFetch = options.fetch ?? fetch;
    this.now = options.now ?? (() => new Date());
    this.baseUrl = (options.baseUrl ?? NEXHEALTH_DEFAULT_URL).replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  /** One resource: the envelope's `data`, checked against `schema`. */
  async one<T>(request: NexRequest, schema: z.ZodType<T>): Promise<T> {
    const envelope = await this.send(request);
    return parsed(schema, envelope.data, request.resource);
  }

  /** Every page of a list, following `page_info.end_cursor` until `has_next_page` is false. */
  async all<T>(request: NexRequest, item: z.ZodType<T>): Promise<T[]> {
    const items: T[] = [];
    const seen = new Set<string>();
    let cursor: string | null = null;
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const query: QueryPairs = [
        ...request.query,
        ['per_page', String(NEXHEALTH_PAGE_SIZE)],
        ...(cursor === null ? [] : [['end_cursor', cursor] as const]),
      ];
      const envelope = await this.send({ ...request, query });
      const data = envelope.data ?? [];
      if (!Array.isArray(data)) throw malformed(request.resource);
      items.push(...data.map((entry) => parsed(item, entry, request.resource)));
      if (envelope.page_info?.has_next_page !== true) return items;
      const next = envelope.page_info.end_cursor;
      // A missing or repeated cursor would loop forever or skip records: stop and say so.
      if (next === null || next === undefined || next === '' || seen.has(next)) {
        throw new PracticeManagementError(`NexHealth's paging of ${request.resource} did not advance`, false);
      }
      seen.add(next);
      cursor = next;
    }
    throw new PracticeManagementError(`NexHealth returned more pages of ${request.resource} than expected`, false);
  }

  private async send(request: NexRequest): Promise<NexEnvelope> {
    const token = await this.token();
    const response = await this.exchange(request, `Bearer ${token}`);
    if (response.status !== 401) return this.envelope(response, request.resource);
    // The token expired early or was revoked: forget it, authenticate once more, and try once more.
    await discard(response);
    this.forget(token);
    const renewed = await this.exchange(request, `Bearer ${await this.token()}`);
    if (renewed.status === 401) {
      await discard(renewed);
      throw new PracticeManagementError('NexHealth refused the renewed token', false);
    }
    return this.envelope(renewed, request.resource);
  }

  /** The cached token, or one authentication shared by every request waiting for it. */
  private async token(): Promise<string> {
    if (this.cached !== null && this.now().getTime() < this.cached.expiresAt) return this.cached.token;
    this.pending ??= this.authenticate().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  private forget(token: string): void {
    if (this.cached?.token === token) this.cached = null;
  }

  private async authenticate(): Promise<string> {
    // No caller's signal: the token is shared, one caller giving up must not fail the others waiting for it.
    const request: NexRequest = { method: 'POST', path: '/authenticates', query: [], resource: 'a token' };
    const response = await this.exchange(request, this.options.apiKey);
    if (response.status === 401 || response.status === 403) {
      await discard(response);
      throw new PracticeManagementError('NexHealth refused the API key', false);
    }
    const envelope = await this.envelope(response, request.resource);
    const { token } = parsed(NexToken, envelope.data, request.resource);
    this.cached = { token, expiresAt: this.expiryOf(token) };
    return token;
  }

  private expiryOf(token: string): number {
    const now = this.now().getTime();
    const exp = jwtExpiry(token);
    if (exp === null) return now + TOKEN_FALLBACK_LIFETIME_MS;
    // A clock apart from NexHealth's must not make every request authenticate again: keep it a minute at least.
    return Math.max(exp - TOKEN_MARGIN_MS, now + TOKEN_MARGIN_MS);
  }

  private async exchange(request: NexRequest, authorization: string): Promise<Response> {
    const url = new URL(this.baseUrl + request.path);
    for (const [key, value] of request.query) url.searchParams.append(key, value);
    const deadline = AbortSignal.timeout(this.timeoutMs);
    const signal = request.signal === undefined ? deadline : AbortSignal.any([deadline, request.signal]);
    try {
      return await this.doFetch(url, {
        method: request.method,
        headers: {
          accept: 'application/json, application/vnd.Nexhealth+json;version=2',
          authorization,
          'nex-api-version': NEXHEALTH_API_VERSION,
          ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
        signal,
      });
    } catch {
      throw unreachable(request, deadline);
    }
  }

  private async envelope(response: Response, resource: string): Promise<NexEnvelope> {
    if (!response.ok) {
      await discard(response);
      throw statusError(response.status, resource);
    }
    let text: string;
    try {
      text = await response.text();
    } catch {
      // The body stopped midway (the deadline or the connection): the same as not answering.
      throw new PracticeManagementError(`NexHealth did not finish its answer for ${resource}`, true);
    }
    if (text.length > MAX_ANSWER_CHARS) throw new PracticeManagementError(`NexHealth's answer for ${resource} is too large`, false);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new PracticeManagementError(`NexHealth answered malformed JSON for ${resource}`, false);
    }
    const envelope = NexEnvelope.safeParse(json);
    if (!envelope.success) throw malformed(resource);
    if (!envelope.data.code) throw new PracticeManagementError(`NexHealth could not answer for ${resource}`, false);
    return envelope.data;
  }

}

function unreachable(request: NexRequest, deadline: AbortSignal): unknown {
  // The caller gave up: its reason is what it expects back, not an error about NexHealth.
  if (request.signal?.aborted === true) return request.signal.reason as unknown;
  if (deadline.aborted) return new PracticeManagementError(`NexHealth did not answer in time for ${request.resource}`, true);
  return new PracticeManagementError('NexHealth could not be reached', true);
}

function statusError(status: number, resource: string): PracticeManagementError {
  if (status === 429) return new PracticeManagementError("NexHealth's rate limit was reached; try again shortly", true);
  if (status >= 500 || RETRYABLE_STATUSES.has(status)) {
    return new PracticeManagementError(`NexHealth answered ${status} for ${resource}`, true);
  }
  if (status === 401 || status === 403) {
    return new PracticeManagementError(`NexHealth denied access to ${resource} (${status}): check the office's subdomain and location`, false);
  }
  if (status === 404) return new PracticeManagementError(`NexHealth found no ${resource}`, false);
  return new PracticeManagementError(`NexHealth refused the request for ${resource} (${status})`, false);
}

function malformed(resource: string): PracticeManagementError {
  return new PracticeManagementError(`NexHealth answered ${resource} in an unexpected shape`, false);
}

function parsed<T>(schema: z.ZodType<T>, value: unknown, resource: string): T {
  const result = schema.safeParse(value);
  // The issues are left out on purpose: they can quote the values, and the values are patient data.
  if (!result.success) throw malformed(resource);
  return result.data;
}

async function discard(response: Response): Promise<void> {
  try {
    await response.body?.cancel();
  } catch {
    // Nothing to do: the body is dropped either way.
  }
}

/** The `exp` claim of a JWT in milliseconds, or null when the token is not a readable JWT. */
export function jwtExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (payload === undefined) return null;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const exp = typeof claims === 'object' && claims !== null ? (claims as { exp?: unknown }).exp : undefined;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}
