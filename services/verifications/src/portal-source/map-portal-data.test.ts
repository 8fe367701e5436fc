/** Portal-shaped data to the version 3 plan and patient. */
import fc from 'fast-check';
import { PatientV3, PortalData, validatePlan } from '@dv/contracts';
import { daysBefore, sandboxPortalMember } from '@dv/portals';
import { mapPortalData } from './map-portal-data';
import { PORTAL_SERVICE_LABELS } from './portal-service-labels';
import { readAgeLimit, readFrequency, readWaitingPeriod } from './portal-text';

const TODAY = new Date('2025-06-15T15:00:00.000Z');
const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype);
const OPTIONS = { carrier: { payerId: '77777', name: 'Delta Dental of California' }, portalId: 'deltadental', today: TODAY };

describe('portal texts', () => {
  it.each([
    ['1 per 6 months', { quantity: 1, frequency: 6, timePeriod: 'mo' }],
    ['2 per calendar year', { quantity: 2, frequency: 1, timePeriod: 'yr' }],
    ['2 per benefit year', { quantity: 2, frequency: 1, timePeriod: 'yr' }],
    ['1 per 12 months', { quantity: 1, frequency: 12, timePeriod: 'mo' }],
    ['1 every 36 months', { quantity: 1, frequency: 36, timePeriod: 'mo' }],
    ['1 per 1 year', { quantity: 1, frequency: 12, timePeriod: 'mo' }],
    ['1 per 5 years', { quantity: 1, frequency: 5, timePeriod: 'yr' }],
    ['4 per 3 months', { quantity: 4, frequency: 90, timePeriod: 'd' }],
    ['1 per 180 days', { quantity: 1, frequency: 6, timePeriod: 'mo' }],
    ['1 per lifetime', { quantity: 1, frequency: 99, timePeriod: 'yr' }],
    ['2x per year', { quantity: 2, frequency: 1, timePeriod: 'yr' }],
  ])('reads the frequency %j', (text, limitation) => {
    expect(readFrequency(text)).toEqual(limitation);
  });

  it.each(['twice a year', 'per visit', '0 per year', 'as needed'])('leaves %j unread', (text) => {
    expect(readFrequency(text)).toBeUndefined();
  });

  it('reads waiting periods and age limits', () => {
    expect(readWaitingPeriod('12 months')).toEqual({ months: 12 });
    expect(readWaitingPeriod('1 year')).toEqual({ months: 12 });
    expect(readWaitingPeriod('3 months')).toEqual({ days: 90 });
    expect(readWaitingPeriod('None')).toEqual({ months: 0 });
    expect(readWaitingPeriod('after enrollment')).toBeUndefined();
    expect(readAgeLimit('Up to age 19')).toEqual({ max: 19 });
    expect(readAgeLimit('Through age 18')).toEqual({ max: 18 });
    expect(readAgeLimit('Under 16')).toEqual({ max: 15 });
    expect(readAgeLimit('Age 16 and over')).toEqual({ min: 16 });
    expect(readAgeLimit('16+')).toEqual({ min: 16 });
    expect(readAgeLimit('adults')).toBeUndefined();
  });

  it("reads no unit from the names of Object.prototype's members", () => {
    for (const name of PROTOTYPE_NAMES) {
      expect(readFrequency(`1 per ${name}`)).toBeUndefined();
      expect(readFrequency(`1 per 6 ${name}`)).toBeUndefined();
      expect(readWaitingPeriod(`12 ${name}`)).toBeUndefined();
    }
  });

  it('maps every service label to a key the version 3 plan accepts', () => {
    for (const target of Object.values(PORTAL_SERVICE_LABELS)) {
      const entry = { category: target.category, ...(target.subcategory ? { subcategory: target.subcategory } : {}) };
      const plan = mapPortalData(PortalData.parse({ patient: {}, plan: { benefits: [] } }), OPTIONS).plan;
      plan.benefits.adaCodes[target.key] = entry;
      expect(validatePlan(plan, 3)).toEqual({ ok: true });
    }
  });
});

