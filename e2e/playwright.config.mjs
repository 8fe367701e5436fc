/**
 * The browser suite on @playwright/test (e2e/README.md): the system Chromium, one worker against one standalone
 * stack started for the whole run, a fresh browser context for every test.
 *
 *   npm run e2e                        every test
 *   E2E_ONLY=roles npm run e2e         the tests whose id contains "roles"
 */
import { defineConfig } from '@playwright/test';
import { ARTIFACTS } from './lib/artifacts.mjs';
import { CHROMIUM, CHROMIUM_ARGS } from './lib/browser.mjs';

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Playwright matches `grep` against the file's path and the test's title joined by spaces; a test's title is its
 * id, which has no space: the text has to be in the last word, so a file's name selects nothing.
 */
const only = process.env.E2E_ONLY;
const grep = only ? new RegExp(`${escapeRegExp(only)}\\S*$`) : undefined;

export default defineConfig({
  testDir: './scenarios',
  testMatch: '*.spec.mjs',
  outputDir: ARTIFACTS,
  globalSetup: './lib/global-setup.mjs',
  ...(grep ? { grep } : {}),
  // One stack for the run and a 2-core machine: the tests take turns, in the order of their files.
  workers: 1,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reportSlowTests: null,
  reporter: [['list'], ['./lib/summary-reporter.mjs']],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS, timeout: 60_000 },
    viewport: { width: 1280, height: 900 },
    actionTimeout: 15_000,
    navigationTimeout: 15_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
