/**
 * The one way the SPA talks to the gateway (SPEC sections 7 and 8).
 *
 * - Authenticated calls carry `Authorization: Bearer <token>` and `Connected-Dental-Office: <current office>`;
 *   every call carries `x-organization-id` once the organization is known (hosts that do not name one).
 * - GET and HEAD put the payload into the query string; POST, PUT, PATCH and DELETE send it as a JSON body.
 * - A call never throws: it resolves to an HttpResult. Without an HTTP status (network error, timeout) the status
 *   is DEFAULT_STATUS; a call unanswered after REQUEST_TIMEOUT_MS ends with the error 'Request timeout'.
 * - A PDF reply is read as a file (any successful reply with `read: 'file'`), a HEAD reply exposes its etag, a
 *   body that is not JSON is logged.
 * - 401, 403 and the 'Dental Office not found' 404 of an authenticated call are reported to `onAuthFailure`,
 *   which decides the toast and the redirect (see auth-failure.ts).
 *
 * `fetch` is a dependency so tests drive the client with a tiny fake instead of a network.
 */
import { DEFAULT_STATUS, MESSAGES, OFFICE_HEADER, REQUEST_TIMEOUT_MS } from '@dv/contracts';
import { abortable } from '../platform/abortable';
import { isOfficeNotFound } from './auth-failure';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type FetchFn = (url: string, init: RequestInit) => Promise<Response>;

export const HEADER_ORGANIZATION = 'x-organization-id';

export type RequestOptions = {
  method?: HttpMethod;
  /** Query parameters for GET and HEAD, the JSON body otherwise. */
  payload?: unknown;
  /** false for the public calls (flags, identity provider settings, organization lookup). Default true. */
  authenticated?: boolean;
  /** A token to use instead of the session's (e.g. right after sign-in). */
  token?: string;
  signal?: AbortSignal;
  /** 'file': a successful reply's body is `file` whatever its type (attachments, images). */
  read?: 'file';
  /** The office to act for instead of the current one (a company user working on one office's data). */
  officeId?: string;
};

export type HttpResult<T> = {
  ok: boolean;
  /** HTTP status, or DEFAULT_STATUS when there was no reply. */
  status: number;
  /** The JSON body. */
  data?: T;
  /** The body of a PDF reply, or of any reply read as a file. */
  file?: Blob;
  /** The etag header of a HEAD reply. */
  etag?: string;
  /** Why the call failed: the server's message, the network error or 'Request timeout'. */
  error?: string;
};

export type AuthFailure = {
  status: number;
  /** The API path called, without the query string. */
  endpoint: string;
  body: unknown;
};

export type HttpClientDeps = {
  fetch: FetchFn;
  /** Prefix of every path; '' for the page's own origin. */
  baseUrl?: string;
  getAccessToken: () => string | null | undefined;
  getOfficeId: () => string | null | undefined;
  getOrganizationId: () => string | null | undefined;
  onAuthFailure?: (failure: AuthFailure) => void;
  log?: (message: string, details: Record<string, unknown>) => void;
  timeoutMs?: number;
};

export type HttpClient = {
  request<T = unknown>(path: string, options?: RequestOptions): Promise<HttpResult<T>>;
  get<T = unknown>(path: string, payload?: unknown, options?: Omit<RequestOptions, 'method' | 'payload'>): Promise<HttpResult<T>>;
  head(path: string, payload?: unknown, options?: Omit<RequestOptions, 'method' | 'payload'>): Promise<HttpResult<never>>;
  post<T = unknown>(path: string, payload?: unknown, options?: Omit<RequestOptions, 'method' | 'payload'>): Promise<HttpResult<T>>;
  put<T = unknown>(path: string, payload?: unknown, options?: Omit<RequestOptions, 'method' | 'payload'>): Promise<HttpResult<T>>;
  patch<T = unknown>(path: string, payload?: unknown, options?: Omit<RequestOptions, 'method' | 'payload'>): Promise<HttpResult<T>>;
  delete<T = unknown>(path: string, payload?: unknown, options?: Omit<RequestOptions, 'method' | 'payload'>): Promise<HttpResult<T>>;
};

const QUERY_METHODS: ReadonlySet<HttpMethod> = new Set(['GET', 'HEAD']);

/** '/api/x' + {a: 1, b: [2, 3]} -> '/api/x?a=1&b=2&b=3'; null and undefined values are left out. */
export function withQuery(path: string, payload: unknown): string {
  if (payload === undefined || payload === null || typeof payload !== 'object') return path;
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(payload as Record<string, unknown>)) {
    const values: unknown[] = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item === undefined || item === null) continue;
      query.append(name, typeof item === 'string' ? item : JSON.stringify(item));
    }
  }
  const text = query.toString();
  if (text === '') return path;
  return `${path}${path.includes('?') ? '&' : '?'}${text}`;
}

