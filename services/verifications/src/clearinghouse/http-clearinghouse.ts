/**
 * The production adapter of the clearinghouse port: posts the 270 to the clearinghouse's real-time eligibility
 * API and returns the 271 text. Selected only when CLEARINGHOUSE_URL is configured (service.ts); the sandbox
 * clearinghouse answers otherwise.
 *
 * Wire format (what raw-X12 eligibility APIs of clearinghouses accept): POST {url} with the API key in the
 * configured header (`Authorization: Bearer <key>` by default), body `{ "x12": "<270>" }`; the answer is
 * `{ "x12": "<271>" }` as JSON, or the 271 itself as text. A 5xx, 408 or 429 answer and network failures are
 * transient (`retryable`); another 4xx means the clearinghouse refused the inquiry.
 */
import { ClearinghouseError, type Clearinghouse, type EligibilityOptions } from './clearinghouse';

export interface HttpClearinghouseOptions {
  readonly url: string;
  readonly apiKey: string;
  /** Default `authorization`. */
  readonly authHeader?: string;
  /** Default 'Bearer'; empty sends the bare key. */
  readonly authScheme?: string;
  readonly timeoutMs?: number;
  readonly fetch?: typeof fetch;
}

const RETRYABLE_STATUSES = new Set([408, 425, 429]);
/** Longest answer read: a 271 of a large family plan is well under a megabyte. */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

export class HttpClearinghouse implements Clearinghouse {
  private readonly doFetch: typeof fetch;

  constructor(private readonly options: HttpClearinghouseOptions) {
    this.doFetch = options.fetch ?? fetch;
  }

  async eligibility(x270: string, { signal }: EligibilityOptions = {}): Promise<string> {
    const scheme = this.options.authScheme ?? 'Bearer';
    let response: Response;
    try {
      response = await this.doFetch(this.options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/plain, application/edi-x12',
          [this.options.authHeader ?? 'authorization']: scheme === '' ? this.options.apiKey : `${scheme} ${this.options.apiKey}`,
        },
        body: JSON.stringify({ x12: x270 }),
        signal: AbortSignal.any([AbortSignal.timeout(this.options.timeoutMs ?? 30_000), ...(signal === undefined ? [] : [signal])]),
      });
    } catch (error) {
      // DOMException from AbortSignal.timeout (not always `instanceof Error` across realms): read its name.
      const name = typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;
      const timedOut = name === 'TimeoutError' || name === 'AbortError';
      throw new ClearinghouseError(timedOut ? 'The clearinghouse did not answer in time' : 'The clearinghouse could not be reached', true);
    }
    if (!response.ok) {
      await response.body?.cancel();
      const retryable = response.status >= 500 || RETRYABLE_STATUSES.has(response.status);
      throw new ClearinghouseError(`The clearinghouse answered ${response.status}`, retryable, response.status);
    }
    const text = await response.text();
    if (text.length > MAX_ANSWER_BYTES) throw new ClearinghouseError('The clearinghouse answer is too large', false);
    const type = response.headers.get('content-type') ?? '';
    if (!type.includes('json')) return text;
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new ClearinghouseError('The clearinghouse answered malformed JSON', false);
    }
    const x12 = typeof body === 'object' && body !== null ? (body as { x12?: unknown }).x12 : undefined;
    if (typeof x12 !== 'string' || x12 === '') throw new ClearinghouseError('The clearinghouse answer has no x12 text', false);
    return x12;
  }
}
