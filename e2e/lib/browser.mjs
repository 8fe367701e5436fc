/**
 * The system Chromium (apt-get install -y chromium) that the suite drives, and the switches it starts with:
 * headless, nothing fetched beyond this machine. playwright.config.mjs hands both to @playwright/test, which
 * downloads no browser of its own.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
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
