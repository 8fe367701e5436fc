/**
 * Issue 13 item 17: a page load makes each start-up call once. For a staff manager signed in through the provider
 * (the real sign-in, not a test token), a reload of a page asks GET /api/features and GET /api/portals/credentials
 * once each, and the socket sends its authorization once; a host that names no organization answers the SPA's
 * probe without an error status. The runner fails the scenario on any console error on the way.
 *
 * Only the new document's calls count. The page a navigation leaves runs until the new one commits, and a page
 * just signed in is still opening its first socket then (socket.io-client loads once the token is there): on a
 * loaded machine that socket connected and sent its authorization inside the next page's window, which read as
 * "2 authorizations on /user-guide" although each page load authorized once.
 */
import { test } from '../lib/fixtures.mjs';
import { assert, signInAt, waitForPath } from '../lib/helpers.mjs';

/**
 * Counts the API calls and socket authorizations of the document that loads `pathname` from now on: what the page
 * being left still does before that document commits is not this load's.
 */
function watchCalls(page, pathname) {
  const calls = new Map();
  let authorizations = 0;
  let loaded = false;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && new URL(frame.url()).pathname === pathname) loaded = true;
  });
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!loaded || !url.pathname.startsWith('/api/')) return;
    const key = `${request.method()} ${url.pathname}`;
    calls.set(key, (calls.get(key) ?? 0) + 1);
  });
  page.on('websocket', (socket) => {
    if (!loaded) return;
    socket.on('framesent', ({ payload }) => {
      if (String(payload).startsWith('42["authorization"')) authorizations += 1;
    });
  });
  return { count: (key) => calls.get(key) ?? 0, authorizations: () => authorizations, all: () => Object.fromEntries(calls) };
}

test('page-load-calls', async ({ stack, page, context, shot }) => {
  await page.goto(`${stack.demoUrl}/dental-office-settings`);
  await signInAt(page, stack, 'staffmanager@demo.test');
  await waitForPath(page, '/dental-office-settings');

  for (const path of ['/user-guide', '/dental-office-settings']) {
    const calls = watchCalls(page, path);
    await page.goto(`${stack.demoUrl}${path}`);
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    // Long enough for a second call (the socket's first connection, a refetch on mount) to have been made: a
    // window for calls that must not come, which no event could mark.
    await page.waitForTimeout(3_000);
    const seen = JSON.stringify(calls.all());
    assert.equal(calls.count('GET /api/features'), 1, `GET /api/features once on ${path}: ${seen}`);
    assert.equal(calls.count('GET /api/portals/credentials'), 1, `GET /api/portals/credentials once on ${path}: ${seen}`);
    assert.equal(calls.authorizations(), 1, `the socket authorizes once on ${path}`);
  }
  await shot('1-loaded');

  // A host without an organization: the probe answers 204, the prompt shows, nothing on the console.
  const other = await context.newPage();
  const probes = [];
  other.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/auth/organization') probes.push(response.status());
  });
  await other.goto(`${stack.gatewayUrl}/terms`);
  await other.getByRole('heading', { name: 'Enter organization name' }).waitFor();
  assert.deepEqual(probes, [204], 'one organization probe, answered 204');
  await other.close();
});
