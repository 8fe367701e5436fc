/**
 * 271 mapping: one fixture per EB shape, each asserting the exact plan and patient values produced.
 */
import { PatientV3, validatePlan } from '@dv/contracts';
import { map271, type Map271Options, type Map271Result, type Mapped271 } from './map-271';
import { EB, HSD, subscriberHead, wrap271 } from './x271-fixture';

const TODAY = new Date('2024-05-20T15:00:00.000Z');
const OPTIONS: Map271Options = { today: TODAY };
const ACTIVE = EB({ info: '1', serviceTypes: ['35'], insuranceType: 'PR', plan: 'DELTA DENTAL PPO' });

function mapped(result: Map271Result): Mapped271 {
  if (result.status !== 'mapped') throw new Error(`expected a plan, got ${JSON.stringify(result.rejections)}`);
  expect(validatePlan(result.plan, 3)).toEqual({ ok: true });
  expect(PatientV3.safeParse(result.patient).success).toBe(true);
  return result;
}

/** Maps a subscriber 271 whose benefit loops are `benefits`. */
function mapBenefits(benefits: string, options: Map271Options = OPTIONS, head = subscriberHead()): Mapped271 {
  return mapped(map271(wrap271(`${head}~${ACTIVE}${benefits}`), options));
}

describe('coverage status and dates', () => {
  it('maps EB*1 to active, DTP*356 to the effective date and DTP*346 to the benefit year', () => {
    const result = mapBenefits('', OPTIONS, subscriberHead({ dates: 'DTP*346*D8*20230701~DTP*356*D8*20190315' }));
    expect(result.patient).toEqual({ effectiveDate: { value: '03/15/2019', score: 2 }, history: [], historyStatus: 'Unknown', coverageStatus: 'active', planEndDate: null });
    expect(result.plan.details.benefitYear).toEqual({ value: 'july', score: 2 });
    expect(result.plan.details.mappingInfo).toEqual([{ message: 'BENEFIT_YEAR_FROM_PLAN', path: 'benefitYear', detail: 'plan begin (DTP*346) in july' }]);
    expect(result.plan.planNotes).toBe('Plan: DELTA DENTAL PPO');
    expect(result.plan.details.planType).toEqual({ value: 'dental', score: 2 });
  });

  it('reads the plan period of DTP*291 (RD8) when DTP*346 is absent, and scores the effective date it gives as inferred', () => {
    const result = mapBenefits('', OPTIONS, subscriberHead({ dates: 'DTP*291*RD8*20240401-20250331' }));
    expect(result.plan.details.benefitYear).toEqual({ value: 'april', score: 2 });
    expect(result.patient.effectiveDate).toEqual({ value: '04/01/2024', score: 1 });
  });

  it('derives a January benefit year from calendar-year amounts when no plan date is given', () => {
    const result = mapBenefits(EB({ info: 'F', level: 'IND', serviceTypes: ['35'], period: '23', amount: 1000 }), OPTIONS, subscriberHead({ dates: '' }));
    expect(result.plan.details.benefitYear).toEqual({ value: 'january', score: 2 });
    expect(result.plan.details.mappingInfo).toEqual([{ message: 'BENEFIT_YEAR_FROM_PLAN', path: 'benefitYear', detail: 'calendar year (amounts with EB06 23)' }]);
  });

  describe('the benefit year, from the strongest evidence', () => {
    const calendarYearMaximum = EB({ info: 'F', level: 'IND', serviceTypes: ['35'], period: '23', amount: 1500 });
    const calendarYearFrequency = EB({ info: 'F', level: 'IND', serviceTypes: ['23'], code: 'D0120' }) + HSD({ quantity: 2, period: '23', periods: 1 });
    const yearOf = (benefits: string, dates: string) => mapBenefits(benefits, OPTIONS, subscriberHead({ dates })).plan.details;

    it('takes January from calendar-year amounts over a plan begin date that is an old enrolment date', () => {
      const details = yearOf(calendarYearMaximum, 'DTP*346*D8*20150301~DTP*356*D8*20150301');
      expect(details.benefitYear).toEqual({ value: 'january', score: 2 });
      expect(details.mappingInfo).toEqual([{ message: 'BENEFIT_YEAR_FROM_PLAN', path: 'benefitYear', detail: 'calendar year (amounts with EB06 23)' }]);
    });

    it('takes January from calendar-year amounts even over a recent plan begin date', () => {
      expect(yearOf(calendarYearMaximum, 'DTP*346*D8*20240301').benefitYear).toEqual({ value: 'january', score: 2 });
    });

    it('takes the plan period (DTP*291 range) over calendar-year amounts and a plan begin date', () => {
      const details = yearOf(calendarYearMaximum, 'DTP*346*D8*20150301~DTP*291*RD8*20230701-20240630');
      expect(details.benefitYear).toEqual({ value: 'july', score: 2 });
      expect(details.mappingInfo).toEqual([{ message: 'BENEFIT_YEAR_FROM_PLAN', path: 'benefitYear', detail: 'plan period (DTP*291) begins in july' }]);
    });

    it('takes a plan begin date of the last year over frequencies per calendar year, an older one not', () => {
      expect(yearOf(calendarYearFrequency, 'DTP*346*D8*20230701').benefitYear).toEqual({ value: 'july', score: 2 });
      expect(yearOf(calendarYearFrequency, 'DTP*346*D8*20150301').benefitYear).toEqual({ value: 'january', score: 2 });
    });

    it('infers the month of an old plan begin date, then of the eligibility, when nothing else says', () => {
      expect(yearOf('', 'DTP*346*D8*20150301')).toMatchObject({
        benefitYear: { value: 'march', score: 1 },
        mappingInfo: [{ message: 'BENEFIT_YEAR_FROM_PLAN', path: 'benefitYear', detail: 'plan begin (DTP*346) in march, more than a year ago' }],
      });
      expect(yearOf('', 'DTP*356*D8*20190915')).toMatchObject({
        benefitYear: { value: 'september', score: 1 },
        mappingInfo: [{ message: 'BENEFIT_YEAR_FROM_ELIGIBILITY', path: 'benefitYear', detail: 'eligibility begin in september' }],
      });
    });
  });

  it('maps EB*6 to inactive, or terminated when DTP*347 is past', () => {
    const inactive = EB({ info: '6', serviceTypes: ['35'], plan: 'AETNA DMO' });
    const head = subscriberHead({ dates: 'DTP*356*D8*20170101' });
    const text = wrap271(`${head}~${inactive}MSG*NO ACTIVE COVERAGE~`);
    const result = mapped(map271(text, OPTIONS));
    expect(result.patient.coverageStatus).toBe('inactive');
    expect(result.plan.caveat).toEqual([{ value: 'NO ACTIVE COVERAGE', score: 2 }]);
    const ended = subscriberHead({ dates: 'DTP*356*D8*20170101~DTP*347*D8*20230630' });
    const terminated = mapped(map271(wrap271(`${ended}~${inactive}`), OPTIONS));
    expect(terminated.patient).toMatchObject({ coverageStatus: 'terminated', planEndDate: '06/30/2023' });
  });
});

