import { EligibilityEntryV3, ELIGIBILITY_CHANGE_FIELDS, type PatientV3, type PlanV3 } from '@dv/contracts';
import fc from 'fast-check';
import { eligibilityChanges, findingOf, type CheckFinding } from './eligibility';

const patient = (changes: Partial<PatientV3> = {}): PatientV3 => ({
  deductibleRemaining: { value: 50, score: 2, changeHistory: [] },
  insuranceRemaining: { value: 1200, score: 3 },
  effectiveDate: { value: '01/01/2021', score: 2 },
  history: [{ code: 'ADA:D0120', date: '05/12/2026' }],
  historyStatus: 'Partial',
  coverageStatus: 'active',
  planEndDate: null,
  ...changes,
});

const plan = { details: { participation: { value: 'In Network', score: 2 } } } as unknown as PlanV3;

describe('findingOf', () => {
  it('takes the eligibility part of the patient and the plan participation, as a strict SPEC entry', () => {
    const { entry, found } = findingOf(patient(), plan);
    expect(EligibilityEntryV3.parse(entry)).toEqual({
      deductibleRemaining: { value: 50, score: 2 },
      insuranceRemaining: { value: 1200, score: 3 },
      effectiveDate: { value: '01/01/2021', score: 2 },
      coverageStatus: 'active',
      planEndDate: null,
      isActive: true,
      participationLevel: { value: 'In Network', score: 2 },
    });
    expect(found).toEqual({ history: [{ code: 'ADA:D0120', date: '05/12/2026' }], historyStatus: 'Partial' });
  });

  it('states no participation without a plan, and inactive coverage as not active', () => {
    const { entry } = findingOf(patient({ coverageStatus: 'terminated', planEndDate: '06/30/2026' }), null);
    expect(entry).toMatchObject({ coverageStatus: 'terminated', isActive: false, planEndDate: '06/30/2026', participationLevel: { value: null, score: 1 } });
  });
});

describe('eligibilityChanges', () => {
  const before = findingOf(patient(), plan);

  it('names a changed remaining maximum in dollars', () => {
    const after = findingOf(patient({ insuranceRemaining: { value: 950, score: 2 } }), plan);
    expect(eligibilityChanges(before, after)).toEqual([
      { field: 'insuranceRemaining', from: '$1,200.00', to: '$950.00', text: 'Remaining maximum went from $1,200.00 to $950.00' },
    ]);
  });

  it('lists every change in field order: coverage, dates, amounts, participation, history', () => {
    const after = findingOf(
      patient({
        coverageStatus: 'terminated',
        planEndDate: '11/30/2026',
        deductibleRemaining: undefined,
        historyStatus: 'Complete',
        history: [
          { code: 'ADA:D0120', date: '05/12/2026' },
          { code: 'ADA:D1110', date: '11/02/2026' },
        ],
      }),
      { details: { participation: { value: 'Out Of Network', score: 2 } } } as unknown as PlanV3,
    );
    const changes = eligibilityChanges(before, after);
    expect(changes.map((change) => change.field)).toEqual(['coverageStatus', 'planEndDate', 'deductibleRemaining', 'participationLevel', 'historyStatus', 'history']);
    expect(changes.map((change) => change.text)).toEqual([
      'Coverage went from active to terminated',
      'Plan end date went from not stated to 11/30/2026',
      'Remaining deductible went from $50.00 to not stated',
      'Participation went from In Network to Out Of Network',
      'History went from Partial to Complete',
      '1 new history record: D1110 on 11/02/2026',
    ]);
  });

  it('says which history records a source no longer reports', () => {
    const after = findingOf(patient({ history: [] }), plan);
    expect(eligibilityChanges(before, after)).toEqual([
      { field: 'history', from: 'D0120 on 05/12/2026', to: null, text: '1 record no longer reported: D0120 on 05/12/2026' },
    ]);
  });

  it('finds nothing between a check and itself, and only real differences otherwise (generated patients)', () => {
    const amount = fc.option(fc.integer({ min: 0, max: 20_000 }).map((value) => ({ value, score: 2 })), { nil: undefined });
    const day = fc.constantFrom('01/01/2021', '06/30/2026', '11/02/2026');
    const arbitraryPatient = fc.record({
      insuranceRemaining: amount,
      deductibleRemaining: amount,
      coverageStatus: fc.constantFrom<PatientV3['coverageStatus']>('active', 'inactive', 'terminated', 'unknown'),
      planEndDate: fc.option(day, { nil: null }),
      history: fc.array(fc.record({ code: fc.constantFrom('ADA:D0120', 'ADA:D1110', 'ADA:D0274'), date: day }), { maxLength: 4 }),
    });
    fc.assert(
      fc.property(arbitraryPatient, arbitraryPatient, (a, b) => {
        const first: CheckFinding = findingOf(patient(a), plan);
        const second: CheckFinding = findingOf(patient(b), plan);
        expect(eligibilityChanges(first, first)).toEqual([]);
        const changes = eligibilityChanges(first, second);
        for (const change of changes) {
          expect(change.from).not.toBe(change.to);
          expect(change.text.length).toBeGreaterThan(0);
        }
        const fields = changes.map((change) => ELIGIBILITY_CHANGE_FIELDS.indexOf(change.field));
        expect(fields).toEqual([...fields].sort((x, y) => x - y));
      }),
    );
  });
});
