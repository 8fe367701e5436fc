/**
 * The figures stay exact over 10,000 verifications (the demo week's generator, over six weeks of three offices):
 * the API's answer equals the answer counted here from the specs themselves, read batch after batch. The service's
 * paging is also checked with small batches over verifications created at the same instant (ties broken by id),
 * and its cap: a range beyond it says so, and counts the earliest ones only.
 */
import { type StatsReply, type TicketStatus } from '@dv/contracts';
import { type Actor } from '@dv/kit';
import { demoWeek } from './demo-week';
import { type PastVerificationSpec } from './past-verifications';
import { statsService } from './stats.service';
import { statsStore } from './stats.store';
import { past, statsHarness, type StatsHarness } from './stats-testing';

const WEEKS = 6;
const FIRST_DAY = Date.parse('2026-01-05T00:00:00Z');
const OFFICES = [
  { id: 'office-a1', orgId: 'org-a', user: { id: 'user-staff', email: 'staff@a.test' }, perWeekday: 230 },
  { id: 'office-a2', orgId: 'org-a', user: { id: 'user-staff-a2', email: null }, perWeekday: 110 },
];

function sixWeeks(): PastVerificationSpec[] {
  return Array.from({ length: WEEKS }, (_, week) =>
    demoWeek({ offices: OFFICES, now: new Date(FIRST_DAY + (week * 7 + 6) * 86_400_000 + 86_399_000), seed: week + 1 }),
  ).flat();
}

/** The figures counted from the specs, independently of the service. */
function countedFrom(specs: readonly PastVerificationSpec[]) {
  const answered = (spec: PastVerificationSpec) => Object.values(spec.outcomes).some((outcome) => outcome.outcome === 'success');
  const byStatus = new Map<TicketStatus, number>();
  for (const spec of specs) if (spec.outsourced) byStatus.set(spec.outsourced.status, (byStatus.get(spec.outsourced.status) ?? 0) + 1);
  const durations = specs.map((spec) => spec.readyAfterMs).sort((a, b) => a - b);
  const jobs = specs.flatMap((spec) => [spec.outcomes.clearinghouse, ...(spec.carrier.portalId === null ? [] : [spec.outcomes.portal])]);
  return {
    verifications: specs.length,
    readyWithoutAgent: specs.filter((spec) => answered(spec) && spec.outsourced === undefined).length,
    outsourced: specs.filter((spec) => spec.outsourced !== undefined).length,
    medianMs: (durations[Math.floor((durations.length - 1) / 2)]! + durations[Math.ceil((durations.length - 1) / 2)]!) / 2,
    jobs: jobs.length,
    rejected: jobs.filter((outcome) => outcome?.outcome === 'rejected').length,
    byStatus,
  };
}

let h: StatsHarness;
let specs: PastVerificationSpec[];

beforeAll(async () => {
  specs = sixWeeks();
  h = await statsHarness(specs);
}, 120_000);
afterAll(() => h?.close());

describe('10,000 verifications', () => {
  it('has them', () => {
    expect(specs.length).toBeGreaterThanOrEqual(10_000);
  });

  it('answers exactly what they hold', async () => {
    const response = await h.stats('from=2026-01-05&to=2026-02-15', 'superadministrator');
    expect(response.statusCode).toBe(200);
    const figures = response.json<StatsReply>();
    const counted = countedFrom(specs);
    expect(figures.truncated).toBe(false);
    expect(figures.totals).toEqual({ verifications: counted.verifications, ready: counted.verifications, readyWithoutAgent: counted.readyWithoutAgent, outsourced: counted.outsourced });
    expect(figures.timeToReady.medianMs).toBe(counted.medianMs);
    expect(figures.sources.reduce((sum, source) => sum + source.jobs, 0)).toBe(counted.jobs);
    expect(figures.sources.reduce((sum, source) => sum + source.rejected, 0)).toBe(counted.rejected);
    expect(figures.rejectionReasons.reduce((sum, reason) => sum + reason.count, 0)).toBe(counted.rejected);
    expect(new Map(figures.outsourcedByStatus.map((entry) => [entry.status, entry.count]))).toEqual(counted.byStatus);
    expect(figures.perDay).toHaveLength(WEEKS * 7);
    expect(figures.perDay.reduce((sum, day) => sum + day.verifications, 0)).toBe(counted.verifications);
    for (const day of figures.perDay) {
      expect(day.verifications).toBe(specs.filter((spec) => spec.createdAt.toISOString().startsWith(day.day)).length);
    }
  });

  it("one office's are that office's", async () => {
    const figures = (await h.stats('from=2026-01-05&to=2026-02-15', 'staff', 'office-a1')).json<StatsReply>();
    expect(figures.totals.verifications).toBe(specs.filter((spec) => spec.officeId === 'office-a1').length);
  });
});

describe('paging and the cap', () => {
  // Ten verifications at one instant and five at the next: the batches' edges fall between equal creation times.
  const SAME = [
    ...Array.from({ length: 10 }, () => past('office-b1', '2026-04-01T12:00:00Z')),
    ...Array.from({ length: 5 }, () => past('office-b1', '2026-04-01T12:00:01Z', { outsourced: { afterMs: 1000, status: 'Open' } })),
  ];
  let paging: StatsHarness;
  beforeAll(async () => {
    paging = await statsHarness(SAME);
  });
  afterAll(() => paging.close());

  const actor = { userId: 'user-super-b', orgId: 'org-b', roles: ['superadministrator'], companyUser: true, claims: {} } as unknown as Actor;
  const context = () => ({ actor });
  const query = { from: '2026-04-01', to: '2026-04-01', timeZone: 'UTC' };

  it.each([1, 3, 4, 10, 14, 15, 16, 500])('reads every verification once with batches of %i', async (batchSize) => {
    const service = statsService({ stats: statsStore(paging.store), batchSize });
    const figures = await service.figures(context(), query);
    expect(figures.totals).toMatchObject({ verifications: 15, outsourced: 5 });
    expect(figures.truncated).toBe(false);
  });

  it('counts the earliest verifications up to the cap, and says so', async () => {
    for (const [batchSize, maxVerifications] of [[4, 12], [500, 12], [3, 14], [5, 10]] as const) {
      const figures = await statsService({ stats: statsStore(paging.store), batchSize, maxVerifications }).figures(context(), query);
      expect({ batchSize, maxVerifications, counted: figures.totals.verifications, truncated: figures.truncated }).toEqual({
        batchSize,
        maxVerifications,
        counted: maxVerifications,
        truncated: true,
      });
      expect(figures.totals.outsourced).toBe(Math.max(0, maxVerifications - 10));
    }
    const exact = await statsService({ stats: statsStore(paging.store), batchSize: 5, maxVerifications: 15 }).figures(context(), query);
    expect({ counted: exact.totals.verifications, truncated: exact.truncated }).toEqual({ counted: 15, truncated: false });
  });
});
