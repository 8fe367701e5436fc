/** The verifications service as its own process: configuration from the environment, graceful shutdown on SIGTERM. */
import { ConfigError } from '@dv/kit';
import { loadVerificationsConfig } from './config';
import { startVerifications } from './service';

async function main(): Promise<void> {
  const config = loadVerificationsConfig(process.env);
  await startVerifications({ config, handleSignals: true });
}

main().catch((error: unknown) => {
  // The logger may not exist yet (bad configuration); stderr always does.
  process.stderr.write(`${error instanceof ConfigError ? error.message : String(error instanceof Error ? error.stack : error)}\n`);
  process.exit(1);
});
