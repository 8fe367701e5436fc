/**
 * 271 mapping of age limits (EB09 S7 and S8, MSG).
 */
import { EB } from '../x271-fixture';
import { mapBenefits } from './mapping-fixture';

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
