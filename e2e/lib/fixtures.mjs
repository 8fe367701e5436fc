/**
 * The suite's `test`: @playwright/test's own, with what every scenario gets.
 *
 *   stack    the standalone stack the run started once (lib/global-setup.mjs): gatewayUrl, demoUrl, issuer, loopback
 *   context  a fresh browser context (no cookie, storage or permission from another test), whose console is watched
 *   page     its first page
 *   shot     shot(name) saves a screenshot of `page` as e2e/artifacts/<test id>--<name>.png
 *
 * A test fails on any console error or uncaught page error, in any of its tabs, that it did not declare: one that
 * provokes a refusal on purpose (an expired token's 401, a refused edit's 400) declares the console line with
 * `test.use({ expectedConsoleErrors: [refusedWith(401, '/api/')] })`. Anything else on the console is a bug.
 */
import { test as base, expect } from '@playwright/test';
import { shotPath } from './artifacts.mjs';
import { STACK_ENV } from './global-setup.mjs';

export { expect };

/** Collects the context's console errors and uncaught page errors, with where they came from. */
function watchConsole(context) {
  const errors = [];
  context.on('console', (message) => {
    // With the location: a failed request's message names only its status, the location its URL.
    if (message.type() === 'error') errors.push(`${message.text()} @ ${message.location()?.url ?? ''}`);
  });
  context.on('weberror', (webError) => errors.push(`pageerror: ${webError.error().message}`));
  return errors;
}

export const test = base.extend({
  /** Regular expressions for the console errors a test provokes on purpose. */
  expectedConsoleErrors: [[], { option: true }],

  stack: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern: none here.
    async ({}, use) => {
      const addresses = process.env[STACK_ENV];
      if (!addresses) throw new Error(`${STACK_ENV} is not set: run the suite through playwright.config.mjs (npm run e2e)`);
      await use(JSON.parse(addresses));
    },
    { scope: 'worker' },
  ],

  context: async ({ context, expectedConsoleErrors }, use, testInfo) => {
    const errors = watchConsole(context);
    await use(context);
    if (errors.length > 0 && testInfo.status !== testInfo.expectedStatus) {
      await testInfo.attach('browser console', { body: errors.join('\n'), contentType: 'text/plain' });
    }
    const unexpected = errors.filter((text) => !expectedConsoleErrors.some((pattern) => pattern.test(text)));
    if (unexpected.length > 0) {
      throw new Error(`console errors the test did not expect (declare them in expectedConsoleErrors):\n${unexpected.join('\n')}`);
    }
  },

  shot: async ({ page }, use, testInfo) => {
    await use((name) => page.screenshot({ path: shotPath(`${testInfo.title}--${name}`) }).catch(() => undefined));
  },
});
