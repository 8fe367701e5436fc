/**
 * `npm run start:services`: the product as separate processes on loopback (start-processes.ts) from the built
 * files: the gateway on http://localhost:8080 (PORT), the provider on :8090 (IDP_PORT), each service's store
 * under ./data-services/<service> (DATA_DIR), the bus and the realtime rooms on REDIS_URL (default
 * redis://127.0.0.1:6379). SIGTERM or SIGINT stops every process.
 */
import path from 'node:path';
import { startProcesses } from './start-processes';
import { exitOnStartFailure } from './exit-on-failure';

const port = (value: string | undefined, fallback: number) => (value === undefined || value === '' ? fallback : Number(value));

async function main(): Promise<void> {
  const dataDir = path.resolve(process.env.DATA_DIR ?? './data-services');
  const running = await startProcesses({
    dataDir,
    port: port(process.env.PORT, 8080),
    idpPort: port(process.env.IDP_PORT, 8090),
    ...(process.env.REDIS_URL ? { redisUrl: process.env.REDIS_URL } : {}),
    logLevel: 'info',
    echo: true,
  });
  process.stdout.write(
    [
      '',
      'Verific is running as separate processes (Redis Streams bus, two realtime processes, embedded stores)',
      `  web app and API      http://localhost:${running.port}  (demo organization: http://demo.localhost:${running.port})`,
      `  identity provider    ${running.issuer}`,
      `  processes            ${running.processes.map((service) => `${service.name} pid ${String(service.child.pid)}`).join(', ')}`,
      `  data                 ${dataDir}`,
      '',
    ].join('\n'),
  );
  let stopping = false;
  const stop = () => {
    if (stopping) process.exit(1);
    stopping = true;
    running.close().then(() => process.exit(0), exitOnStartFailure);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch(exitOnStartFailure);
