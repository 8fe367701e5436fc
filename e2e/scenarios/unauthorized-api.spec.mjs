/**
 * An API call answered 401 (a token the gateway does not accept): the toast 'Unauthorized - on endpoint
 * ({path})', and closing it leads to /logout and on to the sign-in; on a /verification page (public for
 * authentication failures) it leads through /logout to the default page instead, signed out, with no sign-in.
 */
import { test } from '../lib/fixtures.mjs';
import { assert, devToken, injectToken, storedSession, refusedWith, settled } from '../lib/helpers.mjs';

/** A real token of the staff user with its signature broken: well-formed, unexpired, refused by the gateway. */
async function forgedToken(stack) {
  const token = await devToken(stack, 'staff@demo.test');
  const [header, payload, signature] = token.split('.');
  return `${header}.${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
}

function mainFrameVisits(page) {
  const visited = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(frame.url());
  });
  return visited;
}

// The tests' point: the API refuses the token (the app then signs out).
test.use({ expectedConsoleErrors: [refusedWith(401, '/api/')] });

test('unauthorized-401', async ({ stack, page, shot }) => {
  const visited = mainFrameVisits(page);
  await page.goto(`${stack.demoUrl}/terms`);
  await page.getByRole('heading', { name: 'Terms of use' }).waitFor();
  await injectToken(page, await forgedToken(stack));
  await page.goto(`${stack.demoUrl}/plan`);

  const toast = page.locator('.ant-notification-notice').filter({ hasText: 'Unauthorized - on endpoint (' });
  await toast.waitFor();
  assert.match(await toast.innerText(), /Unauthorized - on endpoint \(\/api\/dentaloffice\/[^)]+\)/);
  assert.equal(await page.locator('.ant-notification-notice').filter({ hasText: 'Unauthorized' }).count(), 1, 'one toast');
  await settled(page); // the toast has finished sliding in
  await shot('1-toast');

  await toast.getByRole('button', { name: /close/i }).click();
  await page.waitForURL((url) => url.href.startsWith(stack.issuer), { timeout: 20_000 });
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await shot('2-after-logout');
  const logout = visited.map((url) => new URL(url)).find((url) => url.pathname === '/logout');
  assert.ok(logout, `went through /logout (visited ${visited.join(', ')})`);
  assert.equal(logout.searchParams.get('return'), '/plan');
});

test('unauthorized-401-verification', async ({ stack, page, shot }) => {
  const visited = mainFrameVisits(page);
  await page.goto(`${stack.demoUrl}/terms`);
  await page.getByRole('heading', { name: 'Terms of use' }).waitFor();
  await injectToken(page, await forgedToken(stack));
  const verificationPath = '/verification/abcdefgh-1234-abcd-1234-abcdefghijkl';
  await page.goto(`${stack.demoUrl}${verificationPath}`);

  const toast = page.locator('.ant-notification-notice').filter({ hasText: 'Unauthorized - on endpoint (' });
  await toast.waitFor();
  await settled(page); // the toast has finished sliding in
  await shot('1-toast');

  await toast.getByRole('button', { name: /close/i }).click();
  await page.getByRole('heading', { name: 'You are signed out' }).waitFor({ timeout: 20_000 });
  await shot('2-default-page');
  assert.equal(new URL(page.url()).pathname, '/', 'ends on the default page');
  assert.equal(await storedSession(page), null, 'the session is gone from this browser');
  const urls = visited.map((url) => new URL(url));
  assert.ok(!urls.some((url) => url.href.startsWith(stack.issuer)), `never at the provider (visited ${visited.join(', ')})`);
  const logout = urls.find((url) => url.pathname === '/logout');
  assert.ok(logout, `went through /logout (visited ${visited.join(', ')})`);
  assert.equal(logout.searchParams.get('toDefault'), 'true');
  assert.equal(logout.searchParams.get('return'), null, 'no way back to the refused page');
  // The page stays: no sign-in starts by itself. Nothing marks a navigation that does not come: the test
  // watches for one a second long.
  await page.waitForTimeout(1000);
  assert.equal(new URL(page.url()).pathname, '/');
});
