import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { createDevIdp, DEFAULT_ACCESS_TOKEN_TTL_SECONDS, DEFAULT_AUDIENCE, type DevIdp, WEB_CLIENT_ID } from './app';
import { SessionClaims as ContractSessionClaims } from '@dv/contracts';
import { IssuedSessionClaims } from './claims';
import { SIGN_IN_ERROR } from './pages';
import { BrowserSession, pkcePair, signInWithCodeFlow, silentLogger } from './testing';

const REDIRECT_URI = 'http://localhost:8080/handleLogin';

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  end_session_endpoint: string;
  revocation_endpoint: string;
  code_challenge_methods_supported: string[];
  response_types_supported: string[];
  grant_types_supported: string[];
  claims_supported: string[];
  scopes_supported: string[];
}

let idp: DevIdp;
let url: string;
let discovery: Discovery;

beforeAll(async () => {
  idp = createDevIdp({ logger: silentLogger });
  ({ url } = await idp.start());
  discovery = (await (await fetch(`${url}/.well-known/openid-configuration`)).json()) as Discovery;
});

afterAll(() => idp.close());

function authorizeUrl(params: Record<string, string>): URL {
  const authorize = new URL(discovery.authorization_endpoint);
  authorize.search = new URLSearchParams({
    client_id: WEB_CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    scope: 'openid profile email offline_access api',
    state: 'state-1',
    ...params,
  }).toString();
  return authorize;
}

function tokenRequest(form: Record<string, string>): Promise<Response> {
  return fetch(discovery.token_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: WEB_CLIENT_ID, ...form }).toString(),
  });
}

async function verifyAccessToken(token: string) {
  const jwks = createRemoteJWKSet(new URL(discovery.jwks_uri));
  return jwtVerify(token, jwks, {
    issuer: url,
    audience: DEFAULT_AUDIENCE,
    typ: 'at+jwt',
    algorithms: ['RS256'],
  });
}