describe('mapPortalData', () => {
  const member = sandboxPortalMember('DD100200300')!;
  const data = PortalData.parse(member.data((days) => daysBefore(TODAY, days)));

  it('maps the sandbox portal data of a member into valid documents', () => {
    const { plan, patient, warnings, notes } = mapPortalData(data, OPTIONS);
    expect(validatePlan(plan, 3)).toEqual({ ok: true });
    expect(PatientV3.safeParse(patient).success).toBe(true);
    expect(warnings).toEqual([]);
    expect(notes).toEqual([]);
    expect(plan.payer).toEqual({ id: '77777', name: 'Delta Dental of California', typeOfVerification: 'portal' });
    expect(plan.details.benefitYear).toEqual({ value: 'january', score: 2 });
    expect(plan.details.participation).toEqual({ value: 'In Network', score: 2 });
    expect(plan.sponsor).toEqual({
      sponsorName: { value: 'Acme Manufacturing Inc.', score: 2 },
      sponsorType: { value: 'Employer', score: 2 },
      groupNumber: { value: '01234-0001', score: 2 },
      groupName: { value: 'ACME MANUFACTURING', score: 2 },
    });
    expect(plan.benefits.annualMax).toEqual({ value: 1500, score: 2 });
    expect(plan.benefits.deductible).toEqual({ individual: { value: 50, score: 2 }, family: { value: 150, score: 2 } });
    expect(plan.benefits.adaCodes['SUB:Restorative']).toEqual({
      category: 'Basic',
      subcategory: 'Restorative',
      benefitLevel: { value: 80, score: 2 },
      deductible: { value: true, score: 2 },
    });
    expect(plan.benefits.adaCodes['CAT:Preventative']?.benefitLevel).toEqual({ value: 100, score: 2 });
    expect(plan.benefits.adaCodes['SUB:Implant Services']).toMatchObject({ category: 'Major', waitingPeriod: { value: { months: 12 }, score: 2 } });
    expect(plan.benefits.adaCodes['ADA:D0274']).toEqual({
      category: 'Preventative',
      subcategory: 'X-Ray',
      code: 'ADA:D0274',
      limitation: { value: { quantity: 1, frequency: 1, timePeriod: 'yr' }, score: 2 },
    });
    expect(plan.benefits.adaCodes['ADA:D1206']?.age).toEqual({ min: { value: 0, score: 1 }, max: { value: 18, score: 2 } });
    expect(plan.planNotes).toBe('Plan: Delta Dental PPO');

    expect(patient).toMatchObject({
      insuranceRemaining: { value: 1110, score: 2 },
      deductibleRemaining: { value: 25, score: 2 },
      effectiveDate: { value: '03/01/2019', score: 2 },
      coverageStatus: 'active',
      planEndDate: null,
      historyStatus: 'Complete',
    });
    expect(patient.history).toContainEqual({
      code: 'ADA:D2391',
      date: daysBefore(TODAY, 60),
      notes: 'Resin composite, two surfaces, posterior',
      tooth: ['30'],
      surfaces: { '30': 'MO' },
    });
  });

  it('keeps what it cannot place as caveats, notes and unmapped history', () => {
    const odd = PortalData.parse({
      patient: {
        eligibility: 'Inactive',
        terminationDate: '12/31/2024',
        history: [
          { procedureCode: 'D9999X', serviceDate: '01/02/2025' },
          { procedureCode: 'D0120', serviceDate: '2025-01-02' },
          { procedureCode: 'D2391', serviceDate: '01/02/2025', tooth: '8', surfaces: 'O' },
        ],
      },
      plan: {
        benefits: [
          { service: 'Teeth Whitening', coveragePercent: 0 },
          { service: 'Basic', coveragePercent: 80, frequency: 'as needed' },
          { service: 'Fillings', coveragePercent: 70 },
        ],
        otherPlans: ['Vision plan'],
      },
    });
    const { plan, patient, warnings, notes } = mapPortalData(odd, OPTIONS);
    expect(validatePlan(plan, 3)).toEqual({ ok: true });
    expect(plan.caveat).toEqual([{ value: 'Teeth Whitening: 0%', score: 2 }]);
    const restorative = plan.benefits.adaCodes['SUB:Restorative']!;
    expect(restorative.benefitLevel).toEqual({ value: 80, score: 2 });
    expect(restorative.caveat).toEqual([{ value: 'Frequency: as needed', score: 2 }]);
    expect(restorative.mappingInfo).toEqual([{ message: 'CONFLICTS', path: 'benefitLevel', detail: "portal row 'Fillings' also states 70" }]);
    expect(notes).toEqual(expect.arrayContaining([expect.stringContaining('Teeth Whitening'), expect.stringContaining('as needed')]));
    expect(patient.coverageStatus).toBe('terminated');
    expect(patient.planEndDate).toBe('12/31/2024');
    expect(patient.unmappedHistory).toEqual([
      { originalBenefitKey: 'portal history', code: 'D9999X', date: '01/02/2025', isWrongDate: false },
      { originalBenefitKey: 'portal history', code: 'D0120', date: '2025-01-02', isWrongDate: true },
    ]);
    // Surface O is not one of an anterior tooth's: the visit is kept, the tooth goes to its notes.
    expect(patient.history).toEqual([{ code: 'ADA:D2391', date: '01/02/2025', notes: 'tooth 8 O' }]);
    expect(patient.historyStatus).toBe('Partial');
    expect(plan.details.participation).toEqual({ value: 'Not Sure', score: 1 });
    expect(warnings).toEqual(['MULTIPLE_PLANS_FOUND', 'GROUP_NUMBER_MISSING']);
  });

  it("keeps a row whose service is named like an Object.prototype member as a caveat, as any unknown service (generated cases)", () => {
    const service = fc
      .tuple(fc.constantFrom(...PROTOTYPE_NAMES), fc.constantFrom('', ' ', '  '), fc.boolean())
      .map(([name, space, upper]) => `${space}${upper ? name.toUpperCase() : name}${space}`);
    fc.assert(
      fc.property(service, fc.integer({ min: 0, max: 100 }), fc.constantFrom(undefined, '1 per 6 months', 'as needed'), (name, coveragePercent, frequency) => {
        const row = { service: name, coveragePercent, ...(frequency === undefined ? {} : { frequency }) };
        const { plan, notes } = mapPortalData(PortalData.parse({ patient: {}, plan: { benefits: [row] } }), OPTIONS);
        expect(validatePlan(plan, 3)).toEqual({ ok: true });
        expect(plan.benefits.adaCodes).toEqual({});
        expect(plan.caveat).toEqual([expect.objectContaining({ value: expect.stringContaining(`${name}: ${coveragePercent}%`) })]);
        expect(notes).toEqual(expect.arrayContaining([expect.stringContaining(name.trim())]));
      }),
    );
  });
});
