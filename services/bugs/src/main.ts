/** The bugs service as its own process: configuration from the environment, graceful shutdown on SIGTERM. */
import { ConfigError } from '@dv/kit';
import { loadBugsConfig } from './config';
import { startBugs } from './service';

async function main(): Promise<void> {
  const config = loadBugsConfig(process.env);
  await startBugs({ config, handleSignals: true });
}

main().catch((error: unknown) => {
  // The logger may not exist yet (bad configuration); stderr always does.
  process.stderr.write(`${error instanceof ConfigError ? error.message : String(error instanceof Error ? error.stack : error)}\n`);
  process.exit(1);
});
