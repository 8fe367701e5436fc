/**
 * Session timing with short-lived tokens from the development provider's POST /dev/token, written into the
 * SPA's token store (the documented test hook, e2e/README.md).
 */
import { assert, claimsOf, devToken, injectToken, signInAt, storedSession, waitForPath } from '../lib/helpers.mjs';

/** One minute before expiry the toast counts down with 'Extend session'; extending renews with the refresh token. */
export const sessionWarning = {
  id: 'session-warning-extend',
  async run({ stack, page, shot }) {
    await page.goto(`${stack.demoUrl}/plan`);
    await signInAt(page, stack, 'staff@demo.test');
    await waitForPath(page, '/plan');
    const signedIn = await storedSession(page);
    assert.ok(signedIn?.refresh_token, 'a sign-in brings a refresh token');

    // The same session, but its access token ends in 40 s: inside the warning minute.
    await injectToken(page, await devToken(stack, 'staff@demo.test', 40), { keepRefreshToken: true });
    await page.reload();
    const toast = page.locator('.ant-notification-notice').filter({ hasText: 'Your session ends in' });
    await toast.waitFor();
    const first = await toast.innerText();
    assert.match(first, /Your session ends in 0:[0-5]\d/);
    await page.waitForTimeout(2_100);
    assert.notEqual(await toast.innerText(), first, 'the countdown moves');
    await page.waitForTimeout(500); // let the toast finish sliding in
    await shot('1-warning');

    await toast.getByRole('button', { name: 'Extend session' }).click();
    await toast.waitFor({ state: 'detached' });
    const renewed = await storedSession(page);
    assert.ok(renewed.expires_at - Date.now() / 1000 > 600, 'the renewed token lasts longer than the warning minute');
    assert.notEqual(renewed.refresh_token, signedIn.refresh_token, 'the refresh token was used (and rotated)');
    assert.equal(claimsOf(renewed.access_token).email, 'staff@demo.test');
    await shot('2-extended');
    assert.equal(new URL(page.url()).pathname, '/plan');
  },
};

/** A token that runs out: the warning shows, then /logout with sessionEnd and the way back, then /sessionEnd. */
export const sessionExpiry = {
  id: 'session-expiry',
  async run({ stack, page, shot }) {
    const visited = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(frame.url());
    });
    await page.goto(`${stack.demoUrl}/terms`);
    await page.getByRole('heading', { name: 'Terms of use' }).waitFor();
    await injectToken(page, await devToken(stack, 'staff@demo.test', 10));
    await page.goto(`${stack.demoUrl}/plan?tab=2`);
    await page.locator('.ant-notification-notice').filter({ hasText: 'Your session ends in' }).waitFor();
    await page.waitForTimeout(500); // let the toast finish sliding in
    await shot('1-warning');

    await waitForPath(page, '/sessionEnd', 20_000);
    await page.getByRole('heading', { name: 'Your session has ended' }).waitFor();
    await shot('2-session-ended');
    const logout = visited.map((url) => new URL(url)).find((url) => url.pathname === '/logout');
    assert.ok(logout, `went through /logout (visited ${visited.join(', ')})`);
    assert.equal(logout.searchParams.get('sessionEnd'), 'true');
    assert.equal(logout.searchParams.get('return'), '/plan?tab=2');
    const again = page.getByRole('link', { name: 'Sign in again' });
    assert.equal(await again.getAttribute('href'), `/login?return=${encodeURIComponent('/plan?tab=2')}`);
    assert.equal(await storedSession(page), null);
  },
};
