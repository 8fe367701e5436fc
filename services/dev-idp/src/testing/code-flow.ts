/**
 * Drives the sign-in as a browser would, with plain fetch: a cookie jar, redirects followed by hand. Used by this
 * package's tests and by other packages' integration tests that want a token from a real authorization-code flow.
 */
import { createHash, randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';

interface StoredCookie {
  readonly value: string;
  readonly path: string;
  readonly expiresAt: number | null;
}

/**
 * fetch over node:http from a chosen local address (any of 127.0.0.0/8 on loopback), so a test can be several
 * clients: the provider counts failed sign-ins per client address. Plain http only.
 */
function fetchFromAddress(localAddress: string) {
  return (url: URL, init: { method?: string; headers: Headers; body?: string }): Promise<Response> =>
    new Promise((resolve, reject) => {
      const outgoing = httpRequest(
        url,
        { method: init.method ?? 'GET', headers: Object.fromEntries(init.headers), localAddress },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('error', reject);
          incoming.on('end', () => {
            const headers = new Headers();
            for (let index = 0; index + 1 < incoming.rawHeaders.length; index += 2) {
              headers.append(incoming.rawHeaders[index] ?? '', incoming.rawHeaders[index + 1] ?? '');
            }
            const status = incoming.statusCode ?? 500;
            resolve(new Response(status === 204 || status === 304 ? null : Buffer.concat(chunks), { status, headers }));
          });
        },
      );
      outgoing.on('error', reject);
      outgoing.end(init.body);
    });
}

/** A minimal browser: per-origin cookies (with paths and expiry), no automatic redirects. */
export class BrowserSession {
  private readonly cookies = new Map<string, StoredCookie>();

  /** `localAddress`: the address requests come from (default: the system's choice). */
  constructor(private readonly options: { readonly localAddress?: string } = {}) {}

  private key(origin: string, name: string, path: string) {
    return `${origin}\u0000${name}\u0000${path}`;
  }

  private cookieHeader(url: URL): string {
    const now = Date.now();
    const pairs: string[] = [];
    for (const [key, cookie] of this.cookies) {
      const [origin, name] = key.split('\u0000');
      if (origin !== url.origin) continue;
      if (cookie.expiresAt !== null && cookie.expiresAt <= now) continue;
      const pathMatches =
        url.pathname === cookie.path ||
        url.pathname.startsWith(cookie.path.endsWith('/') ? cookie.path : `${cookie.path}/`);
      if (pathMatches) pairs.push(`${name}=${cookie.value}`);
    }
    return pairs.join('; ');
  }

  private store(url: URL, response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      let path = '/';
      let expiresAt: number | null = null;
      for (const attribute of attributes) {
        const [attributeName = '', attributeValue = ''] = attribute.split('=');
        switch (attributeName.toLowerCase()) {
          case 'path':
            path = attributeValue || '/';
            break;
          case 'expires':
            expiresAt ??= Date.parse(attributeValue);
            break;
          case 'max-age':
            expiresAt = Date.now() + Number(attributeValue) * 1000;
            break;
        }
      }
      this.cookies.set(this.key(url.origin, name, path), { value, path, expiresAt });
    }
  }

  async request(input: string | URL, init: RequestInit = {}): Promise<Response> {
    const url = new URL(input);
    const headers = new Headers(init.headers);
    const cookie = this.cookieHeader(url);
    if (cookie) headers.set('cookie', cookie);
    const { localAddress } = this.options;
    const response =
      localAddress === undefined
        ? await fetch(url, { ...init, headers, redirect: 'manual' })
        : await fetchFromAddress(localAddress)(url, {
            headers,
            ...(init.method === undefined ? {} : { method: init.method }),
            ...(typeof init.body === 'string' ? { body: init.body } : {}),
          });
    this.store(url, response);
    return response;
  }

  get(url: string | URL): Promise<Response> {
    return this.request(url);
  }

  postForm(url: string | URL, form: Record<string, string>): Promise<Response> {
    return this.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
  }

  /** Follows redirects from `response` until one leaves for `stopAt`, or a page (non-redirect) answers. */
  async follow(response: Response, base: string, stopAt: string): Promise<{ location?: URL; response: Response }> {
    let current = response;
    for (let hop = 0; hop < 10; hop += 1) {
      const location = current.headers.get('location');
      if (current.status < 300 || current.status >= 400 || location === null) return { response: current };
      const next = new URL(location, base);
      if (next.href.startsWith(stopAt)) return { location: next, response: current };
      current = await this.get(next);
    }
    throw new Error('too many redirects');
  }
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export interface CodeFlowOptions {
  /** Where the provider is reached (its issuer, or the loopback URL start() returned). */
  readonly baseUrl: string;
  readonly email: string;
  readonly password: string;
  readonly clientId?: string;
  readonly redirectUri?: string;
  readonly scope?: string;
  /** The address the browser's requests come from (a loopback address of 127.0.0.0/8). */
  readonly localAddress?: string;
}

