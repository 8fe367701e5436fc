/**
 * Worked cases of eligibility in the estimate: frequency windows (benefit year vs rolling 12 months, earlier lines
 * of the plan, shared frequencies), the waiting period and age limits. Amounts are cents.
 */
import { baseCoverage, partsOf, runEstimate } from './test-plans';

describe('frequency', () => {
  const history = [
    { code: 'D1110', date: '11/12/2025' },
    { code: 'D1110', date: '05/12/2026' },
  ];

  it.each([
    // Rolling 12 months back from 10/01/2026: both cleanings count; the older one (11/12/2025) frees its place
    // 12 months later, on 11/12/2026.
    [[2, 12, 'mo'], 'january', 'D1110: 2 per 12 months, last 05/12/2026, next eligible 11/12/2026: not eligible on 10/01/2026'],
    [[2, 1, '12m'], 'january', 'D1110: 2 per 12 months, last 05/12/2026, next eligible 11/12/2026: not eligible on 10/01/2026'],
    // Benefit year from January: only 05/12/2026 falls in 2026, one of two used.
    [[2, 1, '/yr'], 'january', 'D1110: 2 per benefit year, last 05/12/2026: eligible on 10/01/2026'],
    [[1, 1, '/yr'], 'january', 'D1110: 1 per benefit year, last 05/12/2026, next eligible 01/01/2027: not eligible on 10/01/2026'],
    // Benefit year from July: nothing since 07/01/2026.
    [[1, 1, '/yr'], 'july', 'D1110: 1 per benefit year, last 05/12/2026: eligible on 10/01/2026'],
  ] as const)('%j (benefit year %s)', (limitation, benefitYear, sentence) => {
    const primary = baseCoverage({ D1110: { limitation: limitation } }, {}, { benefitYear });
    const result = runEstimate({ primary, history, planned: [{ code: 'D1110', dateOfService: '10/01/2026' }] });
    const eligible = sentence.includes(': eligible');
    expect(result.lines[0]?.primary.frequency?.sentence).toBe(sentence);
    expect(result.lines[0]?.primary.eligible).toBe(eligible);
    // Preventive 100%, no deductible: 120.00 when eligible, else the patient pays it.
    expect(partsOf(result)).toEqual([eligible ? [12000, 0, 0] : [0, 0, 12000]]);
  });

  it('says when there is no earlier service', () => {
    const result = runEstimate({ planned: [{ code: 'D1110' }] });
    expect(result.lines[0]?.primary.frequency).toMatchObject({
      status: 'eligible',
      sentence: 'D1110: 2 per 12 months, no earlier service: eligible on 09/15/2026',
      limitation: '2 per 12 months',
      lastService: null,
      nextEligible: '09/15/2026',
    });
  });

  it('counts the earlier lines of the plan as used services', () => {
    const result = runEstimate({
      history: [{ code: 'D1110', date: '05/12/2026' }],
      planned: [
        { code: 'D1110', dateOfService: '09/20/2026' },
        { code: 'D1110', dateOfService: '12/01/2026' },
      ],
    });
    expect(result.lines.map((line) => line.primary.frequency?.sentence)).toEqual([
      'D1110: 2 per 12 months, last 05/12/2026: eligible on 09/20/2026',
      'D1110: 2 per 12 months, last 09/20/2026 (planned), next eligible 05/12/2027: not eligible on 12/01/2026',
    ]);
    expect(partsOf(result)).toEqual([
      [12000, 0, 0],
      [0, 0, 12000],
    ]);
  });

  it('counts a visit the practice and the payer both hold once', () => {
    const primary = baseCoverage({}, { history: [{ code: 'ADA:D1110', date: '05/12/2026' }] });
    const result = runEstimate({ primary, history: [{ code: 'D1110', date: '05/12/2026' }], planned: [{ code: 'D1110' }] });
    expect(result.lines[0]?.primary.frequency?.status).toBe('eligible');
  });

  it('counts the services of a code sharing the frequency', () => {
    const primary = baseCoverage({ D0120: { limitation: [2, 1, '/yr'], links: [{ code: 'D0150', how: 'SHARES_FREQUENCY' }] } });
    const history = [
      { code: 'D0150', date: '03/01/2026' },
      { code: 'D0120', date: '06/01/2026' },
    ];
    const result = runEstimate({ primary, history, planned: [{ code: 'D0120' }] });
    expect(result.lines[0]?.primary.frequency?.sentence).toBe(
      'D0120: 2 per benefit year, last 06/01/2026, next eligible 01/01/2027: not eligible on 09/15/2026',
    );
  });

  it('reports a limitation of absurd length instead of refusing it', () => {
    const primary = baseCoverage({ D1110: { limitation: [1, 100_000, 'yr'] } });
    const result = runEstimate({ primary, history: [{ code: 'D1110', date: '05/12/2026' }], planned: [{ code: 'D1110' }] });
    expect(result.lines[0]?.primary.frequency).toMatchObject({ status: 'notEligible', nextEligible: '05/12/102026' });
  });
});

