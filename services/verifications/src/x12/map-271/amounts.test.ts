/**
 * 271 mapping of co-insurance (EB*A) and deductibles per category (EB*C): the exact plan values produced.
 */
import { EB, subscriberHead } from '../x271-fixture';
import { mapBenefits, OPTIONS } from './mapping-fixture';

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
