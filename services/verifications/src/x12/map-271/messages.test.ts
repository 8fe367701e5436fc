/**
 * 271 mapping of MSG statements: waiting periods, missing tooth clause, network, exemptions, caveats.
 */
import { EB } from '../x271-fixture';
import { mapBenefits } from './mapping-fixture';

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
