/**
 * Worked cases of what payers state and offices get wrong by hand: alternate benefits, the missing tooth clause
 * and the coordination of a secondary plan (standard COB, non-duplication). Amounts are cents.
 */
import { baseCoverage, patientOf, partsOf, planOf, runEstimate } from './test-plans';

describe('alternate benefits', () => {
  const composite = { D2392: { links: [{ code: 'D2150', how: 'SUBSTITUTION' as const }] } };

  it('pays a posterior composite as an amalgam: the level of the amalgam fee, the patient the difference', () => {
    const primary = baseCoverage(composite, { deductibleRemaining: 0 });
    // 80% of D2150's 150.00 = 120.00; the patient pays 250 - 120 = 130.00.
    const result = runEstimate({ primary, planned: [{ code: 'D2392', tooth: '30' }] });
    expect(partsOf(result)).toEqual([[12000, 0, 13000]]);
    expect(result.lines[0]?.primary.alternate).toEqual({
      code: 'ADA:D2150',
      feeCents: 15000,
      benefitLevel: 80,
      sentence: "alternate benefit: D2392 is paid as D2150, 80% of D2150's fee $150.00; the patient pays the difference",
    });
    expect(result.lines[0]?.primary.allowedCents).toBe(15000);
  });

  it('takes the deductible from the alternate fee', () => {
    // (150 - 50) x 80% = 80.00; the patient pays 250 - 80 = 170.00.
    const result = runEstimate({ primary: baseCoverage(composite), planned: [{ code: 'D2392' }] });
    expect(partsOf(result)).toEqual([[8000, 0, 17000]]);
  });

  it('downgrades a porcelain crown to a metal one', () => {
    const primary = baseCoverage({ D2740: { links: [{ code: 'D2790', how: 'SUBSTITUTION' }] } }, { deductibleRemaining: 0 });
    // Crowns 50% of D2790's 1,000.00 = 500.00; the patient pays 1,200 - 500 = 700.00.
    const result = runEstimate({ primary, planned: [{ code: 'D2740', tooth: '3' }] });
    expect(partsOf(result)).toEqual([[50000, 0, 70000]]);
  });

  it.each([
    // Molars only: tooth 30 is a molar, 110 x 80% = 88.00; tooth 5 a premolar, 200 x 80% = 160.00.
    ['MOLAR', '30', [8800, 0, 11200], "alternate benefit (molar teeth): D2391 is paid as D2140, 80% of D2140's fee $110.00; the patient pays the difference"],
    ['MOLAR', '5', [16000, 0, 4000], null],
    ['MOLAR', null, [8800, 0, 11200], "alternate benefit (molar teeth): D2391 is paid as D2140, 80% of D2140's fee $110.00; the patient pays the difference; no tooth given, assumed to be molar"],
    [{ teethRange: 'POSTERIOR' }, '8', [16000, 0, 4000], null],
    [{ teethRange: 'POSTERIOR' }, '4', [8800, 0, 11200], "alternate benefit (posterior teeth): D2391 is paid as D2140, 80% of D2140's fee $110.00; the patient pays the difference"],
    ['NEVER', '30', [16000, 0, 4000], null],
  ] as const)('region %j, tooth %s', (data, tooth, parts, sentence) => {
    const primary = baseCoverage({ D2391: { links: [{ code: 'D2140', how: 'SUBSTITUTION', data }] } }, { deductibleRemaining: 0 });
    const result = runEstimate({ primary, planned: [{ code: 'D2391', tooth }] });
    expect(partsOf(result)).toEqual([parts]);
    expect(result.lines[0]?.primary.alternate?.sentence ?? null).toBe(sentence);
  });

  it('keeps the own fee when the alternate code has no fee, and says so', () => {
    const primary = baseCoverage({ D2392: { links: [{ code: 'D2161', how: 'SUBSTITUTION' }] } }, { deductibleRemaining: 0 });
    const result = runEstimate({ primary, planned: [{ code: 'D2392' }] });
    expect(partsOf(result)).toEqual([[20000, 0, 5000]]);
    expect(result.lines[0]?.primary.notes).toContain('alternate benefit: D2392 is paid as D2161, which has no fee: estimated on the line\'s own fee');
  });
});

describe('missing tooth clause', () => {
  const history = [{ code: 'D7140', date: '06/01/2024', tooth: ['19' as const] }];
  const patientHistory = [{ code: 'ADA:D7140', date: '02/01/2025', tooth: ['30' as const] }];

  it('denies replacing a tooth extracted before the coverage began, not one extracted after', () => {
    const primary = baseCoverage({}, { history: patientHistory }, { missingToothClause: true });
    const result = runEstimate({
      primary,
      history,
      planned: [
        { code: 'D6010', tooth: '19' }, // extracted 06/01/2024, coverage from 01/01/2025: not covered
        { code: 'D6240', tooth: '30' }, // extracted 02/01/2025: major 50%, (1,100 - 50) x 50% = 525.00
      ],
    });
    expect(result.lines[0]?.primary.notCovered).toEqual({
      reason: 'missingToothClause',
      sentence: 'missing tooth clause: tooth 19 was extracted on 06/01/2024, before coverage began on 01/01/2025',
    });
    expect(partsOf(result)).toEqual([
      [0, 0, 200000],
      [52500, 0, 57500],
    ]);
  });

  it('does not apply without the clause', () => {
    const primary = baseCoverage({}, { deductibleRemaining: 0 }, { missingToothClause: false });
    const result = runEstimate({ primary, history, planned: [{ code: 'D6010', tooth: '19' }] });
    expect(partsOf(result)).toEqual([[100000, 0, 100000]]);
  });
});