describe('plan-level amounts (EB*C deductible, EB*F maximum)', () => {
  const rows = [
    EB({ info: 'C', level: 'IND', serviceTypes: ['35'], period: '23', amount: 50, network: 'Y' }),
    EB({ info: 'C', level: 'FAM', serviceTypes: ['35'], period: '23', amount: 150, network: 'Y' }),
    EB({ info: 'C', level: 'IND', serviceTypes: ['35'], period: '29', amount: 25, network: 'Y' }),
    EB({ info: 'F', level: 'IND', serviceTypes: ['35'], period: '23', amount: 1500, network: 'Y' }),
    EB({ info: 'F', level: 'IND', serviceTypes: ['35'], period: '29', amount: 1210.5, network: 'Y' }),
    EB({ info: 'C', level: 'IND', serviceTypes: ['35'], period: '23', amount: 100, network: 'N' }),
    EB({ info: 'F', level: 'IND', serviceTypes: ['35'], period: '23', amount: 1000, network: 'N' }),
  ].join('');

  it('maps individual and family deductibles, the annual maximum and the remaining amounts', () => {
    const result = mapBenefits(rows);
    expect(result.plan.benefits.deductible).toEqual({ individual: { value: 50, score: 2 }, family: { value: 150, score: 2 } });
    expect(result.plan.benefits.annualMax).toEqual({ value: 1500, score: 2 });
    expect(result.patient.deductibleRemaining).toEqual({ value: 25, score: 2 });
    expect(result.patient.insuranceRemaining).toEqual({ value: 1210.5, score: 2 });
  });

  it('keeps patient-level amounts no patient field holds in the patient note, never in the plan', () => {
    const result = mapBenefits(
      [
        EB({ info: 'C', level: 'FAM', serviceTypes: ['35'], period: '29', amount: 150, network: 'Y' }),
        EB({ info: 'F', level: 'FAM', serviceTypes: ['35'], period: '29', amount: 2600, network: 'Y' }),
        EB({ info: 'F', level: 'IND', serviceTypes: ['35'], period: '33', amount: 1500, network: 'Y' }),
        EB({ info: 'C', level: 'IND', serviceTypes: ['36'], period: '29', amount: 40, network: 'Y' }),
        EB({ info: 'F', level: 'IND', serviceTypes: ['35'], period: '29', amount: 700, network: 'N' }),
        EB({ info: 'C', level: 'IND', serviceTypes: ['35'], period: '29', amount: 80, network: 'N' }),
      ].join(''),
    );
    expect(result.patient.note).toBe(
      [
        'Family deductible remaining: $150',
        'Family maximum remaining: $2,600',
        'Lifetime maximum remaining: $1,500',
        'SUB:Crowns: Deductible remaining: $40',
        'Out of network: maximum remaining $700',
        'Out of network: individual deductible remaining $80',
      ].join('\n'),
    );
    expect(JSON.stringify(result.plan)).not.toMatch(/remaining|\$150|\$2,600|\$700|\$80|\$40/i);
  });

  it('records a second remaining amount as a conflict under the patient path, not in the plan benefits', () => {
    const result = mapBenefits(
      EB({ info: 'F', level: 'IND', serviceTypes: ['35'], period: '29', amount: 1000 }) + EB({ info: 'F', level: 'IND', serviceTypes: ['35'], period: '29', amount: 900 }),
    );
    expect(result.patient.insuranceRemaining).toEqual({ value: 1000, score: 2 });
    expect(result.plan.benefits.mappingInfo).toBeUndefined();
    expect(result.plan.details.mappingInfo).toContainEqual({ message: 'CONFLICTS', path: 'patient.insuranceRemaining', detail: 'EB at segment 20 also states 900' });
  });

  it('keeps out-of-network amounts as plan caveats', () => {
    expect(mapBenefits(rows).plan.caveat).toEqual([
      { value: 'Out of network: individual deductible $100', score: 2 },
      { value: 'Out of network: annual maximum $1,000', score: 2 },
    ]);
  });

  it('records a second, different in-network value as a conflict and keeps the first', () => {
    const result = mapBenefits(
      EB({ info: 'F', level: 'IND', serviceTypes: ['35'], period: '23', amount: 1500 }) + EB({ info: 'F', level: 'IND', serviceTypes: ['35'], period: '25', amount: 2000 }),
    );
    expect(result.plan.benefits.annualMax).toEqual({ value: 1500, score: 2 });
    expect(result.plan.benefits.mappingInfo).toEqual([{ message: 'CONFLICTS', path: 'annualMax', detail: 'EB at segment 20 also states 2000' }]);
  });
});

