/** What the scenarios share: assertions, the identity provider, the token hook and the app's landmarks. */
import { strict as assert } from 'node:assert';

export { assert };

export const PASSWORD = 'demo';
export const TOKEN_KEY = 'token';

/** POST /dev/token of the development provider (enabled in the standalone stack). */
export async function devToken(stack, email, expiresInSeconds) {
  const response = await fetch(`${stack.loopback.idp}/dev/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(expiresInSeconds === undefined ? { email } : { email, expiresInSeconds }),
  });
  if (!response.ok) throw new Error(`/dev/token answered ${response.status}: ${await response.text()}`);
  const { access_token: accessToken } = await response.json();
  return accessToken;
}

export function claimsOf(accessToken) {
  return JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString('utf8'));
}

/** Calls the API as a signed-in user, for the demo organization. */
export async function api(stack, token, method, path, body) {
  const response = await fetch(`${stack.loopback.gateway}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'x-organization-id': 'org-demo',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return text === '' ? undefined : JSON.parse(text);
}

/**
 * The browser-test hook (e2e/README.md): the SPA keeps its session in local storage under `token`, in
 * oidc-client-ts's user format. A test writes a token from POST /dev/token there, keeping a refresh token the
 * session may already have, and reloads.
 */
export async function injectToken(page, accessToken, { keepRefreshToken = false } = {}) {
  const { exp, sub } = claimsOf(accessToken);
  await page.evaluate(
    ({ key, accessToken: token, exp: expiresAt, sub: subject, keep }) => {
      const storage = globalThis.localStorage;
      const current = JSON.parse(storage.getItem(key) ?? 'null');
      const user = keep && current ? { ...current } : { token_type: 'Bearer', profile: { sub: subject }, scope: 'openid api' };
      user.access_token = token;
      user.expires_at = expiresAt;
      if (!keep) delete user.refresh_token;
      storage.setItem(key, JSON.stringify(user));
    },
    { key: TOKEN_KEY, accessToken, exp, sub, keep: keepRefreshToken },
  );
}

export async function storedSession(page) {
  return page.evaluate((key) => JSON.parse(globalThis.localStorage.getItem(key) ?? 'null'), TOKEN_KEY);
}

/** From anywhere that leads to the provider's sign-in page: signs in and waits to be back in the app. */
export async function signInAt(page, stack, email) {
  await page.waitForURL((url) => url.href.startsWith(stack.issuer), { timeout: 20_000 });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.href.startsWith(stack.issuer) && !url.pathname.startsWith('/handleLogin'), {
    timeout: 20_000,
    waitUntil: 'commit',
  });
}

/** The labels of the left menu, top to bottom (settings group title, then its items). */
export async function menuLabels(page) {
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.waitFor();
  return menu.getByRole('menuitem').allInnerTexts().then((labels) => labels.map((label) => label.trim()));
}

export async function waitForPath(page, pathname, timeout = 15_000) {
  await page.waitForURL((url) => url.pathname === pathname, { timeout, waitUntil: 'commit' });
}

export function pathOf(page) {
  return new URL(page.url()).pathname;
}
