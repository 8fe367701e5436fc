import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openConfiguredStore } from '@dv/kit';
import { VERIFICATIONS_COLLECTION } from '@dv/verifications';
import { demoWeekOffices, seedDemoStatsWeek } from './demo-stats-week';

const logger = { info: () => undefined };
let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'demo-stats-week-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

describe('the demo week of verifications', () => {
  it("is made by each demo office's own user, named as a live verification names its creator", () => {
    expect(demoWeekOffices().map((office) => [office.id, office.user.email, office.userName])).toEqual([
      ['office-demo-1', 'staff@demo.test', 'Taylor Staff'],
      ['office-demo-2', 'staffmanager@demo.test', 'Morgan Staffmanager'],
    ]);
  });

  it("is written into the verifications service's store once per data folder", async () => {
    const now = new Date('2026-03-12T18:00:00Z');
    const options = { dataDir, dir: path.join(dataDir, 'standalone'), now, logger };
    const first = await seedDemoStatsWeek(options);
    expect(first).toEqual({ verifications: expect.any(Number) });
    expect(await seedDemoStatsWeek(options)).toBe('seeded before');

    const store = await openConfiguredStore({ dataDir, name: 'verifications' });
    try {
      const stored = await store.collection(VERIFICATIONS_COLLECTION).find({});
      expect(stored).toHaveLength(first === 'seeded before' ? -1 : first.verifications);
      expect(new Set(stored.map((doc) => doc.officeId))).toEqual(new Set(['office-demo-1', 'office-demo-2']));
      expect(new Set(stored.map((doc) => doc.createdByName))).toEqual(new Set(['Taylor Staff', 'Morgan Staffmanager']));
      expect(stored.every((doc) => typeof doc.createdAt === 'string' && doc.createdAt >= '2026-03-06' && Date.parse(doc.createdAt) <= now.getTime())).toBe(true);
    } finally {
      await store.close();
    }
  });
});
