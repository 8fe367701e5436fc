/** The merge of several sources' plans and patients, the plan score and the internal warnings: pure functions. */
import { validatePlan, type PatientV3, type PlanV3 } from '@dv/contracts';
import { compareCandidates, priorityTypeOf, SCORE } from './field-priority';
import { mergeSources, type SourceResult } from './merge';
import { agreementRatio, planScore } from './plan-score';
import { sameValue } from './same-value';
import { internalWarnings } from './warnings';

const NOW = new Date('2025-03-01T12:00:00.000Z');
const CARRIER = { payerId: '77777', name: 'Delta Dental of California' };

function plan(edit: (plan: PlanV3) => void = () => undefined): PlanV3 {
  const base: PlanV3 = {
    score: 5,
    details: {
      benefitYear: { value: 'january', score: 2 },
      planType: { value: 'dental', score: 2 },
      participation: { value: 'Not Sure', score: 1 },
      initiationDate: { value: '2025-03-01T11:00:00.000Z', score: 2 },
    },
    payer: { id: '77777', name: 'DELTA DENTAL OF CA', phoneNumber: '8005550199' },
    sponsor: {
      sponsorName: { value: null, score: 1 },
      sponsorType: { value: 'Employer', score: 1 },
      groupNumber: { value: '01234-0001', score: 2 },
      groupName: { value: 'ACME', score: 2 },
    },
    benefits: {
      annualMax: { value: 1500, score: 2 },
      deductible: { individual: { value: 50, score: 2 } },
      adaCodes: {
        'SUB:Crowns': { category: 'Basic', subcategory: 'Crowns', benefitLevel: { value: 50, score: 2 } },
        'ADA:D0274': { category: 'Preventative', subcategory: 'X-Ray', code: 'ADA:D0274', limitation: { value: { quantity: 1, frequency: 12, timePeriod: 'mo' }, score: 2 } },
      },
    },
    schemaVersion: 3,
  };
  edit(base);
  return base;
}

function patient(edit: (patient: PatientV3) => void = () => undefined): PatientV3 {
  const base: PatientV3 = {
    insuranceRemaining: { value: 1210, score: 2 },
    effectiveDate: { value: '01/01/2020', score: 2 },
    history: [{ code: 'ADA:D0120', date: '01/15/2025' }],
    historyStatus: 'Partial',
    coverageStatus: 'active',
    planEndDate: null,
  };
  edit(base);
  return base;
}

const clearinghouse = (p = plan(), pt = patient()): SourceResult => ({ source: 'clearinghouse', sourceName: 'sandbox', plan: p, patient: pt });
const portal = (p = plan(), pt = patient()): SourceResult => ({ source: 'portal', sourceName: 'deltadental', plan: p, patient: pt });

describe('field priority', () => {
  it('classifies patient and plan fields', () => {
    expect(priorityTypeOf(['patient', 'insuranceRemaining'])).toBe('patient');
    expect(priorityTypeOf(['plan', 'benefits', 'annualMax'])).toBe('plan');
  });

  it('puts a user-confirmed value first, then score (plan) or source priority among stated values (patient)', () => {
    const rank = (type: 'plan' | 'patient', ...candidates: { origin: 'portal' | 'clearinghouse' | 'user'; score: number }[]) =>
      [...candidates].sort((a, b) => compareCandidates(a, b, type)).map((candidate) => `${candidate.origin}:${candidate.score}`);
    expect(rank('plan', { origin: 'portal', score: 2 }, { origin: 'user', score: 4 })).toEqual(['user:4', 'portal:2']);
    expect(rank('plan', { origin: 'clearinghouse', score: 2 }, { origin: 'portal', score: 2 })).toEqual(['portal:2', 'clearinghouse:2']);
    expect(rank('plan', { origin: 'portal', score: 1 }, { origin: 'clearinghouse', score: 2 })).toEqual(['clearinghouse:2', 'portal:1']);
    expect(rank('plan', { origin: 'portal', score: 2 }, { origin: 'clearinghouse', score: 3 })).toEqual(['clearinghouse:3', 'portal:2']);
    expect(rank('patient', { origin: 'portal', score: 2 }, { origin: 'clearinghouse', score: 3 })).toEqual(['portal:2', 'clearinghouse:3']);
    expect(rank('patient', { origin: 'portal', score: 1 }, { origin: 'clearinghouse', score: 2 })).toEqual(['clearinghouse:2', 'portal:1']);
  });
});

