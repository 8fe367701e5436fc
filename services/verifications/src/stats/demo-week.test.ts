import { TICKET_STATUSES } from '@dv/contracts';
import { CARRIER_CATALOGUE } from '../carriers/carrier-catalogue';
import { demoWeek } from './demo-week';
import { pastVerification } from './past-verifications';

const NOW = new Date('2026-03-12T15:30:00Z');
const OFFICES = [
  { id: 'office-demo-1', orgId: 'org-demo', user: { id: 'user-staff', email: 'staff@demo.test' }, perWeekday: 12 },
  { id: 'office-demo-2', orgId: 'org-demo', user: { id: 'user-staffmanager', email: 'staffmanager@demo.test' }, perWeekday: 6 },
];

describe("the demo's week", () => {
  const week = demoWeek({ offices: OFFICES, now: NOW });

  it('is the same week for the same seed and time, patients and ids aside', () => {
    const again = demoWeek({ offices: OFFICES, now: NOW });
    const shape = (items: typeof week) => items.map(({ createdAt, officeId, carrier, outcomes, readyAfterMs, outsourced }) => ({ createdAt, officeId, carrier: carrier.payerId, outcomes, readyAfterMs, outsourced }));
    expect(shape(again)).toEqual(shape(week));
  });

  it('spans the seven days up to now, in office hours, both offices, nothing later than now', () => {
    const days = new Set(week.map((spec) => spec.createdAt.toISOString().slice(0, 10)));
    expect([...days].every((day) => day >= '2026-03-06' && day <= '2026-03-12')).toBe(true);
    expect(days.size).toBeGreaterThanOrEqual(6);
    expect(new Set(week.map((spec) => spec.officeId))).toEqual(new Set(['office-demo-1', 'office-demo-2']));
    for (const spec of week) {
      const built = pastVerification(spec);
      const times = [built.doc.createdAt, built.doc.readyAt, built.doc.submittedAt, built.outsourced?.requestedAt].filter((time) => typeof time === 'string');
      for (const time of times) expect(Date.parse(time)).toBeLessThanOrEqual(NOW.getTime());
      expect(built.jobs.every((job) => job.status === 'done' && job.outcome !== null)).toBe(true);
      expect(CARRIER_CATALOGUE).toContain(spec.carrier);
    }
    expect(week.length).toBeGreaterThan(50);
  });

  it('has the mix a week of work leaves: answered, rejected, failed, outsourced in several statuses', () => {
    const outcomes = week.flatMap((spec) => Object.values(spec.outcomes).map((outcome) => outcome.outcome));
    expect(new Set(outcomes)).toEqual(new Set(['success', 'rejected', 'error']));
    expect(outcomes.filter((outcome) => outcome === 'success').length / outcomes.length).toBeGreaterThan(0.7);
    const statuses = week.flatMap((spec) => (spec.outsourced ? [spec.outsourced.status] : []));
    expect(new Set(statuses).size).toBeGreaterThanOrEqual(2);
    expect(statuses.every((status) => TICKET_STATUSES.includes(status))).toBe(true);
    const reasons = week.flatMap((spec) => Object.values(spec.outcomes).flatMap((outcome) => (outcome.outcome === 'rejected' ? [outcome.reason] : [])));
    for (const reason of reasons) expect(reason).toMatch(/^AAA \d\d [A-Z][\w/ ,-]+ \(Please [a-z ]+\)$/);
  });
});
