/**
 * An API call answered 401 (a token the gateway does not accept): the toast 'Unauthorized - on endpoint
 * ({path})', and closing it leads to /logout and on to the sign-in.
 */
import { assert, devToken, injectToken } from '../lib/helpers.mjs';

export const unauthorizedApi = {
  id: 'unauthorized-401',
  async run({ stack, page, shot }) {
    const visited = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(frame.url());
    });
    await page.goto(`${stack.demoUrl}/terms`);
    await page.getByRole('heading', { name: 'Terms of use' }).waitFor();
    // A real token with its signature broken: well-formed, unexpired, refused by the gateway.
    const token = await devToken(stack, 'staff@demo.test');
    const [header, payload, signature] = token.split('.');
    const forged = `${header}.${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    await injectToken(page, forged);
    await page.goto(`${stack.demoUrl}/plan`);

    const toast = page.locator('.ant-notification-notice').filter({ hasText: 'Unauthorized - on endpoint (' });
    await toast.waitFor();
    assert.match(await toast.innerText(), /Unauthorized - on endpoint \(\/api\/dentaloffice\/[^)]+\)/);
    assert.equal(await page.locator('.ant-notification-notice').filter({ hasText: 'Unauthorized' }).count(), 1, 'one toast');
    await page.waitForTimeout(500); // let the toast finish sliding in
    await shot('1-toast');

    await toast.getByRole('button', { name: /close/i }).click();
    await page.waitForURL((url) => url.href.startsWith(stack.issuer), { timeout: 20_000 });
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await shot('2-after-logout');
    const logout = visited.map((url) => new URL(url)).find((url) => url.pathname === '/logout');
    assert.ok(logout, `went through /logout (visited ${visited.join(', ')})`);
    assert.equal(logout.searchParams.get('return'), '/plan');
  },
};