describe('co-insurance (EB*A) by category and by code', () => {
  const levels = [
    ['23', 0],
    ['4', 0],
    ['41', 0],
    ['25', 0.2],
    ['26', 0.2],
    ['24', 0.2],
    ['36', 0.5],
    ['39', 0.5],
    ['40', 0.2],
    ['38', 0.5],
    ['28', 0.2],
  ] as const;
  const rows = levels.map(([type, percent]) => EB({ info: 'A', level: 'IND', serviceTypes: [type], percent, network: 'Y' })).join('');

  it('maps EB03 categories to CAT: and SUB: entries with benefitLevel = 100 - EB08 x 100', () => {
    const { adaCodes } = mapBenefits(rows).plan.benefits;
    const level = (value: number) => ({ benefitLevel: { value, score: 2 } });
    expect(adaCodes).toEqual({
      'CAT:Adjunctive General Services': { category: 'Adjunctive General Services', ...level(80) },
      'CAT:Orthodontics': { category: 'Orthodontics', ...level(50) },
      'CAT:Preventative': { category: 'Preventative', ...level(100) },
      'SUB:Crowns': { category: 'Basic', subcategory: 'Crowns', ...level(50) },
      'SUB:Diagnostic': { category: 'Preventative', subcategory: 'Diagnostic', ...level(100) },
      'SUB:Endodontics': { category: 'Basic', subcategory: 'Endodontics', ...level(80) },
      'SUB:Oral & Maxillofacial Surgery': { category: 'Major', subcategory: 'Oral & Maxillofacial Surgery', ...level(80) },
      'SUB:Periodontics': { category: 'Basic', subcategory: 'Periodontics', ...level(80) },
      'SUB:Prosthodontics': { category: 'Major', subcategory: 'Prosthodontics', ...level(50) },
      'SUB:Restorative': { category: 'Basic', subcategory: 'Restorative', ...level(80) },
      'SUB:X-Ray': { category: 'Preventative', subcategory: 'X-Ray', ...level(100) },
    });
  });

  it('maps repeated EB03 service types (25^26) to each of them', () => {
    const { adaCodes } = mapBenefits(EB({ info: 'A', level: 'IND', serviceTypes: ['25', '26'], percent: 0.3, network: 'Y' })).plan.benefits;
    expect(Object.keys(adaCodes)).toEqual(['SUB:Endodontics', 'SUB:Restorative']);
    expect(adaCodes['SUB:Endodontics']?.benefitLevel).toEqual({ value: 70, score: 2 });
  });

  it('maps EB13 AD:D2740 to a code entry with the category and subcategory of its number', () => {
    const result = mapBenefits(EB({ info: 'A', level: 'IND', serviceTypes: ['36'], percent: 0.5, network: 'Y', code: 'D2740' }));
    expect(result.plan.benefits.adaCodes).toEqual({
      'ADA:D2740': { category: 'Basic', subcategory: 'Crowns', code: 'ADA:D2740', benefitLevel: { value: 50, score: 2 } },
    });
  });

  it('inverts EB08 for a payer flagged to report the insurer share', () => {
    const row = EB({ info: 'A', level: 'IND', serviceTypes: ['25'], percent: 0.8, network: 'Y' });
    expect(mapBenefits(row, { ...OPTIONS, invertCoinsurance: true }).plan.benefits.adaCodes['SUB:Restorative']?.benefitLevel).toEqual({ value: 80, score: 2 });
    expect(mapBenefits(row, { ...OPTIONS, invertCoinsurance: false }).plan.benefits.adaCodes['SUB:Restorative']?.benefitLevel).toEqual({ value: 20, score: 2 });
    expect(mapBenefits(row, { ...OPTIONS, payerKey: 'AMERITAS' }).plan.benefits.adaCodes['SUB:Restorative']?.benefitLevel).toEqual({ value: 20, score: 2 });
    const ameritas = subscriberHead({ payer: 'NM1*PR*2*AMERITAS*****PI*47009' });
    expect(mapBenefits(row, OPTIONS, ameritas).plan.benefits.adaCodes['SUB:Restorative']?.benefitLevel).toEqual({ value: 80, score: 2 });
    expect(mapBenefits(row, { ...OPTIONS, invertCoinsurance: false }, ameritas).plan.benefits.adaCodes['SUB:Restorative']?.benefitLevel).toEqual({ value: 20, score: 2 });
  });

  it('lets in-network rows drive the plan and keeps out-of-network rows as caveats', () => {
    const result = mapBenefits(
      EB({ info: 'A', level: 'IND', serviceTypes: ['25'], percent: 0.2, network: 'Y' }) + EB({ info: 'A', level: 'IND', serviceTypes: ['25'], percent: 0.5, network: 'N' }),
    );
    expect(result.plan.benefits.adaCodes['SUB:Restorative']).toEqual({
      category: 'Basic',
      subcategory: 'Restorative',
      benefitLevel: { value: 80, score: 2 },
      caveat: [{ value: 'Out of network: plan pays 50%', score: 2 }],
    });
    expect(result.plan.details.participation).toEqual({ value: 'Not Sure', score: 1 });
  });

  it('maps out-of-network rows when they are all the 271 has, and says the provider is out of network', () => {
    const result = mapBenefits(EB({ info: 'A', level: 'IND', serviceTypes: ['25'], percent: 0.3, network: 'N' }));
    expect(result.plan.benefits.adaCodes['SUB:Restorative']?.benefitLevel).toEqual({ value: 70, score: 2 });
    expect(result.plan.details.participation).toEqual({ value: 'Out Of Network', score: 2 });
  });

  it('maps child co-insurance (EB02 CHD) to the child exception', () => {
    const result = mapBenefits(
      EB({ info: 'A', level: 'IND', serviceTypes: ['41'], percent: 0.2, network: 'Y' }) + EB({ info: 'A', level: 'CHD', serviceTypes: ['41'], percent: 0, network: 'Y' }),
    );
    expect(result.plan.benefits.adaCodes['CAT:Preventative']).toEqual({
      category: 'Preventative',
      benefitLevel: { value: 80, score: 2 },
      exceptions: { child: { benefitLevel: { value: 100, score: 2 } } },
    });
  });

  it('maps EB*I (non-covered) to a benefit level of 0', () => {
    expect(mapBenefits(EB({ info: 'I', serviceTypes: ['38'] })).plan.benefits.adaCodes['CAT:Orthodontics']).toEqual({
      category: 'Orthodontics',
      benefitLevel: { value: 0, score: 2 },
    });
  });

  it('keeps dental-care and unmapped service types as plan caveats', () => {
    const result = mapBenefits(
      EB({ info: 'A', level: 'IND', serviceTypes: ['35'], percent: 0.2, network: 'Y' }) + EB({ info: 'A', level: 'IND', serviceTypes: ['27'], percent: 0.5, network: 'Y' }),
    );
    expect(result.plan.benefits.adaCodes).toEqual({});
    expect(result.plan.caveat).toEqual([
      { value: 'Dental care co-insurance: plan pays 80%', score: 2 },
      { value: 'Maxillofacial Prosthetics: Co-insurance: plan pays 50%', score: 2 },
    ]);
  });
});

describe('deductible per category', () => {
  it('marks a category exempt when its deductible is 0 and subject when it is not', () => {
    const result = mapBenefits(
      EB({ info: 'C', level: 'IND', serviceTypes: ['23', '41'], period: '23', amount: 0, network: 'Y' }) +
        EB({ info: 'C', level: 'IND', serviceTypes: ['36'], period: '23', amount: 50, network: 'Y' }),
    );
    const deductible = (key: string) => result.plan.benefits.adaCodes[key]?.deductible;
    expect(deductible('SUB:Diagnostic')).toEqual({ value: false, score: 2 });
    expect(deductible('CAT:Preventative')).toEqual({ value: false, score: 2 });
    expect(deductible('SUB:Crowns')).toEqual({ value: true, score: 2 });
  });
});