describe('sameValue', () => {
  it('compares as sources write values', () => {
    expect(sameValue('ACME  Manufacturing', 'acme manufacturing')).toBe(true);
    expect(sameValue(1500, 1500.001)).toBe(true);
    expect(sameValue({ months: 12 }, { years: 1 })).toBe(true);
    expect(sameValue({ months: 6 }, { days: 180 })).toBe(false);
    expect(sameValue({ quantity: 1, frequency: 12, timePeriod: 'mo' }, { timePeriod: 'mo', frequency: 12, quantity: 1 })).toBe(true);
    expect(sameValue({ quantity: 1, frequency: 12, timePeriod: 'mo' }, { quantity: 1, frequency: 1, timePeriod: 'yr' })).toBe(false);
    expect(sameValue(null, undefined)).toBe(true);
  });
});

describe('mergeSources', () => {
  it('keeps one source as it is, scores and all', () => {
    const { plan: merged, patient: mergedPatient, stats } = mergeSources({ results: [clearinghouse()], carrier: CARRIER, now: NOW });
    expect(merged?.benefits.annualMax).toEqual({ value: 1500, score: 2 });
    expect(merged?.details.participation).toEqual({ value: 'Not Sure', score: 1 });
    expect(merged?.payer).toEqual({ id: '77777', name: 'Delta Dental of California', phoneNumber: '8005550199', typeOfVerification: 'clearinghouse' });
    expect(merged?.details.initiationDate).toEqual({ value: NOW.toISOString(), score: 2 });
    expect(mergedPatient.insuranceRemaining).toEqual({ value: 1210, score: 2 });
    expect(stats).toEqual({ compared: 0, agreed: 0, conflicts: [] });
    expect(validatePlan(merged, 3)).toEqual({ ok: true });
  });

  it('raises what two sources state alike to score 3', () => {
    const { plan: merged, patient: mergedPatient, stats } = mergeSources({ results: [clearinghouse(), portal()], carrier: CARRIER, now: NOW });
    expect(merged?.benefits.annualMax).toEqual({ value: 1500, score: 3 });
    expect(merged?.benefits.adaCodes['SUB:Crowns']?.benefitLevel).toEqual({ value: 50, score: 3 });
    expect(mergedPatient.insuranceRemaining).toEqual({ value: 1210, score: 3 });
    // Inferred values neither confirm nor dispute: participation stays 1, sponsor type is not compared.
    expect(merged?.details.participation).toEqual({ value: 'Not Sure', score: 1 });
    expect(stats.conflicts).toEqual([]);
    expect(stats.agreed).toBe(stats.compared);
    expect(stats.compared).toBeGreaterThanOrEqual(10);
    expect(merged?.payer.typeOfVerification).toBe('portal+clearinghouse');
  });

  it('keeps a plan-level disagreement: the portal wins a tie, the value drops to 1, the loser is in the entry', () => {
    const fromPortal = plan((p) => {
      p.benefits.adaCodes['ADA:D0274']!.limitation = { value: { quantity: 1, frequency: 1, timePeriod: 'yr' }, score: 2 };
    });
    const { plan: merged, stats } = mergeSources({ results: [clearinghouse(), portal(fromPortal)], carrier: CARRIER, now: NOW });
    const entry = merged!.benefits.adaCodes['ADA:D0274']!;
    expect(entry.limitation).toEqual({ value: { quantity: 1, frequency: 1, timePeriod: 'yr' }, score: 1 });
    expect(entry.mappingInfo).toEqual([
      {
        message: 'CONFLICTS',
        path: 'limitation',
        detail: 'clearinghouse (sandbox) stated {"frequency":12,"quantity":1,"timePeriod":"mo"} (score 2); kept portal (deltadental): {"frequency":1,"quantity":1,"timePeriod":"yr"}',
      },
    ]);
    expect(stats.conflicts).toEqual([
      {
        path: 'plan.benefits.adaCodes.ADA:D0274.limitation',
        kept: { origin: 'portal', sourceName: 'deltadental', value: { quantity: 1, frequency: 1, timePeriod: 'yr' }, score: 2 },
        lost: [{ origin: 'clearinghouse', sourceName: 'sandbox', value: { quantity: 1, frequency: 12, timePeriod: 'mo' }, score: 2 }],
      },
    ]);
    expect(stats.agreed).toBe(stats.compared - 1);
  });

  it('keeps plan-wide and sponsor disagreements where map271 keeps its own', () => {
    const fromPortal = plan((p) => {
      p.benefits.annualMax = { value: 2000, score: 2 };
      p.sponsor.groupName = { value: 'ACME INC', score: 2 };
    });
    const { plan: merged } = mergeSources({ results: [clearinghouse(), portal(fromPortal)], carrier: CARRIER, now: NOW });
    expect(merged?.benefits.annualMax).toEqual({ value: 2000, score: 1 });
    expect(merged?.benefits.mappingInfo).toEqual([expect.objectContaining({ message: 'CONFLICTS', path: 'annualMax', detail: expect.stringContaining('stated 1500') })]);
    expect(merged?.details.mappingInfo).toEqual([expect.objectContaining({ message: 'CONFLICTS', path: 'sponsor.groupName' })]);
  });

  it('lets a stated plan value beat an inferred one without a conflict', () => {
    const fromPortal = plan((p) => (p.details.participation = { value: 'In Network', score: 2 }));
    const { plan: merged, stats } = mergeSources({ results: [clearinghouse(), portal(fromPortal)], carrier: CARRIER, now: NOW });
    expect(merged?.details.participation).toEqual({ value: 'In Network', score: 2 });
    expect(stats.conflicts).toEqual([]);
  });

  it('keeps a patient-level disagreement with the portal’s value and score, noted in the details', () => {
    const fromPortal = patient((p) => (p.insuranceRemaining = { value: 1110, score: 2 }));
    const { plan: merged, patient: mergedPatient } = mergeSources({ results: [clearinghouse(), portal(plan(), fromPortal)], carrier: CARRIER, now: NOW });
    expect(mergedPatient.insuranceRemaining).toEqual({ value: 1110, score: 2 });
    expect(merged?.details.mappingInfo).toEqual([
      { message: 'CONFLICTS', path: 'patient.insuranceRemaining', detail: 'clearinghouse (sandbox) stated 1210 (score 2); kept portal (deltadental): 1110' },
    ]);
  });

  it('merges history, history status, coverage status and plan end date', () => {
    const fromPortal = patient((p) => {
      p.history = [
        { code: 'ADA:D0120', date: '01/15/2025', tooth: undefined, notes: 'Periodic exam' },
        { code: 'ADA:D2391', date: '02/01/2025', tooth: ['30'], surfaces: { '30': 'MO' } },
      ];
      p.historyStatus = 'Complete';
      p.coverageStatus = 'unknown';
      p.planEndDate = '12/31/2025';
    });
    const { patient: merged, stats } = mergeSources({ results: [clearinghouse(), portal(plan(), fromPortal)], carrier: CARRIER, now: NOW });
    expect(merged.history).toEqual([
      { code: 'ADA:D2391', date: '02/01/2025', tooth: ['30'], surfaces: { '30': 'MO' } },
      { code: 'ADA:D0120', date: '01/15/2025', notes: 'Periodic exam' },
    ]);
    expect(merged.historyStatus).toBe('Complete');
    // 'unknown' is no statement: the clearinghouse's active stands, undisputed.
    expect(merged.coverageStatus).toBe('active');
    expect(merged.planEndDate).toBe('12/31/2025');
    expect(stats.conflicts).toEqual([]);
  });

  it('records a coverage status disagreement', () => {
    const fromPortal = patient((p) => (p.coverageStatus = 'terminated'));
    const { patient: merged, stats } = mergeSources({ results: [clearinghouse(), portal(plan(), fromPortal)], carrier: CARRIER, now: NOW });
    expect(merged.coverageStatus).toBe('terminated');
    expect(stats.conflicts.map((conflict) => conflict.path)).toEqual(['patient.coverageStatus']);
  });

  it('keeps user-confirmed values, and entries a user created, through a new merge; drops stale entries', () => {
    const previous = plan((p) => {
      p.benefits.annualMax = { value: 1750, score: 4, changeHistory: [{ userHash: 'h', updatedAt: NOW.toISOString(), value: 1750, oldValue: 1500, newValue: 1750, oldScore: 2, newScore: 4 }] };
      p.benefits.adaCodes['ADA:D2740'] = { category: 'Basic', subcategory: 'Crowns', code: 'ADA:D2740', benefitLevel: { value: 40, score: 4 } };
      p.benefits.adaCodes['ADA:D9999'] = { category: 'Adjunctive General Services', code: 'ADA:D9999', benefitLevel: { value: 10, score: 2 } };
      p.userHashes = ['h'];
    });
    const { plan: merged } = mergeSources({
      results: [clearinghouse(), portal()],
      carrier: CARRIER,
      now: NOW,
      previous: { plan: previous, patient: patient() },
    });
    expect(merged?.benefits.annualMax?.value).toBe(1750);
    expect(merged?.benefits.annualMax?.score).toBe(4);
    expect(merged?.benefits.annualMax?.changeHistory).toHaveLength(1);
    expect(merged?.benefits.adaCodes['ADA:D2740']).toEqual({ category: 'Basic', subcategory: 'Crowns', code: 'ADA:D2740', benefitLevel: { value: 40, score: 4 } });
    expect(merged?.benefits.adaCodes['ADA:D9999']).toBeUndefined();
    expect(merged?.userHashes).toEqual(['h']);
    expect(validatePlan(merged, 3)).toEqual({ ok: true });
  });

  it('has no plan when no source has one, and keeps the empty patient', () => {
    const result = mergeSources({ results: [], carrier: CARRIER, now: NOW });
    expect(result.plan).toBeNull();
    expect(result.patient).toEqual({ history: [], historyStatus: 'Unknown', coverageStatus: 'unknown' });
  });
});

