import { quantile, statsTally, type TalliedJob } from './stats-tally';

const DAYS = ['2026-03-02', '2026-03-03'];
const dayOf = (iso: string) => iso.slice(0, 10);

const job = (verificationId: string, source: TalliedJob['source'], outcome: TalliedJob['outcome'], reason: string | null = null): TalliedJob => ({
  verificationId,
  source,
  status: outcome === null ? 'credentialPending' : 'done',
  outcome,
  reason,
});

describe('quantile', () => {
  it('interpolates between the closest ranks', () => {
    expect(quantile([], 0.5)).toBeNull();
    expect(quantile([7], 0.9)).toBe(7);
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([1, 2, 3], 0.5)).toBe(2);
    expect(quantile([10, 20, 30, 40, 50, 60, 70, 80, 90, 100], 0.9)).toBe(91);
  });
});

describe('the tally', () => {
  it('counts over batches, with the rules of its header', () => {
    const tally = statsTally(DAYS, dayOf);
    tally.add({
      verifications: [
        { _id: 'a', createdAt: '2026-03-02T10:00:00.000Z', readyAt: '2026-03-02T10:00:04.000Z' },
        // Ready, but no source answered with a plan.
        { _id: 'b', createdAt: '2026-03-02T11:00:00.000Z', readyAt: '2026-03-02T11:00:08.000Z' },
        // Still running.
        { _id: 'c', createdAt: '2026-03-03T09:00:00.000Z', readyAt: null },
      ],
      jobs: [
        job('a', 'clearinghouse', 'success'),
        job('a', 'portal', null),
        job('b', 'clearinghouse', 'rejected', '  AAA 75 Subscriber/insured not found  '),
        job('b', 'portal', 'error', 'The portal did not accept the login'),
        { verificationId: 'c', source: 'clearinghouse', status: 'processing', outcome: null, reason: null },
      ],
      outsourced: [],
    });
    tally.add({
      verifications: [{ _id: 'd', createdAt: '2026-03-03T12:00:00.000Z', readyAt: '2026-03-03T12:00:02.000Z' }],
      jobs: [job('d', 'clearinghouse', 'rejected', null)],
      outsourced: [{ _id: 'd', status: 'QA Complete' }],
    });
    expect(tally.reply({ from: DAYS[0]!, to: DAYS[1]!, timeZone: 'UTC', officeId: 'o1', truncated: false })).toEqual({
      from: '2026-03-02',
      to: '2026-03-03',
      timeZone: 'UTC',
      officeId: 'o1',
      truncated: false,
      totals: { verifications: 4, ready: 3, readyWithoutAgent: 1, outsourced: 1 },
      readyWithoutAgentShare: 0.25,
      timeToReady: { count: 3, medianMs: 4000, p90Ms: 7200 },
      perDay: [
        { day: '2026-03-02', verifications: 2, readyWithoutAgent: 1, outsourced: 0 },
        { day: '2026-03-03', verifications: 2, readyWithoutAgent: 0, outsourced: 1 },
      ],
      sources: [
        { source: 'clearinghouse', jobs: 4, success: 1, rejected: 2, error: 0, unfinished: 1, successRate: 1 / 3 },
        { source: 'portal', jobs: 2, success: 0, rejected: 0, error: 1, unfinished: 1, successRate: 0 },
      ],
      rejectionReasons: [
        { reason: 'AAA 75 Subscriber/insured not found', count: 1 },
        { reason: 'No reason given', count: 1 },
      ],
      outsourcedByStatus: [{ status: 'QA Complete', count: 1 }],
    });
  });

  it('keeps the ten most frequent reasons, ties by text, and cuts an overlong one', () => {
    const tally = statsTally(DAYS, dayOf);
    const jobs = Array.from({ length: 12 }, (_, index) =>
      Array.from({ length: index + 1 }, () => job('v', 'clearinghouse', 'rejected', `reason ${String.fromCharCode(97 + (index % 3))}${index}`)),
    ).flat();
    tally.add({ verifications: [], jobs: [...jobs, job('v', 'clearinghouse', 'rejected', 'x'.repeat(1000))], outsourced: [] });
    const reasons = tally.reply({ from: DAYS[0]!, to: DAYS[1]!, timeZone: 'UTC', officeId: null, truncated: false }).rejectionReasons;
    expect(reasons).toHaveLength(10);
    expect(reasons[0]).toEqual({ reason: 'reason c11', count: 12 });
    expect(reasons.at(-1)).toEqual({ reason: 'reason c2', count: 3 });
    const long = statsTally(DAYS, dayOf);
    long.add({ verifications: [], jobs: [job('v', 'clearinghouse', 'rejected', 'x'.repeat(1000))], outsourced: [] });
    expect(long.reply({ from: DAYS[0]!, to: DAYS[1]!, timeZone: 'UTC', officeId: null, truncated: false }).rejectionReasons[0]?.reason).toHaveLength(300);
  });
});