describe('frequencies (HSD)', () => {
  const frequencyOf = (hsd: string) =>
    mapBenefits(EB({ info: 'F', level: 'IND', serviceTypes: ['23'], network: 'Y', code: 'D0120' }) + hsd).plan.benefits.adaCodes['ADA:D0120']?.limitation;

  it.each([
    ['1 per 6 months stays 6 months', HSD({ quantity: 1, period: '34', periods: 6 }), { quantity: 1, frequency: 6, timePeriod: 'mo' }],
    ['2 per calendar year', HSD({ quantity: 2, period: '23', periods: 1 }), { quantity: 2, frequency: 1, timePeriod: 'yr' }],
    ['2 per service year without HSD06', HSD({ quantity: 2, period: '22' }), { quantity: 2, frequency: 1, timePeriod: 'yr' }],
    ['1 per 5 years', HSD({ quantity: 1, period: '21', periods: 5 }), { quantity: 1, frequency: 5, timePeriod: 'yr' }],
    ['1 per 1 year is 12 months', HSD({ quantity: 1, period: '21', periods: 1 }), { quantity: 1, frequency: 12, timePeriod: 'mo' }],
    ['1 per 180 days is 6 months', HSD({ quantity: 1, period: '7', periods: 180 }), { quantity: 1, frequency: 6, timePeriod: 'mo' }],
    ['1 per 3 months is 90 days', HSD({ quantity: 1, period: '34', periods: 3 }), { quantity: 1, frequency: 90, timePeriod: 'd' }],
    ['1 per 2 weeks is 14 days', HSD({ quantity: 1, period: '35', periods: 2 }), { quantity: 1, frequency: 14, timePeriod: 'd' }],
    ['1 per lifetime is 99 years', HSD({ quantity: 1, period: '32' }), { quantity: 1, frequency: 99, timePeriod: 'yr' }],
    ['1 per 150 years is capped at 99', HSD({ quantity: 1, period: '21', periods: 150 }), { quantity: 1, frequency: 99, timePeriod: 'yr' }],
    ['HSD03/HSD04 without HSD05: 1 per 6 MO', HSD({ quantity: 1, unit: 'MO', modulus: 6 }), { quantity: 1, frequency: 6, timePeriod: 'mo' }],
  ])('%s', (_, hsd, limitation) => {
    expect(frequencyOf(hsd)).toEqual({ value: limitation, score: 2 });
  });

  it('keeps visits remaining (HSD05 29) in the patient note and a second HSD that is no frequency as a caveat', () => {
    const result = mapBenefits(
      EB({ info: 'F', level: 'IND', serviceTypes: ['23'], network: 'Y', code: 'D0120' }) +
        HSD({ quantity: 2, period: '23', periods: 1 }) +
        HSD({ quantity: 1, period: '29' }) +
        HSD({ quantity: 1, period: '27' }),
    );
    expect(result.plan.benefits.adaCodes['ADA:D0120']).toEqual({
      category: 'Preventative',
      subcategory: 'Exams',
      code: 'ADA:D0120',
      limitation: { value: { quantity: 2, frequency: 1, timePeriod: 'yr' }, score: 2 },
      caveat: [{ value: 'Frequency: 1 visit per visit', score: 2 }],
    });
    expect(result.patient.note).toBe('ADA:D0120: Frequency: 1 visit remaining');
  });

  it.each([
    ['2 visits per calendar year', { period: '23', quantity: 2 }, { quantity: 2, frequency: 1, timePeriod: 'yr' }],
    ['1 visit per service year', { period: '22', quantity: 1 }, { quantity: 1, frequency: 1, timePeriod: 'yr' }],
    ['1 visit per lifetime', { period: '32', quantity: 1 }, { quantity: 1, frequency: 99, timePeriod: 'yr' }],
    ['1 visit per month is 31 days', { period: '34', quantity: 1 }, { quantity: 1, frequency: 31, timePeriod: 'd' }],
    ['2 services (P6) per calendar year', { period: '23', quantity: 2, quantityQualifier: 'P6' }, { quantity: 2, frequency: 1, timePeriod: 'yr' }],
  ])('maps a frequency stated in EB09 VS / EB10 per EB06: %s', (_, fields, limitation) => {
    const row = EB({ info: 'F', level: 'IND', serviceTypes: ['23'], quantityQualifier: 'VS', network: 'Y', code: 'D0120', ...fields });
    expect(mapBenefits(row).plan.benefits.adaCodes['ADA:D0120']?.limitation).toEqual({ value: limitation, score: 2 });
  });

  it('reads EB*F*IND*23***23***VS*2**Y*AD:D0120 as written by a carrier, and counts it as calendar-year evidence', () => {
    const result = mapBenefits('EB*F*IND*23***23***VS*2**Y*AD:D0120~', OPTIONS, subscriberHead({ dates: 'DTP*356*D8*20190301' }));
    expect(result.plan.benefits.adaCodes['ADA:D0120']?.limitation).toEqual({ value: { quantity: 2, frequency: 1, timePeriod: 'yr' }, score: 2 });
    expect(result.plan.details.benefitYear).toEqual({ value: 'january', score: 2 });
  });

  it('keeps an EB10 frequency and an agreeing HSD as one limitation, and a disagreeing one as a conflict', () => {
    const row = EB({ info: 'F', level: 'IND', serviceTypes: ['23'], period: '23', quantityQualifier: 'VS', quantity: 2, network: 'Y', code: 'D0120' });
    const agreeing = mapBenefits(row + HSD({ quantity: 2, period: '23', periods: 1 })).plan.benefits.adaCodes['ADA:D0120'];
    expect(agreeing).toEqual({ category: 'Preventative', subcategory: 'Exams', code: 'ADA:D0120', limitation: { value: { quantity: 2, frequency: 1, timePeriod: 'yr' }, score: 2 } });
    const disagreeing = mapBenefits(row + HSD({ quantity: 1, period: '34', periods: 6 })).plan.benefits.adaCodes['ADA:D0120'];
    expect(disagreeing?.limitation).toEqual({ value: { quantity: 2, frequency: 1, timePeriod: 'yr' }, score: 2 });
    expect(disagreeing?.mappingInfo).toEqual([{ message: 'CONFLICTS', path: 'limitation', detail: 'EB at segment 19 also states {"quantity":1,"frequency":6,"timePeriod":"mo"}' }]);
  });

  it('keeps EB10 visits remaining or used in the patient note, and notes an EB09 it does not read', () => {
    const result = mapBenefits(
      EB({ info: 'F', level: 'IND', serviceTypes: ['41'], period: '29', quantityQualifier: 'VS', quantity: 1, network: 'Y', code: 'D1110' }) +
        EB({ info: 'F', level: 'IND', serviceTypes: ['23'], period: '23', quantityQualifier: '99', quantity: 1, network: 'Y', code: 'D0120' }) +
        EB({ info: 'F', level: 'IND', serviceTypes: ['23'], quantityQualifier: 'DY', quantity: 30, network: 'Y', code: 'D0150' }),
    );
    expect(result.plan.benefits.adaCodes).toEqual({});
    expect(result.patient.note).toBe(['ADA:D1110: Frequency: 1 visit remaining', 'ADA:D0120: Used: 1 (calendar year)'].join('\n'));
    expect(result.notes).toContain('EB at segment 21: quantity 30 with EB09 DY is not mapped');
  });

  it('keeps a family frequency (EB02 FAM) out of the individual limitation, as a caveat of the entry', () => {
    const family = EB({ info: 'F', level: 'FAM', serviceTypes: ['41'], network: 'Y', code: 'D1110' }) + HSD({ quantity: 4, period: '23', periods: 1 });
    const individual = EB({ info: 'F', level: 'IND', serviceTypes: ['41'], network: 'Y', code: 'D1110' }) + HSD({ quantity: 2, period: '23', periods: 1 });
    expect(mapBenefits(family + individual).plan.benefits.adaCodes['ADA:D1110']).toEqual({
      category: 'Preventative',
      subcategory: 'Prophylaxis',
      code: 'ADA:D1110',
      limitation: { value: { quantity: 2, frequency: 1, timePeriod: 'yr' }, score: 2 },
      caveat: [{ value: 'Family: Frequency: 4 visits per 1 calendar year', score: 2 }],
    });
    const alone = mapBenefits(family).plan.benefits.adaCodes['ADA:D1110'];
    expect(alone?.limitation).toBeUndefined();
    expect(alone?.caveat).toEqual([{ value: 'Family: Frequency: 4 visits per 1 calendar year', score: 2 }]);
  });

  it('maps a child frequency (EB02 CHD) to the child exception', () => {
    const result = mapBenefits(EB({ info: 'F', level: 'CHD', serviceTypes: ['41'], network: 'Y', code: 'D1208' }) + HSD({ quantity: 2, period: '23', periods: 1 }));
    expect(result.plan.benefits.adaCodes['ADA:D1208']?.exceptions).toEqual({
      child: { limitation: { value: { quantity: 2, frequency: 1, timePeriod: 'yr' }, score: 2 } },
    });
  });
});