describe('waiting period', () => {
  it('is not served before the effective date plus the period; it is from that day', () => {
    const primary = baseCoverage({ 'SUB:Crowns': { level: 50, waitingPeriod: { months: 12 } } }, { effectiveDate: '03/01/2026' });
    const result = runEstimate({
      primary,
      planned: [
        { code: 'D2740', dateOfService: '10/01/2026' }, // waiting until 03/01/2027: not paid
        { code: 'D2740', dateOfService: '03/01/2027' }, // served: (1,200 - 50 deductible) x 50% = 575.00
      ],
    });
    expect(result.lines.map((line) => line.primary.waitingPeriod)).toEqual([
      { status: 'notEligible', sentence: 'D2740: waiting period 12 months from 03/01/2026, served 03/01/2027: not eligible on 10/01/2026' },
      { status: 'eligible', sentence: 'D2740: waiting period 12 months from 03/01/2026, served 03/01/2027: eligible on 03/01/2027' },
    ]);
    // The line not paid consumes no deductible: the second one applies the whole 50.00.
    expect(partsOf(result)).toEqual([
      [0, 0, 120000],
      [57500, 0, 62500],
    ]);
    expect(result.lines[1]?.primary.notes).toContain('waiting period as stated for Crowns');
  });

  it('is not checked without an effective date, and says so', () => {
    const primary = baseCoverage({ 'SUB:Crowns': { level: 50, waitingPeriod: { years: 1, months: 6 } } }, { effectiveDate: undefined });
    const result = runEstimate({ primary, planned: [{ code: 'D2740' }] });
    expect(result.lines[0]?.primary.waitingPeriod).toEqual({
      status: 'unknown',
      sentence: 'D2740: waiting period 1 year 6 months, coverage effective date unknown: not checked',
    });
    expect(result.lines[0]?.primary.eligible).toBe(true);
  });
});

describe('age limits', () => {
  const primary = baseCoverage({ D1208: { age: [0, 14] } });

  it('is eligible up to the maximum age, both ends included, and not after', () => {
    const result = runEstimate({
      primary,
      dateOfBirth: '03/10/2012',
      planned: [
        { code: 'D1208' }, // 14 on 09/15/2026: paid 100%, 40.00
        { code: 'D1208', dateOfService: '03/10/2027' }, // 15 on the birthday: not paid
      ],
    });
    expect(result.lines.map((line) => line.primary.age?.sentence)).toEqual([
      'D1208: Up to age 14, age 14: eligible on 09/15/2026',
      'D1208: Up to age 14, age 15: not eligible on 03/10/2027',
    ]);
    expect(partsOf(result)).toEqual([
      [4000, 0, 0],
      [0, 0, 4000],
    ]);
  });

  it('is not checked without a date of birth', () => {
    const result = runEstimate({ primary, dateOfBirth: null, planned: [{ code: 'D1208' }] });
    expect(result.lines[0]?.primary.age).toEqual({ status: 'unknown', sentence: 'D1208: Up to age 14, date of birth unknown: not checked' });
    expect(partsOf(result)).toEqual([[4000, 0, 0]]);
  });
});