const DEFAULT_REDIRECT_URI = 'http://localhost:8080/handleLogin';

export interface CodeFlowTokens {
  readonly access_token: string;
  readonly id_token?: string;
  readonly refresh_token?: string;
  readonly token_type: string;
  readonly expires_in: number;
  readonly scope?: string;
}

export interface SignInPage {
  readonly browser: BrowserSession;
  /** The interaction whose form POST /interaction/:uid/login takes the email and password. */
  readonly uid: string;
  readonly state: string;
  readonly verifier: string;
}

/** Starts an authorization request (code + PKCE) and opens its sign-in page. */
export async function openSignInPage(options: Omit<CodeFlowOptions, 'email' | 'password'>): Promise<SignInPage> {
  const browser = new BrowserSession(options.localAddress === undefined ? {} : { localAddress: options.localAddress });
  const { verifier, challenge } = pkcePair();
  const state = randomBytes(16).toString('base64url');
  const authorize = new URL('/auth', options.baseUrl);
  authorize.search = new URLSearchParams({
    client_id: options.clientId ?? 'verific-web',
    redirect_uri: options.redirectUri ?? DEFAULT_REDIRECT_URI,
    response_type: 'code',
    scope: options.scope ?? 'openid profile email offline_access api',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
  }).toString();
  const toSignIn = await browser.follow(await browser.get(authorize), options.baseUrl, options.redirectUri ?? DEFAULT_REDIRECT_URI);
  const page = toSignIn.response;
  const uid = /\/interaction\/([^/"]+)\/login/.exec(await page.text())?.[1];
  if (page.status !== 200 || uid === undefined) throw new Error(`no sign-in page (status ${page.status})`);
  return { browser, uid, state, verifier };
}

/** Posts the sign-in form of an open page; the provider answers with a redirect, or the page again (401, 429). */
export function submitSignIn(baseUrl: string, page: SignInPage, email: string, password: string): Promise<Response> {
  return page.browser.postForm(new URL(`/interaction/${page.uid}/login`, baseUrl), { email, password });
}

export interface SignedInSession {
  readonly tokens: CodeFlowTokens;
  /**
   * Ends the session at the provider as the SPA's sign-out does (end-session with id_token_hint, confirmed when
   * the provider asks), in the same browser.
   */
  signOut(): Promise<void>;
}

/** Signs in through the sign-in page with authorization code + PKCE and exchanges the code for tokens. */
export async function signInSession(options: CodeFlowOptions): Promise<SignedInSession> {
  const clientId = options.clientId ?? 'verific-web';
  const redirectUri = options.redirectUri ?? DEFAULT_REDIRECT_URI;
  const page = await openSignInPage(options);
  const { browser } = page;
  const signedIn = await submitSignIn(options.baseUrl, page, options.email, options.password);
  const callback = await browser.follow(signedIn, options.baseUrl, redirectUri);
  const code = callback.location?.searchParams.get('code');
  if (!callback.location || !code) throw new Error(`sign-in did not reach the redirect URI (status ${callback.response.status})`);
  if (callback.location.searchParams.get('state') !== page.state) throw new Error('state mismatch');

  const token = await fetch(new URL('/token', options.baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: clientId,
      code,
      redirect_uri: redirectUri,
      code_verifier: page.verifier,
    }).toString(),
  });
  if (!token.ok) throw new Error(`token request failed: ${token.status} ${await token.text()}`);
  const tokens = (await token.json()) as CodeFlowTokens;

  async function signOut(): Promise<void> {
    const postLogout = `${new URL(redirectUri).origin}/sessionEnd`;
    const endSession = new URL('/session/end', options.baseUrl);
    endSession.search = new URLSearchParams({
      client_id: clientId,
      post_logout_redirect_uri: postLogout,
      ...(tokens.id_token === undefined ? {} : { id_token_hint: tokens.id_token }),
    }).toString();
    let response = await browser.get(endSession);
    if (response.status === 200) {
      // The provider asks "Do you want to sign out?": confirm as the button does.
      const html = await response.text();
      const action = /action="([^"]+)"/.exec(html)?.[1];
      const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
      if (action === undefined || xsrf === undefined) throw new Error('no sign-out form');
      response = await browser.postForm(new URL(action, options.baseUrl), { xsrf, logout: 'yes' });
    }
    const back = await browser.follow(response, options.baseUrl, postLogout);
    if (back.location === undefined) throw new Error(`sign-out did not return to the app (status ${back.response.status})`);
  }

  return { tokens, signOut };
}

/** Signs in through the sign-in page with authorization code + PKCE and exchanges the code for tokens. */
export async function signInWithCodeFlow(options: CodeFlowOptions): Promise<CodeFlowTokens> {
  return (await signInSession(options)).tokens;
}