describe('history (DTP*304 with MSG)', () => {
  it('maps the last visit of a code to a history record with the MSG as notes', () => {
    const result = mapBenefits(
      EB({ info: 'F', level: 'IND', serviceTypes: ['41'], network: 'Y', code: 'D1110' }) +
        HSD({ quantity: 1, period: '34', periods: 6 }) +
        'DTP*304*D8*20240115~MSG*LAST ADULT PROPHYLAXIS~MSG*PROVIDER 1234567893~',
    );
    expect(result.patient.history).toEqual([{ code: 'ADA:D1110', date: '01/15/2024', notes: 'LAST ADULT PROPHYLAXIS PROVIDER 1234567893' }]);
    expect(result.patient.historyStatus).toBe('Partial');
    expect(result.plan.benefits.adaCodes['ADA:D1110']?.caveat).toBeUndefined();
  });

  it('keeps a last visit without a code, or with a date that is no date, as unmapped history', () => {
    const result = mapBenefits(
      EB({ info: 'F', level: 'IND', serviceTypes: ['41'], network: 'Y' }) + 'DTP*304*D8*20240115~' +
        EB({ info: 'F', level: 'IND', serviceTypes: ['23'], network: 'Y', code: 'D0120' }) + 'DTP*304*D8*20240230~',
    );
    expect(result.patient.history).toEqual([]);
    expect(result.patient.unmappedHistory).toEqual([
      { originalBenefitKey: 'CAT:Preventative', code: '', date: '01/15/2024', isWrongDate: false },
      { originalBenefitKey: 'ADA:D0120', code: 'ADA:D0120', date: '20240230', isWrongDate: true },
    ]);
  });
});

