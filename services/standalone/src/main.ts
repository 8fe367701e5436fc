/**
 * `npm start`: the whole product in one process on http://localhost:8080 (PORT), with the development identity
 * provider on http://localhost:8090 (IDP_PORT), embedded store files under ./data (DATA_DIR) and demo data.
 * SIGTERM or SIGINT closes everything cleanly; a second signal exits at once.
 */
import { ConfigError } from '@dv/kit';
import { standaloneConfigFromEnv } from './config';
import { isLoopbackHost, startStandalone, type RunningStandalone } from './start';

const SHUTDOWN_TIMEOUT_MS = 15_000;

function banner(running: RunningStandalone, dataDir: string, host: string): string {
  const tokens = isLoopbackHost(host)
    ? [
        '  a token for scripts:',
        `    curl -s -X POST ${running.issuer}/dev/token -H 'content-type: application/json' -d '{"email":"staff@demo.test"}'`,
      ]
    : ['  tokens for scripts (POST /dev/token): off, the product listens beyond this machine'];
  return [
    '',
    'Verific is running (standalone: embedded store, in-process bus, development identity provider)',
    `  web app and API      ${running.gatewayUrl}  (asks for the organization)`,
    `  demo organization    ${running.demoUrl}`,
    `  identity provider    ${running.issuer}`,
    `  data                 ${dataDir}`,
    '  demo users, password "demo":',
    ...running.demoUsers.map((email) => `    ${email}`),
    ...tokens,
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  const config = standaloneConfigFromEnv(process.env);
  const running = await startStandalone({ ...config });
  process.stdout.write(`${banner(running, config.dataDir, config.host)}\n`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) {
      process.stderr.write(`${signal} again: exiting now\n`);
      process.exit(1);
    }
    stopping = true;
    process.stdout.write(`${signal}: shutting down\n`);
    const force = setTimeout(() => {
      process.stderr.write(`shutdown took longer than ${SHUTDOWN_TIMEOUT_MS} ms, exiting\n`);
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    force.unref();
    running.close().then(
      () => {
        clearTimeout(force);
        process.stdout.write('stopped\n');
        process.exit(0);
      },
      (error: unknown) => {
        process.stderr.write(`shutdown failed: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : String(error instanceof Error ? error.stack : error)}\n`);
  process.exit(1);
});
