/**
 * What the sandbox portals show for the sandbox members (the same people as the verifications service's sandbox
 * clearinghouse member table, services/verifications/src/clearinghouse/sandbox-members.ts; a test there keeps the
 * two in step). The sandbox provider adapter (sandbox.ts) answers with it. Portal-shaped on purpose: service
 * labels, frequency and waiting-period texts, remaining amounts and a claim history, as a carrier's provider
 * portal words them. Dates are relative to the day of the request, so the answers are the same every day.
 *
 * Most members' portal data agrees with their 271; some differ the way real portals and 271s do:
 * - DD100200300 (Maria Lopez, Delta Dental of California): the portal's maximum remaining is 1110 (a claim
 *   the 271's accumulator has not seen yet, which says 1210), its bitewings limit is '1 per calendar year'
 *   where the 271 says 1 per 12 months, it names the employer and implant coverage the 271 leaves out, and
 *   its history adds a filling;
 * - MET884412 (Aisha Khan, MetLife): the portal gives a 12-month waiting period on major services;
 * - GRD00512345 (Hannah Schmidt, Guardian): the portal lists a second plan (MULTIPLE_PLANS_FOUND).
 * Every sandbox member whose carrier a portal serves is here; the others are verified by the clearinghouse only.
 */
import { type PortalBenefitRow, type PortalData } from '@dv/contracts';

export interface SandboxPortalPerson {
  readonly firstName: string;
  readonly lastName: string;
  /** MM/DD/YYYY. */
  readonly dob: string;
}

export interface SandboxPortalMember {
  readonly memberId: string;
  readonly payerId: string;
  readonly portalId: string;
  /** The subscriber first, then the dependents: who the portal finds under this member id. */
  readonly people: readonly SandboxPortalPerson[];
  readonly data: (days: (daysAgo: number) => string) => PortalData;
}

type Levels = { readonly preventive: number; readonly basic: number; readonly major: number };

/** The benefit summary rows most PPO portals show. */
function summary({ preventive, basic, major }: Levels, extra: readonly PortalBenefitRow[] = []): PortalBenefitRow[] {
  return [
    { service: 'Diagnostic', coveragePercent: preventive, deductibleApplies: false },
    { service: 'X-Rays', coveragePercent: preventive },
    { service: 'Preventive', coveragePercent: preventive },
    { service: 'Basic Restorative', coveragePercent: basic, deductibleApplies: true },
    { service: 'Endodontics', coveragePercent: basic },
    { service: 'Periodontics', coveragePercent: basic },
    { service: 'Oral Surgery', coveragePercent: basic },
    { service: 'Crowns', coveragePercent: major },
    { service: 'Prosthodontics', coveragePercent: major },
    ...extra,
  ];
}

const code = (procedureCode: string, service: string, fields: Omit<PortalBenefitRow, 'service' | 'procedureCode'>): PortalBenefitRow => ({
  service,
  procedureCode,
  ...fields,
});

