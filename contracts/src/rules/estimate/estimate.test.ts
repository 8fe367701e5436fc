/**
 * Worked cases of the estimate's money: the deductible and the annual maximum consumed across the lines, lines
 * not covered, an undated line, and what the estimate assumes when the patient's amounts are missing. Amounts
 * are cents; the arithmetic is written out next to each case.
 */
import { estimateTreatmentPlan } from './estimate';
import { EstimateInput } from './schemas';
import { baseCoverage, FEES, partsOf, runEstimate, TODAY } from './test-plans';

describe('estimateTreatmentPlan: deductible and annual maximum', () => {
  it('meets the deductible mid-plan and then pays the full level', () => {
    // $50 deductible left, $1,200 of the maximum.
    const result = runEstimate({
      planned: [
        { code: 'D0120' }, // preventive 100%, no deductible: pays 60.00
        { code: 'D2140', fee: 40 }, // basic 80%: deductible 40.00 of 50 -> (40 - 40) x 80% = 0; patient 40.00
        { code: 'D2150' }, // deductible the last 10.00 -> (150 - 10) x 80% = 112.00; patient 38.00
        { code: 'D2160' }, // deductible met -> 180 x 80% = 144.00; patient 36.00
      ],
    });
    expect(result.lines.map((line) => line.primary.deductibleAppliedCents)).toEqual([0, 4000, 1000, 0]);
    expect(partsOf(result)).toEqual([
      [6000, 0, 0],
      [0, 0, 4000],
      [11200, 0, 3800],
      [14400, 0, 3600],
    ]);
    // Fees 60 + 40 + 150 + 180 = 430; the plan pays 60 + 0 + 112 + 144 = 316; the patient 0 + 40 + 38 + 36 = 114.
    expect(result.totals).toEqual({ feesCents: 43000, primaryPaysCents: 31600, secondaryPaysCents: 0, patientPaysCents: 11400 });
    expect(result.primary.deductible).toEqual({ beforeCents: 5000, afterCents: 0 });
    // 1,200 - 316 = 884.
    expect(result.primary.annualMaximum).toEqual({ beforeCents: 120000, afterCents: 88400 });
    expect(result.lines[0]?.primary.notes).toContain('the deductible does not apply to D0120');
    expect(result.lines[2]?.primary.notes).toContain('deductible: $10.00 applied, $0.00 left');
  });

  it('exhausts the annual maximum mid-plan; a benefit outside the maximum is still paid', () => {
    const primary = baseCoverage({ D0120: { appliesToAnnualMax: false } }, { deductibleRemaining: 0, insuranceRemaining: 500 });
    const result = runEstimate({
      primary,
      planned: [
        { code: 'D2150' }, // 150 x 80% = 120.00; 380.00 left
        { code: 'D2740' }, // crowns 50%: 1,200 x 50% = 600.00, capped at the 380.00 left; patient 820.00
        { code: 'D2160' }, // 180 x 80% = 144.00, but nothing is left: 0; patient 180.00
        { code: 'D0120' }, // does not count toward the maximum: 60.00
      ],
    });
    expect(partsOf(result)).toEqual([
      [12000, 0, 3000],
      [38000, 0, 82000],
      [0, 0, 18000],
      [6000, 0, 0],
    ]);
    expect(result.lines.map((line) => line.primary.cappedByMaximum)).toEqual([false, true, true, false]);
    expect(result.lines[1]?.primary.notes).toContain('annual maximum: $380.00 left, so the plan pays $380.00 of $600.00');
    expect(result.lines[3]?.primary.notes).toContain('D0120 does not count toward the annual maximum');
    expect(result.primary.annualMaximum).toEqual({ beforeCents: 50000, afterCents: 0 });
    expect(result.totals.primaryPaysCents).toBe(56000);
  });
});