describe('age limits', () => {
  it('maps EB09 S7 with EB10 to the age maximum of a code', () => {
    const result = mapBenefits(EB({ info: 'F', level: 'IND', serviceTypes: ['41'], quantityQualifier: 'S7', quantity: 19, network: 'Y', code: 'D1206' }));
    expect(result.plan.benefits.adaCodes['ADA:D1206']?.age).toEqual({ min: { value: 0, score: 1 }, max: { value: 19, score: 2 } });
  });

  it('maps EB09 S8 to the age minimum and leaves the maximum unknown', () => {
    const result = mapBenefits(EB({ info: 'F', level: 'IND', serviceTypes: ['41'], quantityQualifier: 'S8', quantity: 14, network: 'Y', code: 'D1110' }));
    expect(result.plan.benefits.adaCodes['ADA:D1110']?.age).toEqual({ min: { value: 14, score: 2 }, max: { value: null, score: 1 } });
  });

  it('combines separate S8 (minimum) and S7 (maximum) rows of one code into one range, in either order', () => {
    const low = EB({ info: 'F', level: 'IND', serviceTypes: ['41'], quantityQualifier: 'S8', quantity: 14, network: 'Y', code: 'D1110' });
    const high = EB({ info: 'F', level: 'IND', serviceTypes: ['41'], quantityQualifier: 'S7', quantity: 64, network: 'Y', code: 'D1110' });
    for (const rows of [low + high, high + low]) {
      const entry = mapBenefits(rows).plan.benefits.adaCodes['ADA:D1110'];
      expect(entry?.age).toEqual({ min: { value: 14, score: 2 }, max: { value: 64, score: 2 } });
      expect(entry?.mappingInfo).toBeUndefined();
    }
    const dependent = mapBenefits(
      EB({ info: 'D', level: 'DEP', serviceTypes: ['35'], quantityQualifier: 'S8', quantity: 2 }) + EB({ info: 'D', level: 'DEP', serviceTypes: ['35'], quantityQualifier: 'S7', quantity: 26 }),
    );
    expect(dependent.plan.benefits.age?.dependent).toEqual({ min: { value: 2, score: 2 }, max: { value: 26, score: 2 } });
  });

  it('records two different maximum ages of one code as a conflict and keeps the first', () => {
    const entry = mapBenefits(
      EB({ info: 'F', level: 'IND', serviceTypes: ['41'], quantityQualifier: 'S7', quantity: 19, network: 'Y', code: 'D1206' }) +
        EB({ info: 'F', level: 'IND', serviceTypes: ['41'], quantityQualifier: 'S7', quantity: 15, network: 'Y', code: 'D1206' }),
    ).plan.benefits.adaCodes['ADA:D1206'];
    expect(entry?.age).toEqual({ min: { value: 0, score: 1 }, max: { value: 19, score: 2 } });
    expect(entry?.mappingInfo).toEqual([{ message: 'CONFLICTS', path: 'age', detail: 'EB at segment 20 also states {"min":0,"max":15}' }]);
  });

  it('maps ages stated in MSG', () => {
    const result = mapBenefits(
      EB({ info: 'F', level: 'IND', serviceTypes: ['41'], network: 'Y', code: 'D1206' }) + 'MSG*COVERED UNDER AGE 19~' +
        EB({ info: 'F', level: 'IND', serviceTypes: ['41'], network: 'Y', code: 'D1351' }) + 'MSG*SEALANTS THROUGH AGE 15~',
    );
    expect(result.plan.benefits.adaCodes['ADA:D1206']?.age?.max).toEqual({ value: 18, score: 2 });
    expect(result.plan.benefits.adaCodes['ADA:D1351']?.age?.max).toEqual({ value: 15, score: 2 });
  });

  it('maps a dependent age limit (EB02 DEP, S7) and a student age in MSG to the plan ages', () => {
    const result = mapBenefits(EB({ info: 'D', level: 'DEP', serviceTypes: ['35'], quantityQualifier: 'S7', quantity: 26 }) + 'MSG*FULL TIME STUDENTS COVERED THROUGH AGE 25~');
    expect(result.plan.benefits.age).toEqual({
      dependent: { min: { value: 0, score: 1 }, max: { value: 26, score: 2 } },
      student: { min: { value: 0, score: 1 }, max: { value: 25, score: 2 } },
    });
  });

  it('maps the orthodontic lifetime maximum (EB06 32) and age limit', () => {
    const result = mapBenefits(
      EB({ info: 'A', level: 'IND', serviceTypes: ['38'], percent: 0.5, network: 'Y' }) +
        EB({ info: 'F', level: 'IND', serviceTypes: ['38'], period: '32', amount: 1500, network: 'Y' }) +
        EB({ info: 'F', level: 'IND', serviceTypes: ['38'], period: '33', amount: 900, network: 'Y' }) +
        EB({ info: 'F', level: 'IND', serviceTypes: ['38'], quantityQualifier: 'S7', quantity: 19, network: 'Y' }),
    );
    expect(result.plan.benefits.adaCodes['CAT:Orthodontics']).toEqual({
      category: 'Orthodontics',
      benefitLevel: { value: 50, score: 2 },
      lifetimeMaximum: { value: 1500, score: 2 },
      age: { min: { value: 0, score: 1 }, max: { value: 19, score: 2 } },
    });
    expect(result.patient.note).toBe('CAT:Orthodontics: Lifetime maximum remaining: $900');
  });
});

