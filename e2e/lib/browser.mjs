/**
 * The system Chromium through playwright-core: headless, no network beyond this machine, a fresh profile
 * (user-data-dir) for every scenario so no cookie or storage leaks from one to the next.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // *.localhost resolves to loopback in Chromium already; the rule makes it explicit and keeps localhost on IPv4,
  // where the stack listens.
  '--host-resolver-rules=MAP demo.localhost 127.0.0.1, MAP localhost 127.0.0.1',
];

/** A browser context on a profile of its own; close() removes the profile. */
export async function openBrowser() {
  const profile = mkdtempSync(path.join(tmpdir(), 'verific-e2e-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    viewport: { width: 1280, height: 900 },
    timeout: 60_000,
  });
  context.setDefaultTimeout(15_000);
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      await context.close().catch(() => undefined);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
