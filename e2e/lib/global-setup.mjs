/**
 * Starts the standalone stack once for the whole run, before any test, and stops it after the last. It runs in a
 * process of its own (lib/stack-process.mjs); the tests run in worker processes and get its addresses through
 * E2E_STACK, which the workers inherit (lib/fixtures.mjs reads it).
 */
import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CHROMIUM } from './browser.mjs';

export const STACK_ENV = 'E2E_STACK';

const STACK_PROCESS = fileURLToPath(new URL('./stack-process.mjs', import.meta.url));
const START_TIMEOUT_MS = 120_000;

function waitUntilUp(child) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the stack was not up within ${START_TIMEOUT_MS / 1000} s`)), START_TIMEOUT_MS);
    child.once('message', (message) => {
      clearTimeout(timer);
      resolve(message.addresses);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the stack process exited with ${code} before the stack was up (its error is above)`));
    });
  });
}

export default async function globalSetup() {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium`);
  const started = Date.now();
  const child = fork(STACK_PROCESS, [], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let addresses;
  try {
    addresses = await waitUntilUp(child);
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
  console.log(`stack up: ${addresses.gatewayUrl} (demo ${addresses.demoUrl}, issuer ${addresses.issuer}) in ${Date.now() - started} ms`);
  process.env[STACK_ENV] = JSON.stringify(addresses);
  return async () => {
    child.kill('SIGTERM');
    await exited;
  };
}