/** Starts an authorization request and returns the sign-in page's interaction uid. */
async function openSignInPage(browser: BrowserSession, challenge: string) {
  const started = await browser.get(authorizeUrl({ code_challenge: challenge, code_challenge_method: 'S256' }));
  expect(started.status).toBe(303);
  const interactionUrl = new URL(started.headers.get('location') ?? '', url);
  expect(interactionUrl.pathname).toMatch(/^\/interaction\/[\w-]+$/);
  const page = await browser.get(interactionUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  const uid = interactionUrl.pathname.split('/')[2] ?? '';
  return { uid, html };
}

describe('discovery and keys', () => {
  it('publishes the endpoints, PKCE S256 only, the code flow and the session claims', () => {
    expect(discovery.issuer).toBe(url);
    expect(discovery.authorization_endpoint).toBe(`${url}/auth`);
    expect(discovery.token_endpoint).toBe(`${url}/token`);
    expect(discovery.jwks_uri).toBe(`${url}/jwks`);
    expect(discovery.end_session_endpoint).toBe(`${url}/session/end`);
    expect(discovery.revocation_endpoint).toBe(`${url}/token/revocation`);
    expect(discovery.code_challenge_methods_supported).toEqual(['S256']);
    expect(discovery.response_types_supported).toEqual(['code']);
    expect(discovery.grant_types_supported).toEqual(expect.arrayContaining(['authorization_code', 'refresh_token']));
    expect(discovery.scopes_supported).toEqual(expect.arrayContaining(['openid', 'offline_access', 'profile', 'email']));
    expect(discovery.claims_supported).toEqual(
      expect.arrayContaining(['sub', 'email', 'name', 'roles', 'allowedOfficeIds', 'org', 'paymentType', 'planType']),
    );
  });

  it('serves the public signing key, and nothing private, at the JWKS endpoint', async () => {
    const response = await fetch(discovery.jwks_uri);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { keys: Record<string, unknown>[] };
    expect(body.keys).toHaveLength(1);
    expect(body.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: idp.jwks.keys[0]?.kid });
    for (const privateMember of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(body.keys[0]).not.toHaveProperty(privateMember);
    expect(idp.jwks.keys[0]).not.toHaveProperty('d');
  });

  it('answers /healthz', async () => {
    const response = await fetch(`${url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('answers a browser asking for its icon without an error status (a 404 is a console error on every page)', async () => {
    const response = await fetch(`${url}/favicon.ico`);
    expect(response.status).toBe(204);
  });
});

describe('authorization code + PKCE', () => {
  it('signs staff@demo.test in and issues an RFC 9068 access token for the API with the session claims', async () => {
    const browser = new BrowserSession();
    const { verifier, challenge } = pkcePair();

    const { uid, html } = await openSignInPage(browser, challenge);
    expect(html).toContain('<label for="email">Email</label>');
    expect(html).toContain('<label for="password">Password</label>');
    expect(html).toContain('autocomplete="current-password"');

    const signedIn = await browser.postForm(`${url}/interaction/${uid}/login`, {
      email: 'staff@demo.test',
      password: 'demo',
    });
    expect(signedIn.status).toBe(303);
    const { location } = await browser.follow(signedIn, url, REDIRECT_URI);
    expect(location?.origin + (location?.pathname ?? '')).toBe(REDIRECT_URI);
    expect(location?.searchParams.get('state')).toBe('state-1');
    expect(location?.searchParams.get('iss')).toBe(url);
    const code = location?.searchParams.get('code') ?? '';
    expect(code).not.toBe('');

    const response = await tokenRequest({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    });
    expect(response.status).toBe(200);
    const tokens = (await response.json()) as Record<string, unknown>;
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: DEFAULT_ACCESS_TOKEN_TTL_SECONDS, scope: 'api' });
    expect(typeof tokens.refresh_token).toBe('string');
    expect(typeof tokens.id_token).toBe('string');

    const { payload, protectedHeader } = await verifyAccessToken(String(tokens.access_token));
    expect(protectedHeader).toMatchObject({ alg: 'RS256', typ: 'at+jwt', kid: idp.jwks.keys[0]?.kid });
    expect(payload).toMatchObject({
      iss: url,
      aud: DEFAULT_AUDIENCE,
      sub: 'user-staff',
      client_id: WEB_CLIENT_ID,
      scope: 'api',
      email: 'staff@demo.test',
      name: 'Taylor Staff',
      org: 'org-demo',
      roles: ['staff'],
      allowedOfficeIds: ['office-demo-1'],
      officeId: 'office-demo-1',
      paymentType: 'auto',
      planType: 'standard',
      integration: { subdomain: 'bright-smiles-main' },
      editGlobalCustomization: false,
      editGlobalCarriers: false,
      appMetadata: { orgId: 'org-demo', groupIds: [] },
    });
    const { iss: _iss, aud: _aud, sub: _sub, jti: _jti, iat: _iat, exp: _exp, scope: _scope, client_id: _client, ...session } =
      payload;
    expect(IssuedSessionClaims.parse(session)).toEqual(session);
    expect(ContractSessionClaims.safeParse(payload).success).toBe(true);
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(DEFAULT_ACCESS_TOKEN_TTL_SECONDS);

    // The ID token is for the SPA (audience = client id) and carries the same session claims.
    const idToken = await jwtVerify(String(tokens.id_token), createRemoteJWKSet(new URL(discovery.jwks_uri)), {
      issuer: url,
      audience: WEB_CLIENT_ID,
    });
    expect(decodeProtectedHeader(String(tokens.id_token)).typ).not.toBe('at+jwt');
    expect(idToken.payload).toMatchObject({ sub: 'user-staff', email: 'staff@demo.test', roles: ['staff'], org: 'org-demo' });
  });

  it('gives a multi-office user roles keyed by office id', async () => {
    const tokens = await signInWithCodeFlow({ baseUrl: url, email: 'staffmanager@demo.test', password: 'demo' });
    const { payload } = await verifyAccessToken(tokens.access_token);
    expect(payload).toMatchObject({
      roles: { 'office-demo-1': ['staffmanager'], 'office-demo-2': ['staff'] },
      allowedOfficeIds: ['office-demo-1', 'office-demo-2'],
    });
  });

  it('signs in without the api scope too: the token is still for the API audience', async () => {
    const tokens = await signInWithCodeFlow({ baseUrl: url, email: 'agent@demo.test', password: 'demo', scope: 'openid' });
    const { payload } = await verifyAccessToken(tokens.access_token);
    expect(payload).toMatchObject({ aud: DEFAULT_AUDIENCE, roles: ['agent'], allowedOfficeIds: [] });
  });

  it('answers a signed-in browser at once (prompt=none), and a signed-out one with login_required', async () => {
    const browser = new BrowserSession();
    const { challenge } = pkcePair();
    const { uid } = await openSignInPage(browser, challenge);
    const signedIn = await browser.postForm(`${url}/interaction/${uid}/login`, { email: 'staff@demo.test', password: 'demo' });
    await browser.follow(signedIn, url, REDIRECT_URI);

    const silent = await browser.get(authorizeUrl({ prompt: 'none', code_challenge: challenge, code_challenge_method: 'S256' }));
    expect(new URL(silent.headers.get('location') ?? '').searchParams.get('code')).toEqual(expect.any(String));

    const stranger = await new BrowserSession().get(
      authorizeUrl({ prompt: 'none', code_challenge: challenge, code_challenge_method: 'S256' }),
    );
    expect(new URL(stranger.headers.get('location') ?? '').searchParams.get('error')).toBe('login_required');
  });

  it('refuses an authorization request without a PKCE challenge, or with the plain method', async () => {
    const browser = new BrowserSession();
    const requests: Record<string, string>[] = [{}, { code_challenge: pkcePair().challenge, code_challenge_method: 'plain' }];
    for (const params of requests) {
      const response = await browser.get(authorizeUrl(params));
      expect(response.status).toBe(303);
      const location = new URL(response.headers.get('location') ?? '');
      expect(location.origin + location.pathname).toBe(REDIRECT_URI);
      expect(location.searchParams.get('error')).toBe('invalid_request');
      expect(location.searchParams.get('code')).toBeNull();
    }
  });

  it('refuses a code exchanged with the wrong verifier', async () => {
    const browser = new BrowserSession();
    const { challenge } = pkcePair();
    const { uid } = await openSignInPage(browser, challenge);
    const signedIn = await browser.postForm(`${url}/interaction/${uid}/login`, { email: 'staff@demo.test', password: 'demo' });
    const { location } = await browser.follow(signedIn, url, REDIRECT_URI);
    const response = await tokenRequest({
      grant_type: 'authorization_code',
      code: location?.searchParams.get('code') ?? '',
      redirect_uri: REDIRECT_URI,
      code_verifier: pkcePair().verifier,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('shows the error on a wrong password or an unknown email and issues nothing', async () => {
    const browser = new BrowserSession();
    const { uid } = await openSignInPage(browser, pkcePair().challenge);

    for (const attempt of [
      { email: 'staff@demo.test', password: 'wrong' },
      { email: 'nobody@demo.test', password: 'demo' },
      { email: '', password: '' },
    ]) {
      const response = await browser.postForm(`${url}/interaction/${uid}/login`, attempt);
      expect(response.status).toBe(401);
      expect(response.headers.get('location')).toBeNull();
      expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith('_session='))).toBe(false);
      const html = await response.text();
      expect(html).toContain(`role="alert">${SIGN_IN_ERROR}</p>`);
      expect(html).toContain('aria-invalid="true"');
    }

    // Still waiting at the sign-in page: no session and no code exist for this request.
    const page = await browser.get(`${url}/interaction/${uid}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<h1>Sign in</h1>');
  });

  it('escapes what the user typed when showing the page again', async () => {
    const browser = new BrowserSession();
    const { uid } = await openSignInPage(browser, pkcePair().challenge);
    const response = await browser.postForm(`${url}/interaction/${uid}/login`, {
      email: '"><script>alert(1)</script>',
      password: 'x',
    });
    const html = await response.text();
    expect(html).not.toContain('<script>');
    expect(html).toContain('&quot;&gt;&lt;script&gt;');
  });

  it('answers an interaction without its cookie with an error page', async () => {
    const browser = new BrowserSession();
    const { uid } = await openSignInPage(browser, pkcePair().challenge);
    const stranger = await fetch(`${url}/interaction/${uid}`);
    expect(stranger.status).toBe(400);
    expect(await stranger.text()).toContain('Go back to the application and sign in again.');
  });

  it('ends the request with access_denied when the user cancels', async () => {
    const browser = new BrowserSession();
    const { uid } = await openSignInPage(browser, pkcePair().challenge);
    const cancelled = await browser.get(`${url}/interaction/${uid}/abort`);
    const { location } = await browser.follow(cancelled, url, REDIRECT_URI);
    expect(location?.searchParams.get('error')).toBe('access_denied');
    expect(location?.searchParams.get('code')).toBeNull();
  });
});

describe('refresh tokens', () => {
  it('rotates on use and rejects a used refresh token, revoking its successor too', async () => {
    const first = await signInWithCodeFlow({ baseUrl: url, email: 'staff@demo.test', password: 'demo' });
    const firstRefresh = first.refresh_token ?? '';

    const refreshed = await tokenRequest({ grant_type: 'refresh_token', refresh_token: firstRefresh });
    expect(refreshed.status).toBe(200);
    const second = (await refreshed.json()) as { access_token: string; refresh_token: string };
    expect(second.refresh_token).toEqual(expect.any(String));
    expect(second.refresh_token).not.toBe(firstRefresh);
    const { payload } = await verifyAccessToken(second.access_token);
    expect(payload).toMatchObject({ sub: 'user-staff', roles: ['staff'], aud: DEFAULT_AUDIENCE });

    const reused = await tokenRequest({ grant_type: 'refresh_token', refresh_token: firstRefresh });
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ error: 'invalid_grant' });

    // Reuse means the token leaked: the whole grant goes, including the rotated token.
    const successor = await tokenRequest({ grant_type: 'refresh_token', refresh_token: second.refresh_token });
    expect(successor.status).toBe(400);
  });
});

