/**
 * The gateway as its own process: `node services/gateway/dist/main.js`, configured by the environment (see
 * config.ts and the README), closing gracefully on SIGTERM.
 */
import { ConfigError, createLogger, listenWithGracefulShutdown } from '@dv/kit';
import { buildGateway } from './app';
import { gatewayConfigFromEnv } from './config';

async function main(): Promise<void> {
  const config = gatewayConfigFromEnv(process.env);
  const logger = createLogger({ name: 'gateway', level: config.logLevel });
  const app = await buildGateway({ config, logger });
  await listenWithGracefulShutdown(app, { port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  // A configuration error names every bad variable; its stack would only bury that.
  process.stderr.write(`${error instanceof ConfigError ? error.message : String(error instanceof Error ? error.stack : error)}\n`);
  process.exit(1);
});
