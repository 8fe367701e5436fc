#!/usr/bin/env node
/**
 * The browser suite: starts the standalone stack on free ports with a fresh data folder, runs every scenario in
 * a fresh Chromium profile, writes screenshots to e2e/artifacts/, prints 'N passed, N failed' and exits non-zero
 * when anything failed. Builds nothing: run `npm run build` first.
 *
 *   npm run e2e                       every scenario
 *   E2E_ONLY=roles npm run e2e        scenarios whose id contains "roles"
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { openBrowser, CHROMIUM } from './lib/browser.mjs';
import { ROOT, startStack } from './lib/stack.mjs';
import { scenarios } from './scenarios/index.mjs';

const ARTIFACTS = path.join(ROOT, 'e2e', 'artifacts');

function withTimeout(promise, ms, what) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms / 1000} s`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * The browser's console errors a scenario did not declare. A scenario that provokes a refusal on purpose (a 401,
 * a 409, a refused edit) lists the messages it expects as regular expressions; anything else fails the scenario,
 * so a page that starts logging an error on the normal path is caught.
 */
function unexpectedConsoleErrors(errors, expected = []) {
  return errors.filter((text) => !expected.some((pattern) => pattern.test(text)));
}

async function main() {
  if (!existsSync(CHROMIUM)) {
    console.error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium`);
    console.log('0 passed, 1 failed');
    return 1;
  }
  rmSync(ARTIFACTS, { recursive: true, force: true });
  mkdirSync(ARTIFACTS, { recursive: true });

  const only = process.env.E2E_ONLY;
  const selected = only ? scenarios.filter((scenario) => scenario.id.includes(only)) : scenarios;
  const started = Date.now();
  const stack = await startStack();
  console.log(`stack up: ${stack.gatewayUrl} (demo ${stack.demoUrl}, issuer ${stack.issuer}) in ${Date.now() - started} ms`);

  let passed = 0;
  let failed = 0;
  try {
    for (const scenario of selected) {
      const browser = await openBrowser();
      const consoleErrors = [];
      browser.page.on('console', (message) => {
        // With where it came from: a failed request's message names only its status, the location its URL.
        if (message.type() === 'error') consoleErrors.push(`${message.text()} @ ${message.location()?.url ?? ''}`);
      });
      browser.page.on('pageerror', (error) => consoleErrors.push(`pageerror: ${error.message}`));
      const shot = (name) =>
        browser.page.screenshot({ path: path.join(ARTIFACTS, `${scenario.id}--${name}.png`) }).catch(() => undefined);
      const begun = Date.now();
      try {
        await withTimeout(
          scenario.run({ stack, page: browser.page, context: browser.context, shot }),
          scenario.timeoutMs ?? 90_000,
          scenario.id,
        );
        const unexpected = unexpectedConsoleErrors(consoleErrors, scenario.expectedConsoleErrors);
        if (unexpected.length > 0) {
          throw new Error(`console errors the scenario did not expect (declare them in expectedConsoleErrors):\n${unexpected.join('\n')}`);
        }
        passed += 1;
        console.log(`ok   ${scenario.id} (${Date.now() - begun} ms)`);
      } catch (error) {
        failed += 1;
        await shot('failure');
        console.log(`FAIL ${scenario.id} (${Date.now() - begun} ms) at ${browser.page.url()}`);
        console.log(`     ${(error?.stack ?? String(error)).split('\n').slice(0, 6).join('\n     ')}`);
        if (consoleErrors.length > 0) console.log(`     browser console: ${consoleErrors.slice(-5).join(' | ')}`);
      } finally {
        await browser.close();
      }
    }
  } finally {
    await stack.close();
  }
  console.log(`screenshots: ${path.relative(ROOT, ARTIFACTS)}/`);
  console.log(`${passed} passed, ${failed} failed`);
  return failed === 0 && passed > 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    console.log('0 passed, 1 failed');
    process.exit(1);
  },
);