describe('planScore', () => {
  const complete = plan((p) => {
    p.benefits.adaCodes['CAT:Preventative'] = { category: 'Preventative', benefitLevel: { value: 100, score: 2 } };
    p.benefits.adaCodes['SUB:Restorative'] = { category: 'Basic', subcategory: 'Restorative', benefitLevel: { value: 80, score: 2 } };
    p.benefits.adaCodes['SUB:Prosthodontics'] = { category: 'Major', subcategory: 'Prosthodontics', benefitLevel: { value: 50, score: 2 } };
  });

  it('is 1 + round(9 x (0.7 completeness + 0.3 agreement))', () => {
    // Ten facts of ten: two agreeing sources 10, a single source 9.
    expect(planScore(complete, patient(), { compared: 20, agreed: 20 })).toBe(10);
    expect(planScore(complete, patient(), { compared: 0, agreed: 0 })).toBe(9);
    expect(planScore(complete, patient(), { compared: 20, agreed: 10 })).toBe(9);
    expect(planScore(complete, patient(), { compared: 4, agreed: 0 })).toBe(7);
    const empty = plan((p) => {
      p.benefits = { adaCodes: {} };
      p.sponsor.groupNumber = { value: null, score: 1 };
    });
    const nothing: PatientV3 = { history: [], historyStatus: 'Unknown', coverageStatus: 'unknown' };
    expect(planScore(empty, nothing, { compared: 0, agreed: 0 })).toBe(2);
    expect(planScore(empty, nothing, { compared: 3, agreed: 0 })).toBe(1);
    expect(agreementRatio({ compared: 0, agreed: 0 })).toBe(0.5);
  });
});