describe('MSG statements', () => {
  it.each([
    ['WAITING PERIOD 12 MONTHS', { months: 12 }],
    ['6 MONTH WAITING PERIOD', { months: 6 }],
    ['WAITING PERIOD - 1 YEAR', { months: 12 }],
    ['WAITING PERIOD 180 DAYS', { months: 6 }],
    ['WAITING PERIOD 3 MONTHS', { days: 90 }],
  ])('maps %j to the waiting period %o of the row services', (text, waitingPeriod) => {
    const result = mapBenefits(`${EB({ info: 'D', level: 'IND', serviceTypes: ['36', '39'] })}MSG*${text}~`);
    expect(result.plan.benefits.adaCodes['SUB:Crowns']?.waitingPeriod).toEqual({ value: waitingPeriod, score: 2 });
    expect(result.plan.benefits.adaCodes['SUB:Prosthodontics']?.waitingPeriod).toEqual({ value: waitingPeriod, score: 2 });
  });

  it.each([
    ['MISSING TOOTH CLAUSE APPLIES', true],
    ['MISSING TOOTH CLAUSE: YES', true],
    ['MISSING TOOTH CLAUSE: Y', true],
    ['MISSING TOOTH CLAUSE: NO', false],
    ['MISSING TOOTH CLAUSE - DOES NOT APPLY', false],
    ['MISSING TOOTH CLAUSE: N', false],
    ['MISSING TOOTH PROVISION: NONE', false],
    ['MISSING TOOTH EXCLUSION DOES NOT APPLY', false],
    ['NO MISSING TOOTH CLAUSE', false],
  ])('reads MSG %j as a missing tooth clause of %s', (text, applies) => {
    const result = mapBenefits(`${EB({ info: 'D', serviceTypes: ['35'] })}MSG*${text}~`);
    expect(result.plan.benefits.missingToothClause).toEqual({ value: applies, score: 2 });
  });

  it('maps a missing tooth clause, its absence, and the provider network status', () => {
    const row = EB({ info: 'D', serviceTypes: ['35'] });
    expect(mapBenefits(`${row}MSG*MISSING TOOTH CLAUSE APPLIES~`).plan.benefits.missingToothClause).toEqual({ value: true, score: 2 });
    expect(mapBenefits(`${row}MSG*NO MISSING TOOTH CLAUSE~`).plan.benefits.missingToothClause).toEqual({ value: false, score: 2 });
    expect(mapBenefits(`${row}MSG*PROVIDER IS IN NETWORK~`).plan.details.participation).toEqual({ value: 'In Network', score: 2 });
    expect(mapBenefits(`${row}MSG*NON-PARTICIPATING PROVIDER~`).plan.details.participation).toEqual({ value: 'Out Of Network', score: 2 });
  });

  it.each([
    ['SEALANTS COVERED THROUGH AGE 15 ON PERMANENT MOLARS', '41', 'D1351', { age: { min: { value: 0, score: 1 }, max: { value: 15, score: 2 } } }, true],
    ['COVERED UNDER AGE 19', '41', 'D1206', { age: { min: { value: 0, score: 1 }, max: { value: 18, score: 2 } } }, false],
    ['WAITING PERIOD 12 MONTHS FOR NEW ENROLLEES ONLY', '36', 'D2740', { waitingPeriod: { value: { months: 12 }, score: 2 } }, true],
    ['12 MONTH WAITING PERIOD FOR CROWNS', '36', 'D2740', { waitingPeriod: { value: { months: 12 }, score: 2 } }, false],
    ['DEDUCTIBLE WAIVED FOR IN NETWORK PROVIDERS', '23', 'D0120', { deductible: { value: false, score: 2 } }, true],
    ['DOES NOT APPLY TO ANNUAL MAXIMUM', '24', 'D4910', { appliesToAnnualMax: { value: false, score: 2 } }, false],
  ])('maps what it reads of %j and keeps the whole text as a caveat when part of it is left', (text, serviceType, code, values, kept) => {
    const result = mapBenefits(`${EB({ info: 'D', level: 'IND', serviceTypes: [serviceType], network: 'Y', code })}MSG*${text}~`);
    const entry = result.plan.benefits.adaCodes[`ADA:${code}`];
    expect(entry).toMatchObject(values);
    expect(entry?.caveat).toEqual(kept ? [{ value: text, score: 2 }] : undefined);
  });

  it('keeps the rest of a plan-wide statement as a plan caveat', () => {
    const row = EB({ info: 'D', serviceTypes: ['35'] });
    const network = mapBenefits(`${row}MSG*PROVIDER IS IN NETWORK - PPO AND PREMIER~`).plan;
    expect(network.details.participation).toEqual({ value: 'In Network', score: 2 });
    expect(network.caveat).toEqual([{ value: 'PROVIDER IS IN NETWORK - PPO AND PREMIER', score: 2 }]);
    const clause = mapBenefits(`${row}MSG*MISSING TOOTH CLAUSE APPLIES TO TEETH MISSING PRIOR TO COVERAGE~MSG*MISSING TOOTH CLAUSE: YES~`).plan;
    expect(clause.benefits.missingToothClause).toEqual({ value: true, score: 2 });
    expect(clause.caveat).toEqual([{ value: 'MISSING TOOTH CLAUSE APPLIES TO TEETH MISSING PRIOR TO COVERAGE', score: 2 }]);
    const student = mapBenefits(`${EB({ info: 'D', level: 'DEP', serviceTypes: ['35'] })}MSG*FULL TIME STUDENTS COVERED THROUGH AGE 25~`).plan;
    expect(student.benefits.age?.student?.max).toEqual({ value: 25, score: 2 });
    expect(student.caveat).toBeUndefined();
  });

  it('maps deductible and maximum exemptions, and keeps other texts as caveats', () => {
    const result = mapBenefits(`${EB({ info: 'D', level: 'IND', serviceTypes: ['24'] })}MSG*DOES NOT APPLY TO ANNUAL MAXIMUM~MSG*DEDUCTIBLE WAIVED~MSG*SUBJECT TO REVIEW~`);
    expect(result.plan.benefits.adaCodes['SUB:Periodontics']).toEqual({
      category: 'Basic',
      subcategory: 'Periodontics',
      appliesToAnnualMax: { value: false, score: 2 },
      deductible: { value: false, score: 2 },
      caveat: [{ value: 'SUBJECT TO REVIEW', score: 2 }],
    });
  });
});

describe('rows the plan has no field for (EB01 R, G, J, L, ...)', () => {
  it('keeps another payer (EB*R with its 2120 loop) and other facts about the member in the patient note', () => {
    const result = mapBenefits(
      'EB*R**35~LS*2120~NM1*PR*2*METLIFE*****PI*65978~LE*2120~MSG*COORDINATION OF BENEFITS ON FILE~' +
        'EB*L~LS*2120~NM1*P3*1*CHEN*AMY****XX*1234567893~LE*2120~' +
        EB({ info: 'T' }),
    );
    expect(result.patient.note).toBe(
      [
        'Other or additional payer: METLIFE (PI 65978)',
        'COORDINATION OF BENEFITS ON FILE',
        'Primary care provider: AMY CHEN (XX 1234567893)',
        'Card(s) reported lost/stolen',
      ].join('\n'),
    );
    expect(JSON.stringify(result.plan)).not.toMatch(/METLIFE|CHEN|COORDINATION|lost/i);
    expect(result.notes).toEqual([
      'EB at segment 19: EB01 R is about the member; kept in the patient note',
      'EB at segment 24: EB01 L is about the member; kept in the patient note',
      'EB at segment 28: EB01 T is about the member; kept in the patient note',
    ]);
  });

  it('keeps other rows as caveats and lists each in the notes', () => {
    const result = mapBenefits(
      EB({ info: 'G', level: 'IND', serviceTypes: ['35'], period: '23', amount: 2000 }) +
        EB({ info: 'J', level: 'IND', serviceTypes: ['36'] }) +
        'MSG*PREDETERMINATION RECOMMENDED OVER $300~' +
        EB({ info: 'G', level: 'IND', serviceTypes: ['35'], period: '29', amount: 1200 }),
    );
    expect(result.plan.caveat).toEqual([{ value: 'Out of pocket (stop loss): $2,000, calendar year', score: 2 }]);
    expect(result.plan.benefits.adaCodes['SUB:Crowns']?.caveat).toEqual([
      { value: 'Cost containment', score: 2 },
      { value: 'PREDETERMINATION RECOMMENDED OVER $300', score: 2 },
    ]);
    expect(result.patient.note).toBe('Out of pocket (stop loss): $1,200, remaining');
    expect(result.notes).toEqual([
      'EB at segment 19: EB01 G has no plan field; kept as a caveat',
      'EB at segment 20: EB01 J has no plan field; kept as a caveat',
      'EB at segment 22: EB01 G has no plan field; kept in the patient note',
    ]);
  });
});