function endpointOf(path: string): string {
  return path.split('?', 1)[0] ?? path;
}

function errorMessageOf(body: unknown, response: Response): string {
  if (typeof body === 'object' && body !== null) {
    const { message, error } = body as { message?: unknown; error?: unknown };
    if (typeof message === 'string' && message !== '') return message;
    if (typeof error === 'string' && error !== '') return error;
  }
  if (typeof body === 'string' && body !== '') return body;
  return response.statusText || `HTTP ${response.status}`;
}

function isPdf(response: Response): boolean {
  return (response.headers.get('content-type') ?? '').toLowerCase().includes('application/pdf');
}

export function createHttpClient(deps: HttpClientDeps): HttpClient {
  const timeoutMs = deps.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const baseUrl = deps.baseUrl ?? '';
  const log = deps.log ?? ((message: string, details: Record<string, unknown>) => console.warn(message, details));

  function headersFor(options: RequestOptions, hasBody: boolean): Record<string, string> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (hasBody) headers['Content-Type'] = 'application/json';
    const organizationId = deps.getOrganizationId();
    if (organizationId) headers[HEADER_ORGANIZATION] = organizationId;
    if (options.authenticated !== false) {
      const token = options.token ?? deps.getAccessToken();
      if (token) headers.Authorization = `Bearer ${token}`;
      const officeId = options.officeId ?? deps.getOfficeId();
      if (officeId) headers[OFFICE_HEADER] = officeId;
    }
    return headers;
  }

  async function readReply<T>(response: Response, method: HttpMethod, endpoint: string, asFile: boolean): Promise<HttpResult<T>> {
    const result: HttpResult<T> = { ok: response.ok, status: response.status };
    if (method === 'HEAD') {
      const etag = response.headers.get('etag');
      if (etag !== null) result.etag = etag;
      if (!response.ok) result.error = response.statusText || `HTTP ${response.status}`;
      return result;
    }
    if (response.ok && (asFile || isPdf(response))) {
      result.file = await response.blob();
      return result;
    }
    const text = await response.text();
    let body: unknown = undefined;
    if (text !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        log(MESSAGES.BODY_IS_NOT_JSON, { endpoint, status: response.status });
        body = text;
      }
    }
    if (response.ok) {
      if (typeof body !== 'string' && body !== undefined) result.data = body as T;
    } else {
      result.error = errorMessageOf(body, response);
      if (typeof body === 'object' && body !== null) result.data = body as T;
    }
    return result;
  }

  async function send<T>(path: string, options: RequestOptions): Promise<HttpResult<T>> {
    const method = options.method ?? 'GET';
    const inQuery = QUERY_METHODS.has(method);
    const hasBody = !inQuery && options.payload !== undefined;
    const url = `${baseUrl}${inQuery ? withQuery(path, options.payload) : path}`;
    const endpoint = endpointOf(path);
    const headers = headersFor(options, hasBody);

    // One signal ends the call, reading the reply included: the caller's, or the timeout.
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;

    let result: HttpResult<T>;
    try {
      const init: RequestInit = { method, headers, signal };
      if (hasBody) init.body = JSON.stringify(options.payload);
      const response = await abortable(deps.fetch(url, init), signal);
      result = await abortable(readReply<T>(response, method, endpoint, options.read === 'file'), signal);
    } catch (error) {
      const message = timeout.aborted ? MESSAGES.REQUEST_TIMEOUT : error instanceof Error ? error.message : String(error);
      return { ok: false, status: DEFAULT_STATUS, error: message };
    }

    const authenticated = options.authenticated !== false;
    if (
      authenticated &&
      (result.status === 401 || result.status === 403 || isOfficeNotFound(result.status, result.data))
    ) {
      deps.onAuthFailure?.({ status: result.status, endpoint, body: result.data });
    }
    return result;
  }

  const shortcut =
    (method: HttpMethod) =>
    <T,>(path: string, payload?: unknown, options: Omit<RequestOptions, 'method' | 'payload'> = {}) =>
      send<T>(path, { ...options, method, payload });

  return {
    request: <T,>(path: string, options: RequestOptions = {}) => send<T>(path, options),
    get: shortcut('GET'),
    head: shortcut('HEAD'),
    post: shortcut('POST'),
    put: shortcut('PUT'),
    patch: shortcut('PATCH'),
    delete: shortcut('DELETE'),
  };
}