describe('secondary insurance', () => {
  // Primary: basic 80%, crowns 50%, deductible met, 1,200.00 left. Secondary: basic 50%, crowns 80%, 25.00 of
  // deductible left.
  const primary = baseCoverage({}, { deductibleRemaining: 0 });
  const secondaryPlan = planOf({ annualMax: 1000, deductible: 25, codes: { 'CAT:Basic': { level: 50, deductible: true }, 'SUB:Crowns': { level: 80 } } });
  const secondary = (cob: 'standard' | 'nonDuplication', insuranceRemaining = 1000) => ({
    plan: secondaryPlan,
    patient: patientOf({ deductibleRemaining: 25, insuranceRemaining, effectiveDate: '01/01/2025' }),
    cob,
  });
  const planned = [{ code: 'D2150' }, { code: 'D2740' }];

  it('standard COB: the secondary pays what it would as primary, up to the patient part left', () => {
    const result = runEstimate({ primary, secondary: secondary('standard'), planned });
    // D2150: primary 150 x 80% = 120.00, 30.00 left; secondary as primary (150 - 25) x 50% = 62.50 -> pays 30.00.
    // D2740: primary 1,200 x 50% = 600.00, 600.00 left; secondary 1,200 x 80% = 960.00 -> pays 600.00.
    expect(partsOf(result)).toEqual([
      [12000, 3000, 0],
      [60000, 60000, 0],
    ]);
    expect(result.lines.map((line) => line.secondary?.ownBenefitCents)).toEqual([6250, 96000]);
    expect(result.lines[0]?.secondary?.notes).toContain(
      'standard COB: as primary it would pay $62.50; the patient part left after the primary is $30.00: it pays $30.00',
    );
    // Each plan's maximum is consumed by its own payments: 1,000 - 30 - 600 = 370.00; its deductible is used up.
    expect(result.secondary).toMatchObject({
      cob: 'standard',
      annualMaximum: { beforeCents: 100000, afterCents: 37000 },
      deductible: { beforeCents: 2500, afterCents: 0 },
    });
    expect(result.primary.annualMaximum.afterCents).toBe(120000 - 72000);
    expect(result.totals).toEqual({ feesCents: 135000, primaryPaysCents: 72000, secondaryPaysCents: 63000, patientPaysCents: 0 });
  });

  it('standard COB within the secondary maximum left', () => {
    const result = runEstimate({ primary, secondary: secondary('standard', 300), planned });
    // D2150: secondary pays 30.00, 270.00 left. D2740: its own benefit 960.00 is capped at 270.00; patient 330.00.
    expect(partsOf(result)).toEqual([
      [12000, 3000, 0],
      [60000, 27000, 33000],
    ]);
    expect(result.secondary?.annualMaximum.afterCents).toBe(0);
  });

  it('non-duplication: the secondary pays only what its own benefit exceeds the primary payment', () => {
    const result = runEstimate({ primary, secondary: secondary('nonDuplication'), planned });
    // D2150: 62.50 - 120.00 < 0 -> nothing; the patient pays 30.00 (the secondary's deductible is still applied).
    // D2740: 960.00 - 600.00 = 360.00, within the 600.00 left; the patient pays 240.00.
    expect(partsOf(result)).toEqual([
      [12000, 0, 3000],
      [60000, 36000, 24000],
    ]);
    expect(result.lines[1]?.secondary?.notes).toContain(
      "non-duplication: its own benefit $960.00 less the primary's payment $600.00, within the $600.00 left: it pays $360.00",
    );
    expect(result.secondary).toMatchObject({ annualMaximum: { afterCents: 64000 }, deductible: { afterCents: 0 } });
    expect(result.totals).toEqual({ feesCents: 135000, primaryPaysCents: 72000, secondaryPaysCents: 36000, patientPaysCents: 27000 });
  });

  it('lets the secondary pay a line the primary does not cover', () => {
    const result = runEstimate({ primary, secondary: secondary('standard'), planned: [{ code: 'D9110' }] });
    expect(result.lines[0]?.primary.notCovered?.reason).toBe('noBenefitStated');
    expect(partsOf(result)).toEqual([[0, 0, 9000]]);
    const covered = runEstimate({
      primary,
      secondary: { ...secondary('standard'), plan: planOf({ codes: { 'CAT:Adjunctive General Services': { level: 50, deductible: false } } }) },
      planned: [{ code: 'D9110' }],
    });
    // The secondary as primary: 90 x 50% = 45.00.
    expect(partsOf(covered)).toEqual([[0, 4500, 4500]]);
  });
});
