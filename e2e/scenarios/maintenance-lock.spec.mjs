/**
 * MAINTANANCE_LOCK switched on through the management features API: the lock screen shows; switched off, the
 * page notices within the 10 s re-check and reloads by itself into the app.
 */
import { MAINTENANCE_LOCK_RECHECK_MS } from '@dv/contracts';
import { test } from '../lib/fixtures.mjs';
import { api, assert, devToken } from '../lib/helpers.mjs';

const setLock = (stack, token, isActive) =>
  api(stack, token, 'PUT', '/api/management/features/MAINTANANCE_LOCK', { isActive });

test('maintenance-lock', async ({ stack, page, shot }) => {
  test.setTimeout(120_000);
  const token = await devToken(stack, 'superadministrator@demo.test');
  await setLock(stack, token, true);
  try {
    await page.goto(`${stack.demoUrl}/terms`);
    await page.getByRole('heading', { name: 'Maintanance lock!' }).waitFor();
    await page.getByText('The Verific Team').waitFor();
    await shot('1-locked');

    // Still locked after a re-check (GET /api/features every MAINTENANCE_LOCK_RECHECK_MS).
    await page.waitForResponse((response) => new URL(response.url()).pathname === '/api/features', {
      timeout: MAINTENANCE_LOCK_RECHECK_MS + 5_000,
    });
    assert.equal(await page.getByRole('heading', { name: 'Maintanance lock!' }).count(), 1);

    const reloaded = page.waitForEvent('load', { timeout: 30_000 });
    await setLock(stack, token, false);
    await reloaded;
    await page.getByRole('heading', { name: 'Terms of use' }).waitFor({ timeout: 20_000 });
    assert.equal(await page.getByRole('heading', { name: 'Maintanance lock!' }).count(), 0);
    await shot('2-lifted');
  } finally {
    await setLock(stack, token, false).catch(() => undefined);
  }
});