describe('estimateTreatmentPlan: lines the plan does not pay', () => {
  it.each([
    ['no benefit stated for the code, its subcategory or category', { code: 'D9110' }, 'noBenefitStated', 'the plan states no benefit for D9110', 9000],
    ['a 0% level', { code: 'D8080' }, 'zeroBenefit', 'the plan pays 0% for D8080 (Orthodontics)', 300000],
    ['not a procedure code', { code: 'X1234', fee: 50 }, 'notACode', 'X1234 is not a procedure code: the plan cannot be read for it', 5000],
  ] as const)('%s: the patient pays the fee', (_name, line, reason, sentence, patientPays) => {
    const result = runEstimate({ primary: baseCoverage({ 'CAT:Orthodontics': { level: 0 } }), planned: [line] });
    const [estimate] = result.lines;
    expect(estimate?.primary).toMatchObject({ covered: false, eligible: false, notCovered: { reason, sentence }, paysCents: 0 });
    expect(partsOf(result)).toEqual([[0, 0, patientPays]]);
    // Nothing paid, nothing consumed.
    expect(result.primary.deductible.afterCents).toBe(5000);
  });

  it('pays nothing on an inactive coverage, before it begins or after it ends', () => {
    const cases = [
      [{ coverageStatus: 'inactive' as const }, { code: 'D2150' }, 'coverageInactive', 'the coverage is inactive'],
      [{ effectiveDate: '10/01/2026' }, { code: 'D2150' }, 'beforeCoverage', 'the coverage begins on 10/01/2026, after 09/15/2026'],
      [{ planEndDate: '12/31/2026' }, { code: 'D2150', dateOfService: '01/04/2027' }, 'afterCoverage', 'the coverage ends on 12/31/2026, before 01/04/2027'],
    ] as const;
    for (const [patient, line, reason, sentence] of cases) {
      const result = runEstimate({ primary: baseCoverage({}, patient), planned: [line] });
      expect(result.lines[0]?.primary.notCovered).toEqual({ reason, sentence });
      expect(partsOf(result)).toEqual([[0, 0, 15000]]);
    }
  });
});

describe('estimateTreatmentPlan: lines and inputs', () => {
  it('checks an undated planned line on today', () => {
    const result = runEstimate({
      history: [
        { code: 'D1110', date: '03/20/2026' },
        { code: 'D1110', date: '09/01/2026' },
      ],
      planned: [{ code: 'D1110' }],
    });
    const [line] = result.lines;
    expect(line).toMatchObject({ dateOfService: null, evaluatedOn: TODAY, code: 'ADA:D1110' });
    // 2 per 12 months: both services fall in the 12 months before today; the older (03/20/2026) frees a place a
    // year later.
    expect(line?.primary.frequency?.sentence).toBe('D1110: 2 per 12 months, last 09/01/2026, next eligible 03/20/2027: not eligible on 09/15/2026');
    expect(partsOf(result)).toEqual([[0, 0, 12000]]);
  });

  it('reads ISO dates of service, codes with or without ADA:, and fees keyed either way', () => {
    const result = runEstimate({
      fees: { 'ADA:D2150': 150 },
      planned: [{ code: 'ADA:D2150', dateOfService: '2026-10-01' }],
    });
    expect(result.lines[0]).toMatchObject({ dateOfService: '10/01/2026', feeCents: 15000, feeKnown: true });
  });

  it('counts a line without a fee at $0.00 and says the fee is unknown', () => {
    const result = runEstimate({ fees: {}, planned: [{ code: 'D2150' }] });
    expect(result.lines[0]).toMatchObject({ feeCents: 0, feeKnown: false, patientPaysCents: 0, primaryPaysCents: 0 });
  });

  it('assumes the plan amounts when the patient amounts are missing, and says so', () => {
    const primary = baseCoverage({}, { deductibleRemaining: undefined, insuranceRemaining: undefined });
    expect(primary.patient).not.toHaveProperty('deductibleRemaining');
    const result = runEstimate({ primary, planned: [{ code: 'D2150' }] });
    // The individual deductible 50 assumed unmet: (150 - 50) x 80% = 80.00, against the $1,500 annual maximum.
    expect(partsOf(result)).toEqual([[8000, 0, 7000]]);
    expect(result.primary.annualMaximum).toEqual({ beforeCents: 150000, afterCents: 142000 });
    expect(result.primary.notes).toEqual([
      'deductible remaining unknown: the individual deductible $50.00 is assumed unmet',
      'annual maximum remaining unknown: the annual maximum $1,500.00 is assumed unused',
    ]);
  });

  it('refuses a planned line dated before today: it is history', () => {
    const input = { today: TODAY, history: [], fees: FEES, primary: baseCoverage(), planned: [{ code: 'D2150', dateOfService: '09/14/2026' }] };
    const parsed = EstimateInput.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: ['planned', 0, 'dateOfService'], message: 'A planned line dated before today is history (SPEC section 4)' });
    expect(() => estimateTreatmentPlan(input)).toThrow(RangeError);
    expect(() => estimateTreatmentPlan({ ...input, today: '2026-09-15', planned: [] })).toThrow(RangeError);
  });

  it('applies the new-patient rule to the history lines', () => {
    expect(runEstimate({ planned: [], history: [{ code: 'D0150', date: '01/05/2023' }] }).newPatient).toBe(true);
    expect(runEstimate({ planned: [], history: [{ code: 'D0150', date: '10/05/2023' }] }).newPatient).toBe(false);
    const existing = [{ code: 'D0150', date: '01/05/2020', procedureStatus: 'Existing Other' as const }];
    expect(runEstimate({ planned: [], history: existing }).newPatient).toBe(false);
  });
});
