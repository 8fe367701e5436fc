/** Screen 1 on a host that names no organization: empty, too short, unknown, then a valid name. */
import { test } from '../lib/fixtures.mjs';
import { assert, pathOf, refusedWith } from '../lib/helpers.mjs';

// The typed name no organization has is a 404 on purpose (the host's own probe answers 204: page-load-calls).
test.use({ expectedConsoleErrors: [refusedWith(404, '/api/auth/organization')] });

test('organization-prompt', async ({ stack, page, shot }) => {
  await page.goto(stack.gatewayUrl);
  await page.getByRole('heading', { name: 'Enter organization name' }).waitFor();
  const input = page.getByRole('textbox', { name: 'Organization name' });
  const submit = page.getByRole('button', { name: 'CONTINUE' });
  await shot('1-empty-prompt');

  await submit.click();
  await page.getByRole('alert').filter({ hasText: 'Fill organization name first!' }).waitFor();
  assert.equal(await input.getAttribute('aria-invalid'), 'true');
  await shot('2-empty-error');

  await input.fill('de');
  // Typing clears the error (the message fades out).
  await page.getByText('Fill organization name first!').waitFor({ state: 'detached', timeout: 3_000 });
  assert.equal(await input.getAttribute('aria-invalid'), null);
  await submit.click();
  await page.getByRole('alert').filter({ hasText: 'Organization name is too short!' }).waitFor();
  await shot('3-too-short');

  await input.fill('no-such-organization');
  await input.press('Enter');
  await page.getByRole('alert').filter({ hasText: 'No organization has this name' }).waitFor();
  await shot('4-unknown');

  await input.fill('demo');
  await submit.click();
  // Known organization, nobody signed in: the app goes on to the identity provider's sign-in.
  await page.waitForURL((url) => url.href.startsWith(stack.issuer), { timeout: 20_000 });
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await shot('5-valid-goes-to-sign-in');

  // The id is stored and used: the prompt does not come back on this host.
  await page.goto(`${stack.gatewayUrl}/terms`);
  await page.getByRole('heading', { name: 'Terms of use' }).waitFor();
  assert.equal(await page.evaluate(() => globalThis.localStorage.getItem('organization_id')), 'org-demo');
  assert.equal(pathOf(page), '/terms');
});
