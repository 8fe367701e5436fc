import { EligibilityEntryV3, ReverificationV1, ReverificationV2, ReverificationV3 } from './reverification';

const eligibility = {
  deductibleRemaining: { value: 0, score: 3 },
  insuranceRemaining: { value: 980, score: 3 },
  note: 'Active since March 2021.',
  coverageStatus: 'active',
  isActive: true,
  participationLevel: { value: 'DPPO', score: 3 },
} as const;

describe('re-verification documents', () => {
  it('version 1 dates by epoch milliseconds', () => {
    const doc = {
      historyStatus: 'Partial',
      history: [{ code: 'D1110', date: Date.UTC(2024, 5, 3) }],
      eligibility: [{ ...eligibility, effectiveDate: { value: Date.UTC(2021, 2, 1), score: 3 } }],
    };
    expect(ReverificationV1.safeParse(doc).success).toBe(true);
  });

  it('version 2 dates by MM/DD/YYYY', () => {
    const doc = {
      historyStatus: 'Complete',
      history: [{ code: 'D1110', date: '06/03/2024' }],
      eligibility: [{ ...eligibility, effectiveDate: { value: '03/01/2021', score: 3 }, planEndDate: null }],
      feeSchedule: 'Area UCR',
    };
    expect(ReverificationV2.safeParse(doc).success).toBe(true);
  });

  it('version 3 prefixes codes, keeps unmapped history and rejects unknown keys', () => {
    const doc = {
      historyStatus: 'Complete',
      history: [{ code: 'ADA:D1110', date: '06/03/2024' }],
      eligibility: [{ ...eligibility, planEndDate: '12/31/2024' }],
      unmappedHistory: [{ originalBenefitKey: 'Cleaning', code: 'PROPHY', date: '06/03/2024', isWrongDate: false }],
    };
    expect(ReverificationV3.safeParse(doc).success).toBe(true);
    expect(ReverificationV3.safeParse({ ...doc, source: 'portal' }).success).toBe(false);
    const plainCodes = { ...doc, history: [{ code: 'D1110', date: '06/03/2024' }] };
    expect(ReverificationV3.safeParse(plainCodes).success).toBe(false);
  });

  it('requires the participation level of each eligibility entry', () => {
    const { participationLevel: _, ...withoutLevel } = eligibility;
    expect(EligibilityEntryV3.safeParse(withoutLevel).success).toBe(false);
  });

  it('reports a wrong coverage status with its message', () => {
    const result = EligibilityEntryV3.safeParse({ ...eligibility, coverageStatus: 'lapsed' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Wrong coverage status']);
  });
});