describe('sponsor, warnings and plan score', () => {
  it('maps REF*6P to the group number and name', () => {
    const { sponsor } = mapBenefits('').plan;
    expect(sponsor).toEqual({
      sponsorName: { value: null, score: 1 },
      sponsorType: { value: 'Employer', score: 1 },
      groupNumber: { value: '123456', score: 2 },
      groupName: { value: 'ACME MANUFACTURING', score: 2 },
    });
  });

  it('warns GROUP_NUMBER_MISSING without REF*6P', () => {
    const result = mapBenefits('', OPTIONS, subscriberHead({ group: '' }));
    expect(result.warnings).toEqual(['GROUP_NUMBER_MISSING']);
    expect(result.plan.sponsor.groupNumber).toEqual({ value: null, score: 1 });
  });

  it('warns MULTIPLE_PLANS_FOUND for several EB*1 with different plans and groups', () => {
    const other = `${EB({ info: '1', serviceTypes: ['35'], plan: 'DELTA DENTAL PREMIER' })}REF*6P*999999~`;
    const result = mapBenefits(other);
    expect(result.warnings).toEqual(['MULTIPLE_PLANS_FOUND']);
    expect(result.plan.sponsor.groupNumber.value).toBe('123456');
    expect(result.plan.planNotes).toBe('Plan: DELTA DENTAL PPO; DELTA DENTAL PREMIER');
  });

  it('reads a high option plan description into the payer-specific plan type', () => {
    const text = wrap271(`${subscriberHead()}~${EB({ info: '1', serviceTypes: ['35'], plan: 'GEHA CONNECTION DENTAL FEDERAL HIGH OPTION' })}`);
    expect(mapped(map271(text, OPTIONS)).plan.planMetadata).toEqual({
      payerSpecificPlanType: { matchedValue: 'highOption', originalValue: 'GEHA CONNECTION DENTAL FEDERAL HIGH OPTION' },
    });
  });

  it('scores one point per stated fact', () => {
    expect(mapBenefits('').plan.score).toBe(3); // coverage status, effective date, group number
    const full = mapBenefits(
      [
        EB({ info: 'C', level: 'IND', serviceTypes: ['35'], period: '23', amount: 50 }),
        EB({ info: 'F', level: 'IND', serviceTypes: ['35'], period: '23', amount: 1500 }),
        EB({ info: 'F', level: 'IND', serviceTypes: ['35'], period: '29', amount: 1000 }),
        EB({ info: 'A', level: 'IND', serviceTypes: ['41'], percent: 0 }),
        EB({ info: 'A', level: 'IND', serviceTypes: ['25'], percent: 0.2 }),
        EB({ info: 'A', level: 'IND', serviceTypes: ['39'], percent: 0.5 }),
        EB({ info: 'F', level: 'IND', serviceTypes: ['23'], code: 'D0120' }),
        HSD({ quantity: 2, period: '23', periods: 1 }),
      ].join(''),
    );
    expect(full.plan.score).toBe(10);
  });

  it('returns the subscriber, the payer and the trace number', () => {
    const result = mapBenefits('');
    expect(result.subscriber).toEqual({
      memberId: 'DD123456789',
      firstName: 'MARIA',
      lastName: 'LOPEZ',
      middleName: undefined,
      dob: '04/12/1985',
      gender: 'F',
      relationship: undefined,
      address: '1450 OAK STREET, SACRAMENTO, CA 95814',
    });
    expect(result.payer).toEqual({ id: '77777', name: 'DELTA DENTAL OF CALIFORNIA' });
    expect(result.traceNumber).toBe('TRACE905');
    expect(result.plan.payer).toEqual({ id: '77777', name: 'DELTA DENTAL OF CALIFORNIA', typeOfVerification: 'clearinghouse' });
  });
});

describe('dependents', () => {
  it('maps the benefits and dates of loop 2110D for a dependent patient', () => {
    const head = subscriberHead().replace('HL*3*2*22*0', 'HL*3*2*22*1').replace('TRN*2*TRACE905*1941234567~', '');
    const text = wrap271(
      `${head}~HL*4*3*23*0~TRN*2*DEP77*1941234567~NM1*03*1*LOPEZ*DIEGO~DMG*D8*20140602*M~INS*N*19~DTP*356*D8*20200101~${ACTIVE}` +
        EB({ info: 'A', level: 'IND', serviceTypes: ['41'], percent: 0, network: 'Y' }),
    );
    const result = mapped(map271(text, OPTIONS));
    expect(result.dependent).toMatchObject({ firstName: 'DIEGO', lastName: 'LOPEZ', dob: '06/02/2014', relationship: '19' });
    expect(result.traceNumber).toBe('DEP77');
    expect(result.patient.effectiveDate).toEqual({ value: '01/01/2020', score: 2 });
    expect(result.plan.sponsor.groupNumber.value).toBe('123456');
    expect(Object.keys(result.plan.benefits.adaCodes)).toEqual(['CAT:Preventative']);
  });
});

describe('rejections (AAA)', () => {
  const head = subscriberHead();
  it.each([
    ['72', 'Invalid/missing subscriber/insured ID'],
    ['75', 'Subscriber/insured not found'],
    ['71', 'Patient birth date does not match that for the patient on the database'],
    ['73', 'Invalid/missing subscriber/insured name'],
    ['58', 'Invalid/missing date of birth'],
  ])('maps AAA %s in 2100C to a rejection without a plan', (code, reason) => {
    const result = map271(wrap271(`${head}~AAA*Y**${code}*C`), OPTIONS);
    expect(result).toMatchObject({
      status: 'rejected',
      plan: null,
      rejections: [{ code, reason, loop: '2100C', validRequest: true, followUp: { code: 'C', action: 'Please correct and resubmit' } }],
    });
  });

  it('maps AAA 42 in 2100A (no subscriber loop at all) to a rejection', () => {
    const text = wrap271('BHT*0022*11*X*20240115*1430~HL*1**20*0~NM1*PR*2*CIGNA DENTAL*****PI*62308~AAA*Y**42*R');
    expect(map271(text, OPTIONS)).toEqual({
      status: 'rejected',
      plan: null,
      rejections: [{ code: '42', reason: 'Unable to respond at current time', loop: '2100A', validRequest: true, followUp: { code: 'R', action: 'Resubmission allowed' } }],
      warnings: [],
      notes: [],
      payer: { id: '62308', name: 'CIGNA DENTAL' },
      subscriber: undefined,
      dependent: undefined,
      traceNumber: undefined,
    });
  });

  it('keeps an AAA after an EB (one benefit not answered) as a note, not a rejection', () => {
    const result = mapBenefits(`${EB({ info: 'F', serviceTypes: ['23'], code: 'D0120' })}AAA*Y**55*C~`);
    expect(result.notes).toEqual(['EB at segment 19: the payer could not answer this part (55 Inappropriate product/service ID)']);
  });
});
