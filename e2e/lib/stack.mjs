/**
 * Starts the standalone product (gateway, services, development identity provider) on free ports with a fresh
 * data folder. Uses startStandalone from the built services/standalone; without it, spawns its main.js.
 * Builds nothing: `npm run build` (services and web app) comes first.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const STANDALONE_DIST = path.join(ROOT, 'services', 'standalone', 'dist');

/**
 * The sandbox portals of the portals service answer faster here than by default (1.5 s logins, 20 s retry wait),
 * still slowly enough to see 'In progress'; the sandbox clearinghouse answers slower (150 ms by default, before
 * the ticket page has loaded), so a verification's chips can be seen working. The standalone passes these from
 * the environment; a value set outside wins.
 */
const SANDBOX_TIMINGS = {
  SANDBOX_LOGIN_DELAY_MS: '1000',
  SANDBOX_MFA_DELAY_MS: '800',
  LOGIN_RETRY_WAIT_MS: '5000',
  SANDBOX_CLEARINGHOUSE_LATENCY_MS: '1500',
};
const WEB_DIST_INDEX = path.join(ROOT, 'web', 'dist', 'index.html');

async function freePort() {
  const server = createServer();
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitForHttp(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let lastError;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
      lastError = new Error(`${url} answered ${response.status}`);
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not come up within ${timeoutMs} ms: ${lastError?.message ?? 'no answer'}`);
}

/**
 * @returns {Promise<{ gatewayUrl: string, demoUrl: string, issuer: string, loopback: { gateway: string, idp: string },
 *   close: () => Promise<void> }>}
 */
export async function startStack() {
  const webIndex = process.env.WEB_DIST_DIR ? path.join(process.env.WEB_DIST_DIR, 'index.html') : WEB_DIST_INDEX;
  if (!existsSync(webIndex)) throw new Error(`${webIndex} is missing: run \`npm run build\` (and \`npm run build -w web\`) first`);
  if (!existsSync(path.join(STANDALONE_DIST, 'main.js'))) throw new Error('services/standalone/dist is missing: run `npm run build` first');
  for (const [name, value] of Object.entries(SANDBOX_TIMINGS)) process.env[name] ??= value;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'verific-e2e-data-'));
  const removeData = () => rmSync(dataDir, { recursive: true, force: true });

  const require = createRequire(import.meta.url);
  let standalone;
  try {
    standalone = require(path.join(STANDALONE_DIST, 'index.js'));
  } catch {
    standalone = undefined;
  }

  if (typeof standalone?.startStandalone === 'function') {
    const running = await standalone.startStandalone({
      dataDir,
      port: 0,
      idpPort: 0,
      logLevel: process.env.E2E_LOG_LEVEL ?? 'warn',
      // A build of one's own (WEB_DIST_DIR, as the standalone's main reads it) instead of web/dist.
      ...(process.env.WEB_DIST_DIR ? { webDistDir: path.resolve(process.env.WEB_DIST_DIR) } : {}),
    });
    return {
      gatewayUrl: running.gatewayUrl,
      demoUrl: running.demoUrl,
      issuer: running.issuer,
      loopback: { gateway: running.loopback.gateway, idp: running.loopback.idp },
      close: async () => {
        await running.close();
        removeData();
      },
    };
  }

  const [port, idpPort] = [await freePort(), await freePort()];
  const child = spawn(process.execPath, [path.join(STANDALONE_DIST, 'main.js')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), IDP_PORT: String(idpPort), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const gateway = `http://127.0.0.1:${port}`;
  const idp = `http://127.0.0.1:${idpPort}`;
  try {
    await Promise.race([
      Promise.all([waitForHttp(`${gateway}/api/features`, 60_000), waitForHttp(`${idp}/healthz`, 60_000)]),
      exited.then((code) => {
        throw new Error(`the standalone stack exited with ${code}`);
      }),
    ]);
  } catch (error) {
    child.kill('SIGTERM');
    removeData();
    throw error;
  }
  return {
    gatewayUrl: `http://localhost:${port}`,
    demoUrl: `http://demo.localhost:${port}`,
    issuer: `http://localhost:${idpPort}`,
    loopback: { gateway, idp },
    close: async () => {
      child.kill('SIGTERM');
      await exited;
      removeData();
    },
  };
}
