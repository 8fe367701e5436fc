/** What the scenarios share: assertions, the identity provider, the token hook and the app's landmarks. */
import { strict as assert } from 'node:assert';
import { expect } from '@playwright/test';

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
  // Each item's link, button or (the current page) text is the first thing in its list entry.
  return menu.locator('li > :first-child').allInnerTexts().then((labels) => labels.map((label) => label.trim()));
}

export async function waitForPath(page, pathname, timeout = 15_000) {
  await page.waitForURL((url) => url.pathname === pathname, { timeout, waitUntil: 'commit' });
}

export function pathOf(page) {
  return new URL(page.url()).pathname;
}

/** The office the demo's staff and staff manager act for unless they switch. */
export const DEMO_OFFICE_ID = 'office-demo-1';

/** Calls the verifications API as a user acting for an office (the Connected-Dental-Office header). */
export async function officeApi(stack, token, officeId, method, path, body) {
  const response = await fetch(`${stack.loopback.gateway}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'x-organization-id': 'org-demo',
      'connected-dental-office': officeId,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, data: text === '' ? undefined : JSON.parse(text) };
}

/** The sandbox patient (GET /api/verifications/sandbox/patients) with this member id and first name. */
export async function sandboxPatient(stack, token, memberId, firstName) {
  const { status, data } = await officeApi(stack, token, DEMO_OFFICE_ID, 'GET', '/api/verifications/sandbox/patients');
  if (status !== 200) throw new Error(`the sandbox patients answered ${status}`);
  const found = data.patients.find((one) => one.patient.patientMemberId === memberId && one.patient.patientFirstName === firstName);
  if (!found) throw new Error(`no sandbox patient ${firstName} with member id ${memberId}`);
  return found;
}

/** POST /api/verifications for an office; returns the new verification's id. */
export async function createVerification(stack, token, { patient, payerId, officeId = DEMO_OFFICE_ID }) {
  const { status, data } = await officeApi(stack, token, officeId, 'POST', '/api/verifications', { patient, carrier: { payerId } });
  if (status !== 201) throw new Error(`POST /api/verifications answered ${status}: ${JSON.stringify(data)}`);
  return data.id;
}

/** GET /api/verifications/{id} until `ready(detail)` holds; returns that detail. A refusal ends the wait at once. */
export async function waitForVerification(stack, token, id, ready, { officeId = DEMO_OFFICE_ID, timeout = 20_000 } = {}) {
  let last;
  let refusal;
  const state = async () => {
    const { status, data } = await officeApi(stack, token, officeId, 'GET', `/api/verifications/${encodeURIComponent(id)}`);
    if (status !== 200) {
      refusal = `GET /api/verifications/${id} answered ${status}: ${JSON.stringify(data)}`;
      return 'refused';
    }
    last = data;
    return ready(data) ? 'ready' : 'waiting';
  };
  try {
    await expect.poll(state, { timeout, intervals: [250] }).not.toBe('waiting');
  } catch (error) {
    const jobs = JSON.stringify(last?.jobs?.map((job) => [job.source, job.status, job.outcome]));
    throw new Error(`verification ${id} did not get ready within ${timeout} ms: jobs ${jobs}`, { cause: error });
  }
  if (refusal) throw new Error(refusal);
  return last;
}

export const allJobsDone = (detail) => detail.jobs.length > 0 && detail.jobs.every((job) => job.status === 'done');

/**
 * The console line Chromium writes for a request the server refused with `status` ('Failed to load resource: the
 * server responded with a status of 401 (Unauthorized)'), for a scenario's expectedConsoleErrors: scenarios that
 * provoke a refusal on purpose declare it, any other console error fails them (lib/fixtures.mjs).
 */
export function refusedWith(status, urlPart = '') {
  const url = urlPart.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^Failed to load resource: the server responded with a status of ${status} .*@ .*${url}`);
}

/**
 * Waits until no finite CSS animation or transition runs on the page (antd's enter animations, a toast sliding
 * in): axe-core cannot judge the colours of a fading element, a box measured mid-slide is not where it stays, and
 * a screenshot should show what the user ends up seeing. Endless ones (a spinner) do not count. Each look takes
 * two snapshots a few frames apart, so that an animation about to start is not missed.
 */
export async function settled(page) {
  await expect
    .poll(() => page.evaluate(runningAnimations), { message: "the page's animations finish", intervals: [50] })
    .toEqual([]);
}

/** Runs in the page: the finite animations running now or in 50 ms, named by what they animate and where. */
async function runningAnimations() {
  const describe = (animation) => {
    const target = animation.effect?.target;
    const classes = typeof target?.className === 'string' ? target.className.trim().split(/\s+/).slice(0, 2).join('.') : '';
    const what = animation.animationName ?? animation.transitionProperty ?? 'animation';
    return `${what} on ${target?.tagName?.toLowerCase() ?? '?'}${classes ? `.${classes}` : ''}`;
  };
  const running = () =>
    globalThis.document
      .getAnimations()
      .filter((animation) => animation.playState === 'running' || animation.pending)
      .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
      .map(describe);
  const now = running();
  await new Promise((resolve) => setTimeout(resolve, 50));
  return [...new Set([...now, ...running()])];
}