describe('CORS', () => {
  it('lets the SPA origins call the token endpoint from the browser, and no other origin', async () => {
    const preflight = (origin: string) =>
      fetch(discovery.token_endpoint, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
    expect((await preflight('http://demo.localhost:8080')).headers.get('access-control-allow-origin')).toBe(
      'http://demo.localhost:8080',
    );
    const token = await tokenRequest({ grant_type: 'refresh_token', refresh_token: 'nope' });
    expect(token.status).toBe(400);
    const foreign = await fetch(discovery.token_endpoint, {
      method: 'POST',
      headers: { origin: 'http://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: WEB_CLIENT_ID, grant_type: 'refresh_token', refresh_token: 'x' }).toString(),
    });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('sign-out', () => {
  it('ends the session at the end-session endpoint, redirects back, and revokes the refresh token', async () => {
    const browser = new BrowserSession();
    const { verifier, challenge } = pkcePair();
    const { uid } = await openSignInPage(browser, challenge);
    const signedIn = await browser.postForm(`${url}/interaction/${uid}/login`, { email: 'admin@demo.test', password: 'demo' });
    const { location } = await browser.follow(signedIn, url, REDIRECT_URI);
    const tokens = (await (
      await tokenRequest({
        grant_type: 'authorization_code',
        code: location?.searchParams.get('code') ?? '',
        redirect_uri: REDIRECT_URI,
        code_verifier: verifier,
      })
    ).json()) as { id_token: string; refresh_token: string };

    const endSession = new URL(discovery.end_session_endpoint);
    endSession.search = new URLSearchParams({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: 'http://localhost:8080/sessionEnd',
      state: 'bye',
    }).toString();
    // Without the hint anyone could be asked to sign out by a link: the provider asks first.
    const unnamed = await browser.get(new URL(`${discovery.end_session_endpoint}?post_logout_redirect_uri=${encodeURIComponent('http://localhost:8080/sessionEnd')}&client_id=${WEB_CLIENT_ID}`));
    expect(await unnamed.text()).toContain('Do you want to sign out');

    // Named by the application (id_token_hint): no question, the page sends its own form (issue 13 item 15).
    const confirm = await browser.get(endSession);
    expect(confirm.status).toBe(200);
    const html = await confirm.text();
    expect(html).toContain('<h1>Signing out</h1>');
    expect(html).not.toContain('Do you want to sign out');
    expect(html).toContain("document.getElementById('sign-out-now').click()");
    const action = /action="([^"]+)"/.exec(html)?.[1] ?? '';
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(xsrf).not.toBe('');

    const signedOut = await browser.postForm(new URL(action, url), { xsrf, logout: 'yes' });
    const back = await browser.follow(signedOut, url, 'http://localhost:8080/');
    expect(back.location?.href).toBe('http://localhost:8080/sessionEnd?state=bye');

    const refresh = await tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    expect(refresh.status).toBe(400);
  });
});
