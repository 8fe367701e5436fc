/**
 * Drives the sign-in as a browser would, with plain fetch: a cookie jar, redirects followed by hand. Used by this
 * package's tests and by other packages' integration tests that want a token from a real authorization-code flow.
 */
import { createHash, randomBytes } from 'node:crypto';

interface StoredCookie {
  readonly value: string;
  readonly path: string;
  readonly expiresAt: number | null;
}

/** A minimal browser: per-origin cookies (with paths and expiry), no automatic redirects. */
export class BrowserSession {
  private readonly cookies = new Map<string, StoredCookie>();

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
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
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
}

export interface CodeFlowTokens {
  readonly access_token: string;
  readonly id_token?: string;
  readonly refresh_token?: string;
  readonly token_type: string;
  readonly expires_in: number;
  readonly scope?: string;
}

/** Signs in through the sign-in page with authorization code + PKCE and exchanges the code for tokens. */
export async function signInWithCodeFlow(options: CodeFlowOptions): Promise<CodeFlowTokens> {
  const clientId = options.clientId ?? 'verific-web';
  const redirectUri = options.redirectUri ?? 'http://localhost:8080/handleLogin';
  const browser = new BrowserSession();
  const { verifier, challenge } = pkcePair();
  const state = randomBytes(16).toString('base64url');
  const authorize = new URL('/auth', options.baseUrl);
  authorize.search = new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: options.scope ?? 'openid profile email offline_access api',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
  }).toString();

  const toSignIn = await browser.follow(await browser.get(authorize), options.baseUrl, redirectUri);
  const page = toSignIn.response;
  const uid = /\/interaction\/([^/"]+)\/login/.exec(await page.text())?.[1];
  if (page.status !== 200 || uid === undefined) throw new Error(`no sign-in page (status ${page.status})`);

  const signedIn = await browser.postForm(new URL(`/interaction/${uid}/login`, options.baseUrl), {
    email: options.email,
    password: options.password,
  });
  const callback = await browser.follow(signedIn, options.baseUrl, redirectUri);
  const code = callback.location?.searchParams.get('code');
  if (!callback.location || !code) throw new Error(`sign-in did not reach the redirect URI (status ${callback.response.status})`);
  if (callback.location.searchParams.get('state') !== state) throw new Error('state mismatch');

  const token = await fetch(new URL('/token', options.baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: clientId,
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    }).toString(),
  });
  if (!token.ok) throw new Error(`token request failed: ${token.status} ${await token.text()}`);
  return (await token.json()) as CodeFlowTokens;
}
