/**
 * 271 mapping of frequencies (EB09 VS, HSD): the exact limitations, caveats and patient notes produced.
 */
import { EB, HSD, subscriberHead } from '../x271-fixture';
import { mapBenefits, OPTIONS } from './mapping-fixture';

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
