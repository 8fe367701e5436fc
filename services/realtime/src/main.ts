/** The realtime service as its own process: configuration from the environment, graceful shutdown on SIGTERM. */
import { ConfigError } from '@dv/kit';
import { loadRealtimeConfig } from './config';
import { startRealtime } from './service';

async function main(): Promise<void> {
  const config = loadRealtimeConfig(process.env);
  await startRealtime({ config, handleSignals: true });
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : String(error instanceof Error ? error.stack : error)}\n`);
  process.exit(1);
});
