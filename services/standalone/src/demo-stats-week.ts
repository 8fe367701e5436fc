/**
 * The demo's week of verifications, so that /management/stats shows something on a fresh start: both demo offices'
 * last seven days (verifications/src/stats/demo-week.ts says what they hold), made by the office's staff user
 * (office-demo-1) and staff manager (office-demo-2).
 *
 * They are written into the verifications service's store before the service opens it, once per data folder (a
 * marker file records it, as for the demo portal credential): a restart adds no second week, and a week the
 * office has since worked on stays as it is. Only the standalone product does this; the verifications service
 * itself never seeds verifications.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DEMO_OFFICES, USERS } from '@dv/dev-idp';
import { openConfiguredStore, type Logger } from '@dv/kit';
import { prepareVerificationsStore, seedDemoWeek, type DemoWeekOffice } from '@dv/verifications';

/** Who made each demo office's verifications, and how many a busy weekday has. */
const MADE_BY: Readonly<Record<string, { readonly email: string; readonly perWeekday: number }>> = {
  'office-demo-1': { email: 'staff@demo.test', perWeekday: 12 },
  'office-demo-2': { email: 'staffmanager@demo.test', perWeekday: 6 },
};

export type DemoWeekOutcome = { readonly verifications: number } | 'seeded before';

export interface SeedDemoStatsWeekOptions {
  /** The data folder the services keep their stores in (the verifications service's is DATA_DIR/verifications). */
  readonly dataDir: string;
  /** Where the standalone product keeps its own files (the marker goes there). */
  readonly dir: string;
  readonly now: Date;
  readonly logger: Pick<Logger, 'info'>;
}

const MARKER = 'demo-stats-week.json';

export function demoWeekOffices(): DemoWeekOffice[] {
  return DEMO_OFFICES.flatMap((office) => {
    const madeBy = MADE_BY[office.id];
    const user = USERS.find((candidate) => candidate.email === madeBy?.email);
    return madeBy === undefined || user === undefined
      ? []
      : [{ id: office.id, orgId: office.orgId, user: { id: user.id, email: user.email }, userName: user.name, perWeekday: madeBy.perWeekday }];
  });
}

export async function seedDemoStatsWeek(options: SeedDemoStatsWeekOptions): Promise<DemoWeekOutcome> {
  const marker = path.join(options.dir, MARKER);
  try {
    await readFile(marker);
    return 'seeded before';
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  // The folder and name the verifications service opens its embedded store with (the kit's openConfiguredStore).
  const store = await openConfiguredStore({ dataDir: options.dataDir, name: 'verifications' });
  let verifications: number;
  try {
    await prepareVerificationsStore(store);
    verifications = await seedDemoWeek(store, { offices: demoWeekOffices(), now: options.now });
  } finally {
    await store.close();
  }
  await mkdir(options.dir, { recursive: true });
  await writeFile(marker, `${JSON.stringify({ verifications, seededAt: options.now.toISOString() })}\n`);
  options.logger.info({ verifications }, 'demo week of verifications ready');
  return { verifications };
}