describe('internalWarnings', () => {
  it('raises each warning where it applies', () => {
    const noGroup = plan((p) => (p.sponsor.groupNumber = { value: null, score: 1 }));
    expect(internalWarnings({ sourceWarnings: ['GROUP_NUMBER_MISSING'], plan: plan(), conflicts: [], outcomes: ['success'] })).toEqual([]);
    expect(internalWarnings({ sourceWarnings: [], plan: noGroup, conflicts: [], outcomes: ['success'] })).toEqual(['GROUP_NUMBER_MISSING']);
    expect(internalWarnings({ sourceWarnings: ['MULTIPLE_PLANS_FOUND'], plan: plan(), conflicts: [], outcomes: [] })).toEqual(['MULTIPLE_PLANS_FOUND']);
    const groupConflict = {
      path: 'plan.sponsor.groupNumber',
      kept: { origin: 'portal' as const, sourceName: 'p', value: 'A', score: SCORE.stated },
      lost: [{ origin: 'clearinghouse' as const, sourceName: 'c', value: 'B', score: SCORE.stated }],
    };
    expect(internalWarnings({ sourceWarnings: [], plan: plan(), conflicts: [groupConflict], outcomes: [] })).toEqual(['MULTIPLE_PLANS_FOUND']);
    expect(internalWarnings({ sourceWarnings: [], plan: null, conflicts: [], outcomes: ['rejected'] })).toEqual([]);
    expect(internalWarnings({ sourceWarnings: [], plan: null, conflicts: [], outcomes: ['rejected', 'error'] })).toEqual(['UNKNOWN_ERROR']);
  });
});
