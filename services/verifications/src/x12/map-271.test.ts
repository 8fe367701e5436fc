/**
 * 271 mapping: one fixture per EB shape, each asserting the exact plan and patient values produced. Here the
 * member's status, dates, plan-level amounts, sponsor, dependents and rejections; the rows' own values in map-271/.
 */
import { X12ParseError } from './errors';
import { describePeriod, readDelivery } from './frequency';
import { assertValidMapping, map271 } from './map-271';
import { coverageLevelLabel } from './map-271/codes';
import { ACTIVE, mapBenefits, mapped, OPTIONS } from './map-271/mapping-fixture';
import { rejectReason } from './reject-reasons';
import { serviceTypeLabel, targetOfServiceType } from './service-types';
import { EB, HSD, subscriberHead, wrap271 } from './x271-fixture';

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

describe('values spelled like Object.prototype members', () => {
  const NAMES = Object.getOwnPropertyNames(Object.prototype);

  it('map as unknown codes or are refused as X12, in every element of the benefit loops (the whole table)', () => {
    const head = subscriberHead();
    const segments = [ACTIVE, 'EB*A*IND*4*DN***0.2', 'EB*F*CHD*35*DN**22*1500', 'HSD*VS*2*DA*1*7*1', 'EB*C*DEP*23*DN**23*50', 'MSG*WAITING PERIOD 12 MONTHS', 'EB*B*IND*35*DN**27*25****N*Y*AD:D0120', 'AAA*Y**72*C']
      .join('~')
      .split('~')
      .filter((segment) => segment !== '');
    const problems: string[] = [];
    segments.forEach((segment, at) => {
      const [tag = '', ...elements] = segment.split('*');
      for (let n = 1; n <= Math.max(elements.length, 13); n += 1) {
        for (const name of NAMES) {
          const changed = Array.from({ length: Math.max(elements.length, n) }, (_, i) => (i === n - 1 ? name : (elements[i] ?? '')));
          const text = wrap271([head, ...segments.slice(0, at), [tag, ...changed].join('*'), ...segments.slice(at + 1)].join('~'));
          const where = `${tag}${String(n).padStart(2, '0')} ${name}`;
          try {
            const result = map271(text, OPTIONS);
            if (result.status === 'mapped') mapped(result);
            if (/native code|\[object /.test(JSON.stringify(result))) problems.push(`${where}: ${JSON.stringify(result).slice(0, 200)}`);
          } catch (error) {
            if (!(error instanceof X12ParseError)) problems.push(`${where}: ${String(error)}`);
          }
        }
      }
    });
    expect(problems).toEqual([]);
  });

  it('are no codes of the mapping\'s tables', () => {
    for (const name of NAMES) {
      expect(rejectReason(name)).toBe(`Rejected with reason code ${name}`);
      expect(serviceTypeLabel(name)).toBe(`service type ${name}`);
      expect(targetOfServiceType(name)).toBeUndefined();
      expect(coverageLevelLabel(name)).toBe(`Coverage level ${name}`);
      expect(describePeriod(name)).toBe(name);
      const delivery = { quantityQualifier: 'VS', quantity: 2, modulus: 6, periods: undefined, segmentIndex: 20 };
      expect(readDelivery({ ...delivery, unit: 'MO', periodQualifier: name })).toEqual({ text: `2 visits ${name}` });
      expect(readDelivery({ ...delivery, unit: name, periodQualifier: '' })).toEqual({ text: '2 visits' });
    }
  });
});

describe('assertValidMapping', () => {
  // map271 itself does not validate its documents (README): the callers that hand a plan out check it here.
  it('accepts a mapping and a rejection as map271 makes them', () => {
    expect(() => assertValidMapping(mapBenefits(EB({ info: 'A', level: 'IND', serviceTypes: ['23'], percent: 0 })))).not.toThrow();
    const rejected = map271(wrap271(`${subscriberHead()}~AAA*N**75*C`), OPTIONS);
    expect(rejected.status).toBe('rejected');
    expect(() => assertValidMapping(rejected)).not.toThrow();
  });

  it('throws when a plan or patient breaks the document rules', () => {
    const result = mapBenefits(EB({ info: 'A', level: 'IND', serviceTypes: ['23'], percent: 0 }));
    const entry = result.plan.benefits.adaCodes['SUB:Diagnostic']!;
    const adaCodes = { ...result.plan.benefits.adaCodes, 'SUB:Diagnostic': { ...entry, benefitLevel: { value: 500, score: 2 } } };
    const plan = { ...result.plan, benefits: { ...result.plan.benefits, adaCodes } };
    expect(() => assertValidMapping({ ...result, plan })).toThrow(/^map271 built an invalid document: plan\.benefits\.adaCodes\.SUB:Diagnostic\.benefitLevel/);
    const patient = { ...result.patient, effectiveDate: { value: '2024-13-45', score: 2 } };
    expect(() => assertValidMapping({ ...result, patient })).toThrow(/^map271 built an invalid document: patient\.effectiveDate/);
  });
});
