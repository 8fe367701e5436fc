/**
 * Writes the demo organization, offices, group and users (the dev identity provider's) into the offices
 * service's MongoDB: `node services/standalone/dist/seed-demo.js` with MONGODB_URI set. docker-compose runs it
 * once before the offices service; it only adds what is missing, so running it again changes nothing.
 */
import { ConfigError, loadConfig, openMongoStore } from '@dv/kit';
import { prepareOfficesStore, seedDemoData } from '@dv/offices';
import { z } from 'zod';
import { demoSeed } from './demo-seed';

const SeedEnv = z.object({
  MONGODB_URI: z.string().regex(/^mongodb(\+srv)?:\/\//, { error: 'must be a mongodb:// URI' }),
});

async function main(): Promise<void> {
  const { MONGODB_URI } = loadConfig(SeedEnv, process.env);
  const store = await openMongoStore({ uri: MONGODB_URI });
  try {
    await prepareOfficesStore(store);
    const seeded = await seedDemoData(store, demoSeed());
    process.stdout.write(`demo data ready: ${JSON.stringify(seeded)} added\n`);
  } finally {
    await store.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : String(error instanceof Error ? error.stack : error)}\n`);
  process.exit(1);
});