export const SANDBOX_PORTAL_MEMBERS: readonly SandboxPortalMember[] = [
  {
    memberId: 'DD100200300',
    payerId: '77777',
    portalId: 'deltadental',
    people: [
      { firstName: 'Maria', lastName: 'Lopez', dob: '04/12/1985' },
      { firstName: 'Diego', lastName: 'Lopez', dob: '06/02/2014' },
      { firstName: 'Carlos', lastName: 'Lopez', dob: '11/23/1983' },
    ],
    data: (days) => ({
      patient: {
        eligibility: 'Active',
        effectiveDate: '03/01/2019',
        terminationDate: null,
        deductibleRemaining: 25,
        maximumRemaining: 1110,
        historyComplete: true,
        history: [
          { procedureCode: 'D0120', serviceDate: days(120), description: 'Periodic oral evaluation' },
          { procedureCode: 'D1110', serviceDate: days(120), description: 'Prophylaxis - adult' },
          { procedureCode: 'D2391', serviceDate: days(60), tooth: '30', surfaces: 'MO', description: 'Resin composite, two surfaces, posterior' },
          { procedureCode: 'D0274', serviceDate: days(300), description: 'Bitewings - four radiographic images' },
        ],
      },
      plan: {
        planName: 'Delta Dental PPO',
        groupNumber: '01234-0001',
        groupName: 'ACME MANUFACTURING',
        employer: 'Acme Manufacturing Inc.',
        network: 'In Network - PPO',
        benefitPeriod: 'Calendar Year',
        annualMaximum: 1500,
        deductible: { individual: 50, family: 150 },
        missingToothClause: true,
        benefits: summary({ preventive: 100, basic: 80, major: 50 }, [
          { service: 'Implants', coveragePercent: 50, waitingPeriod: '12 months' },
          code('D0120', 'Periodic Exam', { frequency: '1 per 6 months' }),
          code('D1110', 'Adult Cleaning', { frequency: '1 per 6 months' }),
          code('D0274', 'Bitewings (4 films)', { frequency: '1 per calendar year' }),
          code('D0210', 'Full Mouth X-Rays', { frequency: '1 per 5 years' }),
          code('D1206', 'Fluoride Varnish', { frequency: '1 per 6 months', ageLimit: 'Through age 18' }),
        ]),
      },
    }),
  },
  {
    memberId: 'DD123456789',
    payerId: '77777',
    portalId: 'deltadental',
    people: [{ firstName: 'Maria', lastName: 'Lopez', dob: '04/12/1985' }],
    data: (days) => ({
      patient: {
        eligibility: 'Active',
        effectiveDate: '01/01/2021',
        deductibleRemaining: 25,
        maximumRemaining: 1210,
        history: [
          { procedureCode: 'D0120', serviceDate: days(120) },
          { procedureCode: 'D1110', serviceDate: days(120) },
          { procedureCode: 'D0274', serviceDate: days(300) },
        ],
      },
      plan: {
        planName: 'Delta Dental PPO',
        groupNumber: '01234-0001',
        groupName: 'ACME MANUFACTURING',
        network: 'PPO',
        benefitPeriod: 'Calendar Year',
        annualMaximum: 1500,
        deductible: { individual: 50, family: 150 },
        missingToothClause: true,
        benefits: summary({ preventive: 100, basic: 80, major: 50 }, [
          code('D0120', 'Periodic Exam', { frequency: '1 per 6 months' }),
          code('D1110', 'Adult Cleaning', { frequency: '1 per 6 months' }),
          code('D0274', 'Bitewings', { frequency: '1 per 12 months' }),
        ]),
      },
    }),
  },
  {
    memberId: 'MET884412',
    payerId: '65978',
    portalId: 'metdental',
    people: [{ firstName: 'Aisha', lastName: 'Khan', dob: '12/05/1990' }],
    data: () => ({
      patient: { eligibility: 'Active', effectiveDate: '02/01/2022', deductibleRemaining: 50, maximumRemaining: 1500, history: [], historyComplete: true },
      plan: {
        planName: 'MetLife PDP Plus',
        groupNumber: '5581204',
        groupName: 'NORTHWIND LOGISTICS',
        employer: 'Northwind Logistics LLC',
        network: 'In Network',
        benefitPeriod: 'Calendar Year',
        annualMaximum: 1500,
        deductible: { individual: 50 },
        missingToothClause: false,
        benefits: summary({ preventive: 100, basic: 80, major: 50 }, [
          { service: 'Major Restorative', coveragePercent: 50, waitingPeriod: '12 months' },
          code('D0120', 'Periodic Exam', { frequency: '2 per calendar year' }),
          code('D1110', 'Cleaning', { frequency: '2 per calendar year' }),
          code('D4910', 'Periodontal Maintenance', { frequency: '4 per 12 months' }),
          code('D2740', 'Crown - porcelain/ceramic', { frequency: '1 per 10 years' }),
        ]),
      },
    }),
  },
  {
    memberId: 'U4471190201',
    payerId: '62308',
    portalId: 'cigna',
    people: [{ firstName: 'Olivia', lastName: 'Brown', dob: '07/22/1988' }],
    data: (days) => ({
      patient: {
        eligibility: 'Active',
        effectiveDate: '01/01/2023',
        maximumRemaining: 640,
        history: [
          { procedureCode: 'D0120', serviceDate: days(170) },
          { procedureCode: 'D1110', serviceDate: days(170) },
        ],
      },
      plan: {
        planName: 'Cigna Dental PPO',
        groupNumber: '3334445',
        groupName: 'CONTOSO LTD',
        network: 'In Network',
        benefitPeriod: 'Calendar Year',
        annualMaximum: 1000,
        deductible: { individual: 50, family: 150 },
        benefits: summary({ preventive: 100, basic: 90, major: 60 }, [
          { service: 'Orthodontics', coveragePercent: 0, notes: 'Not covered' },
          code('D0120', 'Periodic Exam', { frequency: '1 per 6 months' }),
          code('D1110', 'Prophylaxis', { frequency: '1 per 6 months' }),
          code('D0330', 'Panoramic X-Ray', { frequency: '1 per 36 months' }),
        ]),
      },
    }),
  },
  {
    memberId: 'W123456789',
    payerId: '60054',
    portalId: 'availity-aetna',
    people: [{ firstName: 'Emily', lastName: 'Chen', dob: '11/02/1993' }],
    data: (days) => ({
      patient: {
        eligibility: 'Active',
        effectiveDate: '06/15/2023',
        deductibleRemaining: 50,
        maximumRemaining: 1100,
        history: [
          { procedureCode: 'D0330', serviceDate: days(600) },
          { procedureCode: 'D2740', serviceDate: days(400), tooth: '19' },
        ],
      },
      plan: {
        planName: 'Aetna Dental PPO',
        groupNumber: '086123',
        groupName: 'LITWARE HEALTH',
        network: 'PPO',
        benefitPeriod: 'Calendar Year',
        annualMaximum: 1500,
        deductible: { individual: 50 },
        benefits: summary({ preventive: 100, basic: 80, major: 50 }, [
          { service: 'Basic Restorative', waitingPeriod: '6 months' },
          { service: 'Crowns', waitingPeriod: '12 months' },
          code('D0330', 'Panoramic X-Ray', { frequency: '1 per 36 months' }),
          code('D2740', 'Crown', { frequency: '1 per 5 years' }),
        ]),
      },
    }),
  },
  {
    memberId: 'GRD00512345',
    payerId: '64246',
    portalId: 'guardiananytime',
    people: [
      { firstName: 'Hannah', lastName: 'Schmidt', dob: '08/19/1987' },
      { firstName: 'Lukas', lastName: 'Schmidt', dob: '03/03/2001' },
    ],
    data: (days) => ({
      patient: {
        eligibility: 'Active',
        effectiveDate: '09/01/2020',
        deductibleRemaining: 0,
        maximumRemaining: 815,
        history: [
          { procedureCode: 'D1110', serviceDate: days(90) },
          { procedureCode: 'D4341', serviceDate: days(500) },
        ],
      },
      plan: {
        planName: 'Guardian DentalGuard Preferred',
        groupNumber: '00512345',
        groupName: 'ADVENTURE WORKS',
        network: 'In Network',
        benefitPeriod: 'Calendar Year',
        annualMaximum: 1250,
        deductible: { individual: 50 },
        missingToothClause: true,
        dependentAgeLimit: 26,
        benefits: summary({ preventive: 100, basic: 80, major: 50 }, [
          code('D0150', 'Comprehensive Exam', { frequency: '1 per 3 years' }),
          code('D1110', 'Prophylaxis', { frequency: '1 per 6 months' }),
          code('D4341', 'Scaling and Root Planing', { frequency: '1 per 24 months' }),
        ]),
        otherPlans: ['Guardian Vision 00512345-V'],
      },
    }),
  },
  {
    memberId: 'H55512345',
    payerId: '73288',
    portalId: 'humana',
    people: [{ firstName: 'Grace', lastName: 'Miller', dob: '10/10/1959' }],
    data: () => ({
      patient: { eligibility: 'Active', effectiveDate: '04/01/2024', maximumRemaining: 2000, history: [] },
      plan: {
        planName: 'Humana Extend 2000',
        network: 'In Network',
        benefitPeriod: 'Calendar Year',
        annualMaximum: 2000,
        deductible: { individual: 75 },
        missingToothClause: true,
        benefits: summary({ preventive: 100, basic: 70, major: 50 }, [
          { service: 'Basic Restorative', waitingPeriod: '6 months' },
          { service: 'Crowns', waitingPeriod: '12 months' },
          code('D1110', 'Cleaning', { frequency: '2 per calendar year' }),
        ]),
      },
    }),
  },
  {
    memberId: 'AMR33322211',
    payerId: '47009',
    portalId: 'ameritas',
    people: [{ firstName: 'Laura', lastName: 'Wilson', dob: '06/06/1980' }],
    data: () => ({
      patient: { eligibility: 'Active', effectiveDate: '01/01/2021', deductibleRemaining: 50, maximumRemaining: 1000, history: [] },
      plan: {
        planName: 'Ameritas Classic PPO',
        groupNumber: '010-123456',
        groupName: 'WIDE WORLD IMPORTERS',
        network: 'In Network',
        benefitPeriod: 'Calendar Year',
        annualMaximum: 1000,
        deductible: { individual: 50 },
        benefits: summary({ preventive: 100, basic: 80, major: 50 }, [
          code('D0120', 'Periodic Exam', { frequency: '1 per 6 months' }),
          code('D1110', 'Cleaning', { frequency: '1 per 6 months' }),
        ]),
      },
    }),
  },
  {
    memberId: 'DPA55501234',
    payerId: '23166',
    portalId: 'deltadental',
    people: [
      { firstName: 'James', lastName: 'Walker', dob: '09/30/1979' },
      { firstName: 'Emma', lastName: 'Walker', dob: '02/14/2012' },
    ],
    data: (days) => ({
      patient: {
        eligibility: 'Active',
        effectiveDate: '07/01/2016',
        deductibleRemaining: 0,
        maximumRemaining: 1840,
        history: [
          { procedureCode: 'D0120', serviceDate: days(45) },
          { procedureCode: 'D1120', serviceDate: days(45) },
        ],
      },
      plan: {
        planName: 'Delta Dental PPO plus Premier',
        groupNumber: '77710',
        groupName: 'KEYSTONE SCHOOL DISTRICT',
        employer: 'Keystone School District',
        network: 'In Network',
        benefitPeriod: 'Plan Year (July)',
        annualMaximum: 2000,
        deductible: { individual: 25 },
        benefits: summary({ preventive: 100, basic: 80, major: 50 }, [
          { service: 'Orthodontics', coveragePercent: 50, ageLimit: 'Through age 19' },
          code('D0120', 'Periodic Exam', { frequency: '2 per benefit year' }),
          code('D1120', 'Child Cleaning', { frequency: '2 per benefit year' }),
          code('D1351', 'Sealants', { frequency: '1 per lifetime' }),
        ]),
      },
    }),
  },
  {
    memberId: 'MFED2024001',
    payerId: '65978',
    portalId: 'metdental',
    people: [
      { firstName: 'Robert', lastName: 'Nguyen', dob: '03/17/1968' },
      { firstName: 'Linh', lastName: 'Nguyen', dob: '08/08/1970' },
    ],
    data: (days) => ({
      patient: {
        eligibility: 'Active',
        effectiveDate: '01/01/2020',
        deductibleRemaining: 0,
        maximumRemaining: 9650,
        history: [
          { procedureCode: 'D0120', serviceDate: days(200) },
          { procedureCode: 'D1110', serviceDate: days(200) },
        ],
      },
      plan: {
        planName: 'MetLife Federal Dental High Option',
        groupNumber: 'FEDVIP01',
        groupName: 'FEDVIP',
        network: 'In Network',
        benefitPeriod: 'Calendar Year',
        annualMaximum: 10000,
        deductible: { individual: 0 },
        benefits: summary({ preventive: 100, basic: 80, major: 60 }, [
          { service: 'Orthodontics', coveragePercent: 50 },
          code('D0120', 'Periodic Exam', { frequency: '2 per calendar year' }),
          code('D1110', 'Cleaning', { frequency: '2 per calendar year' }),
        ]),
      },
    }),
  },
  {
    memberId: 'U5520013302',
    payerId: '62308',
    portalId: 'cigna',
    people: [
      { firstName: 'Daniel', lastName: 'Garcia', dob: '01/09/1982' },
      { firstName: 'Sofia', lastName: 'Garcia', dob: '05/30/2015' },
      { firstName: 'Mateo', lastName: 'Garcia', dob: '10/11/2004' },
    ],
    data: () => ({
      patient: { eligibility: 'Active', effectiveDate: '01/01/2018', maximumRemaining: 1500, history: [] },
      plan: {
        planName: 'Cigna Dental PPO Advantage',
        groupNumber: '3339001',
        groupName: 'FABRIKAM INC',
        network: 'In Network',
        benefitPeriod: 'Calendar Year',
        annualMaximum: 1500,
        deductible: { individual: 75 },
        dependentAgeLimit: 26,
        studentAgeLimit: 25,
        benefits: summary({ preventive: 100, basic: 80, major: 50 }, [
          code('D1351', 'Sealants', { frequency: '1 per 3 years', ageLimit: 'Through age 15' }),
          code('D1208', 'Fluoride', { frequency: '2 per calendar year' }),
        ]),
      },
    }),
  },
  {
    memberId: 'W987654321',
    payerId: '60054',
    portalId: 'availity-aetna',
    people: [{ firstName: 'Marcus', lastName: 'Johnson', dob: '04/04/1975' }],
    data: () => ({
      patient: { eligibility: 'Inactive', effectiveDate: '01/01/2017', history: [] },
      plan: { planName: 'Aetna Dental DMO', groupNumber: '086555', groupName: 'LITWARE HEALTH', benefits: [] },
    }),
  },
  {
    memberId: 'UHC70707001',
    payerId: '52133',
    portalId: 'uhcdental',
    people: [{ firstName: 'Kevin', lastName: 'Patel', dob: '02/27/1984' }],
    data: () => ({
      patient: { eligibility: 'Active', effectiveDate: '01/01/2022', maximumRemaining: 1000, history: [] },
      plan: {
        planName: 'UnitedHealthcare Dental Options PPO',
        groupNumber: '707070',
        groupName: 'TAILSPIN TOYS',
        network: 'Out of Network',
        benefitPeriod: 'Calendar Year',
        annualMaximum: 1000,
        deductible: { individual: 100 },
        benefits: summary({ preventive: 100, basic: 70, major: 40 }, [code('D0120', 'Periodic Exam', { frequency: '2 per calendar year' })]),
      },
    }),
  },
  {
    memberId: 'TDP99887766',
    payerId: '89070',
    portalId: 'unitedconcordia',
    people: [
      { firstName: 'Anthony', lastName: 'Rivera', dob: '12/12/1990' },
      { firstName: 'Mia', lastName: 'Rivera', dob: '09/09/2013' },
    ],
    data: (days) => ({
      patient: {
        eligibility: 'Active',
        effectiveDate: '10/01/2019',
        deductibleRemaining: 0,
        maximumRemaining: 1320,
        history: [
          { procedureCode: 'D0120', serviceDate: days(75) },
          { procedureCode: 'D1110', serviceDate: days(75) },
        ],
      },
      plan: {
        planName: 'TRICARE Dental Program',
        groupNumber: 'TDP',
        groupName: 'TRICARE DENTAL PROGRAM',
        network: 'In Network',
        benefitPeriod: 'Plan Year (October)',
        annualMaximum: 1500,
        deductible: { individual: 0 },
        benefits: summary({ preventive: 100, basic: 80, major: 50 }, [
          { service: 'Orthodontics', coveragePercent: 50 },
          code('D0120', 'Periodic Exam', { frequency: '2 per contract year' }),
          code('D1110', 'Cleaning', { frequency: '2 per contract year' }),
        ]),
      },
    }),
  },
  {
    memberId: 'PFG44455566',
    payerId: '61271',
    portalId: 'principal',
    people: [
      { firstName: 'Samuel', lastName: 'Lee', dob: '05/15/1972' },
      { firstName: 'Grace', lastName: 'Lee', dob: '07/04/1974' },
    ],
    data: () => ({
      patient: { eligibility: 'Active', effectiveDate: '01/01/2015', history: [] },
      plan: {
        planName: 'Principal Dental PPO',
        groupNumber: 'N12345',
        groupName: 'PROSEWARE INC',
        network: 'In Network',
        benefitPeriod: 'Calendar Year',
        annualMaximum: 1500,
        deductible: { individual: 50, family: 150 },
        benefits: summary({ preventive: 100, basic: 80, major: 50 }, [
          code('D1351', 'Sealants', { frequency: '1 per lifetime' }),
          code('D0120', 'Periodic Exam', { frequency: '2 per calendar year' }),
        ]),
      },
    }),
  },
  {
    memberId: 'SLF94400123',
    payerId: '70408',
    portalId: 'sunlife',
    people: [{ firstName: 'Natalie', lastName: 'Dubois', dob: '01/21/1995' }],
    data: (days) => ({
      patient: {
        eligibility: 'Active',
        effectiveDate: '05/01/2023',
        deductibleRemaining: 15,
        maximumRemaining: 1385,
        history: [
          { procedureCode: 'D0120', serviceDate: days(30) },
          { procedureCode: 'D1110', serviceDate: days(30) },
        ],
      },
      plan: {
        planName: 'Sun Life Dental PPO',
        groupNumber: '944001',
        groupName: 'BLUE YONDER AIRLINES',
        employer: 'Blue Yonder Airlines',
        network: 'In Network',
        benefitPeriod: 'Calendar Year',
        annualMaximum: 1500,
        deductible: { individual: 50 },
        benefits: summary({ preventive: 100, basic: 80, major: 50 }, [
          code('D0120', 'Periodic Exam', { frequency: '1 per 6 months' }),
          code('D1110', 'Adult Cleaning', { frequency: '1 per 6 months' }),
          code('D1206', 'Fluoride Varnish', { ageLimit: 'Under 19' }),
        ]),
      },
    }),
  },
  {
    memberId: 'MET5500001',
    payerId: '65978',
    portalId: 'metdental',
    people: [{ firstName: 'Steven', lastName: 'Clark', dob: '02/02/1977' }],
    data: () => ({
      patient: { eligibility: 'Terminated', effectiveDate: '01/01/2015', terminationDate: '06/30/2023', history: [] },
      plan: { planName: 'MetLife PDP', groupNumber: '5500001', groupName: 'OLD EMPLOYER LLC', benefits: [] },
    }),
  },
];

export function sandboxPortalMember(memberId: string): SandboxPortalMember | undefined {
  const wanted = memberId.trim().toUpperCase();
  return SANDBOX_PORTAL_MEMBERS.find((member) => member.memberId.toUpperCase() === wanted);
}

/** MM/DD/YYYY of the UTC day `daysAgo` days before `today`. */
export function daysBefore(today: Date, daysAgo: number): string {
  const day = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - daysAgo));
  return `${String(day.getUTCMonth() + 1).padStart(2, '0')}/${String(day.getUTCDate()).padStart(2, '0')}/${day.getUTCFullYear()}`;
}
