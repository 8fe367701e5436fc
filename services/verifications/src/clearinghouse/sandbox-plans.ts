/**
 * The sandbox clearinghouse's plan library: realistic dental plans of the catalogue's carriers, each written
 * the way such a carrier writes its 271 benefits. They differ on purpose, so that every mapping path runs:
 * categories by EB03 and codes by EB13, HSD frequencies ('1 per 6 months' among them), history by DTP*304 with
 * MSG, remaining amounts (EB06 29), age limits (EB09 S7), waiting periods and a missing tooth clause in MSG,
 * in- and out-of-network rows (EB12), a carrier reporting the insurer's share, several plans in one answer,
 * a plan without group number, inactive and terminated coverage.
 *
 * Dates are relative to the inquiry's date of service, so the sandbox answers the same way every year.
 */
import { eb, hsd, type EbFields, type HsdFields } from '../x12/segments-271';
import { type X12SegmentValues } from '../x12/writer';

/** What a plan's benefit rows may depend on: the inquiry date and the carrier's EB08 convention. */
export type PlanContext = {
  /** CCYYMMDD of the day `days` before the date of service. */
  readonly daysAgo: (days: number) => string;
  /** MM/DD/YYYY of the same day, for MSG texts. */
  readonly usDaysAgo: (days: number) => string;
  /** EB08 for a benefit level (the share the plan pays, in percent), in this carrier's convention. */
  readonly share: (level: number) => number;
};

export type SandboxPlan = {
  readonly id: string;
  readonly payerId: string;
  /** EB05 plan coverage description. */
  readonly description: string;
  /** EB04 insurance type: PR PPO, HM HMO, ... */
  readonly insuranceType: string;
  /** REF*6P; none for individual plans. */
  readonly group: { readonly number: string; readonly name: string } | undefined;
  /** First month (1-12) of the benefit year. */
  readonly benefitYearStartMonth: number;
  readonly coverage: 'active' | 'inactive' | 'terminated';
  /** The 2110 loops after the status row. */
  readonly benefits: (ctx: PlanContext) => X12SegmentValues[];
  /** Further EB*1 rows naming other plans (the 271 of a member with several plans). */
  readonly otherPlans?: readonly { readonly description: string; readonly group: string }[];
};

/** EB03 service types. */
export const ST = {
  dental: '35',
  diagnostic: '23',
  xray: '4',
  preventive: '41',
  restorative: '25',
  endodontics: '26',
  periodontics: '24',
  crowns: '36',
  prosthodontics: '39',
  oralSurgery: '40',
  orthodontics: '38',
  adjunctive: '28',
  maxillofacial: '27',
  accident: '37',
} as const;

const msg = (text: string): X12SegmentValues => ['MSG', text];
const lastVisit = (date: string): X12SegmentValues => ['DTP', '304', 'D8', date];

type Row = Omit<EbFields, 'info'>;

/** EB*A per service type: what the plan pays, as the carrier writes it. */
function levels(ctx: PlanContext, rows: readonly (readonly [string, number])[], options: Row = {}): X12SegmentValues[] {
  return rows.map(([serviceType, level]) =>
    eb({ info: 'A', level: 'IND', serviceTypes: [serviceType], percent: ctx.share(level), network: 'Y', ...options }),
  );
}

function deductible(amount: number, options: Row = {}): X12SegmentValues {
  return eb({ info: 'C', level: 'IND', serviceTypes: [ST.dental], period: '23', amount, network: 'Y', ...options });
}

function maximum(amount: number, options: Row = {}): X12SegmentValues {
  return eb({ info: 'F', level: 'IND', serviceTypes: [ST.dental], period: '23', amount, network: 'Y', ...options });
}

/** A frequency row for one code, optionally with the patient's last visit and the carrier's note about it. */
function frequency(
  code: string,
  serviceType: string,
  limit: HsdFields | undefined,
  visit?: { readonly date: string; readonly note: string },
): X12SegmentValues[] {
  return [
    eb({ info: 'F', level: 'IND', serviceTypes: [serviceType], network: 'Y', code }),
    ...(limit === undefined ? [] : [hsd(limit)]),
    ...(visit === undefined ? [] : [lastVisit(visit.date), msg(visit.note)]),
  ];
}

const perMonths = (quantity: number, months: number): HsdFields => ({ quantity, period: '34', periods: months });
const perYears = (quantity: number, years: number): HsdFields => ({ quantity, period: '21', periods: years });
const perCalendarYear = (quantity: number): HsdFields => ({ quantity, period: '23', periods: 1 });

/** The common shape of a PPO: diagnostic and preventive 100, basic 80, major 50 unless told otherwise. */
function ppoLevels(ctx: PlanContext, basic = 80, major = 50, options: Row = {}): X12SegmentValues[] {
  return levels(
    ctx,
    [
      [ST.diagnostic, 100],
      [ST.xray, 100],
      [ST.preventive, 100],
      [ST.restorative, basic],
      [ST.endodontics, basic],
      [ST.periodontics, basic],
      [ST.oralSurgery, basic],
      [ST.crowns, major],
      [ST.prosthodontics, major],
    ],
    options,
  );
}

export const SANDBOX_PLANS: readonly SandboxPlan[] = [
  {
    id: 'delta-ca-ppo',
    payerId: '77777',
    description: 'DELTA DENTAL PPO',
    insuranceType: 'PR',
    group: { number: '01234-0001', name: 'ACME MANUFACTURING' },
    benefitYearStartMonth: 1,
    coverage: 'active',
    benefits: (ctx) => [
      deductible(50),
      deductible(150, { level: 'FAM' }),
      deductible(25, { period: '29' }),
      maximum(1500),
      maximum(1210, { period: '29' }),
      ...ppoLevels(ctx),
      ...levels(ctx, [[ST.restorative, 50], [ST.crowns, 50]], { network: 'N' }),
      eb({ info: 'C', level: 'IND', serviceTypes: [ST.preventive], period: '23', amount: 0, network: 'Y' }),
      ...frequency('D0120', ST.diagnostic, perMonths(1, 6), { date: ctx.daysAgo(120), note: `LAST PERIODIC EXAM ${ctx.usDaysAgo(120)}` }),
      ...frequency('D1110', ST.preventive, perMonths(1, 6), { date: ctx.daysAgo(120), note: 'LAST ADULT PROPHYLAXIS' }),
      ...frequency('D0274', ST.xray, perMonths(1, 12), { date: ctx.daysAgo(300), note: 'BITEWINGS FOUR FILMS' }),
      ...frequency('D0210', ST.xray, perYears(1, 5)),
      eb({ info: 'F', level: 'IND', serviceTypes: [ST.preventive], quantityQualifier: 'S7', quantity: 18, network: 'Y', code: 'D1206' }),
      hsd(perMonths(1, 6)),
      eb({ info: 'D', level: 'IND', serviceTypes: [ST.crowns, ST.prosthodontics] }),
      msg('WAITING PERIOD 12 MONTHS'),
      eb({ info: 'D', serviceTypes: [ST.dental] }),
      msg('MISSING TOOTH CLAUSE APPLIES'),
    ],
  },
  {
    id: 'delta-pa-ppo-premier',
    payerId: '23166',
    description: 'DELTA DENTAL PPO PLUS PREMIER',
    insuranceType: 'PR',
    group: { number: '77710', name: 'KEYSTONE SCHOOL DISTRICT' },
    benefitYearStartMonth: 7,
    coverage: 'active',
    benefits: (ctx) => [
      deductible(25, { period: '25' }),
      deductible(0, { period: '29' }),
      maximum(2000, { period: '25' }),
      maximum(1840, { period: '29' }),
      ...ppoLevels(ctx, 80, 50),
      ...levels(ctx, [[ST.orthodontics, 50]]),
      eb({ info: 'F', level: 'IND', serviceTypes: [ST.orthodontics], period: '32', amount: 1500, network: 'Y' }),
      eb({ info: 'F', level: 'IND', serviceTypes: [ST.orthodontics], period: '33', amount: 1500, network: 'Y' }),
      eb({ info: 'F', level: 'IND', serviceTypes: [ST.orthodontics], quantityQualifier: 'S7', quantity: 19, network: 'Y' }),
      ...frequency('D0120', ST.diagnostic, perCalendarYear(2), { date: ctx.daysAgo(45), note: 'PERIODIC ORAL EVALUATION' }),
      ...frequency('D1120', ST.preventive, perCalendarYear(2), { date: ctx.daysAgo(45), note: 'CHILD PROPHYLAXIS' }),
      ...frequency('D1351', ST.preventive, { quantity: 1, period: '32' }),
      eb({ info: 'D', serviceTypes: [ST.dental] }),
      msg('PROVIDER IS IN NETWORK - PPO AND PREMIER'),
    ],
  },
  {
    id: 'metlife-pdp-plus',
    payerId: '65978',
    description: 'METLIFE PDP PLUS',
    insuranceType: 'PR',
    group: { number: '5581204', name: 'NORTHWIND LOGISTICS' },
    benefitYearStartMonth: 1,
    coverage: 'active',
    benefits: (ctx) => [
      deductible(50),
      deductible(50, { period: '29' }),
      maximum(1500),
      maximum(1500, { period: '29' }),
      ...ppoLevels(ctx, 80, 50),
      ...levels(ctx, [[ST.preventive, 80], [ST.restorative, 60], [ST.crowns, 40]], { network: 'N' }),
      ...frequency('D0120', ST.diagnostic, perCalendarYear(2)),
      ...frequency('D1110', ST.preventive, perCalendarYear(2)),
      ...frequency('D4910', ST.periodontics, perMonths(4, 12)),
      ...frequency('D2740', ST.crowns, perYears(1, 10), { date: ctx.daysAgo(900), note: 'CROWN TOOTH 14' }),
      eb({ info: 'D', level: 'IND', serviceTypes: [ST.prosthodontics] }),
      msg('12 MONTH WAITING PERIOD FOR PROSTHODONTICS'),
      eb({ info: 'D', serviceTypes: [ST.dental] }),
      msg('PROVIDER IS IN NETWORK'),
      msg('MISSING TOOTH CLAUSE DOES NOT APPLY'),
    ],
  },
  {
    id: 'metlife-fedvip-high',
    payerId: '65978',
    description: 'METLIFE FEDERAL DENTAL HIGH OPTION',
    insuranceType: 'PR',
    group: { number: 'FEDVIP01', name: 'FEDVIP' },
    benefitYearStartMonth: 1,
    coverage: 'active',
    benefits: (ctx) => [
      deductible(0),
      maximum(10000),
      maximum(9650, { period: '29' }),
      ...ppoLevels(ctx, 80, 60),
      ...levels(ctx, [[ST.orthodontics, 50]]),
      eb({ info: 'F', level: 'IND', serviceTypes: [ST.orthodontics], period: '32', amount: 3500, network: 'Y' }),
      ...frequency('D0120', ST.diagnostic, perCalendarYear(2), { date: ctx.daysAgo(200), note: 'LAST EXAM' }),
      ...frequency('D1110', ST.preventive, perCalendarYear(2), { date: ctx.daysAgo(200), note: 'LAST CLEANING' }),
    ],
  },
  {
    id: 'cigna-dppo',
    payerId: '62308',
    description: 'CIGNA DENTAL PPO',
    insuranceType: 'PR',
    group: { number: '3334445', name: 'CONTOSO LTD' },
    benefitYearStartMonth: 1,
    coverage: 'active',
    benefits: (ctx) => [
      deductible(50),
      deductible(150, { level: 'FAM' }),
      eb({ info: 'C', level: 'IND', serviceTypes: [ST.diagnostic, ST.preventive], period: '23', amount: 0, network: 'Y' }),
      maximum(1000),
      maximum(640, { period: '29' }),
      ...ppoLevels(ctx, 90, 60),
      eb({ info: 'I', serviceTypes: [ST.orthodontics] }),
      ...frequency('D0120', ST.diagnostic, { quantity: 1, period: '7', periods: 180 }, { date: ctx.daysAgo(170), note: 'EXAM' }),
      ...frequency('D1110', ST.preventive, { quantity: 1, period: '7', periods: 180 }, { date: ctx.daysAgo(170), note: 'PROPHY' }),
      ...frequency('D0330', ST.xray, perMonths(1, 36)),
      eb({ info: 'D', level: 'IND', serviceTypes: [ST.dental] }),
      msg('ALL SERVICES SUBJECT TO CIGNA DENTAL CLINICAL POLICIES'),
    ],
  },
  {
    id: 'cigna-dppo-children',
    payerId: '62308',
    description: 'CIGNA DENTAL PPO ADVANTAGE',
    insuranceType: 'PR',
    group: { number: '3339001', name: 'FABRIKAM INC' },
    benefitYearStartMonth: 1,
    coverage: 'active',
    benefits: (ctx) => [
      deductible(75),
      maximum(1500),
      maximum(1500, { period: '29' }),
      ...ppoLevels(ctx, 80, 50),
      ...levels(ctx, [[ST.preventive, 100]], { level: 'CHD' }),
      eb({ info: 'F', level: 'IND', serviceTypes: [ST.preventive], network: 'Y', code: 'D1351' }),
      hsd(perYears(1, 3)),
      msg('SEALANTS COVERED THROUGH AGE 15 ON PERMANENT MOLARS'),
      eb({ info: 'F', level: 'CHD', serviceTypes: [ST.preventive], network: 'Y', code: 'D1208' }),
      hsd(perCalendarYear(2)),
      eb({ info: 'D', level: 'DEP', serviceTypes: [ST.dental], quantityQualifier: 'S7', quantity: 26 }),
      msg('FULL TIME STUDENTS COVERED THROUGH AGE 25'),
    ],
  },
  {
    id: 'aetna-ppo',
    payerId: '60054',
    description: 'AETNA DENTAL PPO',
    insuranceType: 'PR',
    group: { number: '086123', name: 'LITWARE HEALTH' },
    benefitYearStartMonth: 1,
    coverage: 'active',
    benefits: (ctx) => [
      deductible(50),
      deductible(50, { period: '29' }),
      maximum(1500),
      maximum(1100, { period: '29' }),
      ...ppoLevels(ctx, 80, 50),
      ...frequency('D0330', ST.xray, perMonths(1, 36), { date: ctx.daysAgo(600), note: 'PANORAMIC FILM' }),
      ...frequency('D2740', ST.crowns, perYears(1, 5), { date: ctx.daysAgo(400), note: 'CROWN - PORCELAIN/CERAMIC' }),
      ...frequency('D0120', ST.diagnostic, perMonths(2, 12)),
      eb({ info: 'D', level: 'IND', serviceTypes: [ST.restorative, ST.endodontics, ST.periodontics] }),
      msg('6 MONTH WAITING PERIOD'),
      eb({ info: 'D', level: 'IND', serviceTypes: [ST.crowns, ST.prosthodontics] }),
      msg('WAITING PERIOD - 12 MONTHS'),
    ],
  },
  {
    id: 'aetna-dmo-inactive',
    payerId: '60054',
    description: 'AETNA DENTAL DMO',
    insuranceType: 'HM',
    group: { number: '086555', name: 'LITWARE HEALTH' },
    benefitYearStartMonth: 1,
    coverage: 'inactive',
    benefits: () => [msg('NO ACTIVE COVERAGE ON DATE OF SERVICE')],
  },
  {
    id: 'guardian-ppo',
    payerId: '64246',
    description: 'GUARDIAN DENTALGUARD PREFERRED',
    insuranceType: 'PR',
    group: { number: '00512345', name: 'ADVENTURE WORKS' },
    benefitYearStartMonth: 1,
    coverage: 'active',
    benefits: (ctx) => [
      deductible(50),
      deductible(0, { period: '29' }),
      maximum(1250),
      maximum(815, { period: '29' }),
      ...ppoLevels(ctx, 80, 50),
      ...frequency('D0150', ST.diagnostic, perYears(1, 3)),
      ...frequency('D1110', ST.preventive, perMonths(1, 6), { date: ctx.daysAgo(90), note: `PROPHY ON ${ctx.usDaysAgo(90)}` }),
      ...frequency('D4341', ST.periodontics, perMonths(1, 24), { date: ctx.daysAgo(500), note: 'SRP UR QUADRANT' }),
      eb({ info: '1', level: 'DEP', serviceTypes: [ST.dental], quantityQualifier: 'S7', quantity: 26 }),
      eb({ info: 'D', serviceTypes: [ST.dental] }),
      msg('MISSING TOOTH CLAUSE APPLIES TO TEETH MISSING PRIOR TO COVERAGE'),
    ],
  },
  {
    id: 'uhc-dental-ppo-oon',
    payerId: '52133',
    description: 'UNITEDHEALTHCARE DENTAL OPTIONS PPO',
    insuranceType: 'PR',
    group: { number: '707070', name: 'TAILSPIN TOYS' },
    benefitYearStartMonth: 1,
    coverage: 'active',
    benefits: (ctx) => [
      deductible(100, { network: 'N' }),
      maximum(1000, { network: 'N' }),
      maximum(1000, { period: '29', network: 'N' }),
      ...ppoLevels(ctx, 70, 40, { network: 'N' }),
      eb({ info: 'F', level: 'IND', serviceTypes: [ST.diagnostic], network: 'N', code: 'D0120' }),
      hsd(perCalendarYear(2)),
      eb({ info: 'D', serviceTypes: [ST.dental] }),
      msg('BENEFITS SHOWN ARE OUT OF NETWORK - REIMBURSEMENT BASED ON MAXIMUM ALLOWABLE CHARGE'),
    ],
  },
  {
    id: 'humana-individual',
    payerId: '73288',
    description: 'HUMANA EXTEND 2000',
    insuranceType: 'PR',
    group: undefined,
    benefitYearStartMonth: 1,
    coverage: 'active',
    benefits: (ctx) => [
      deductible(75),
      maximum(2000),
      maximum(2000, { period: '29' }),
      ...ppoLevels(ctx, 70, 50),
      eb({ info: 'D', level: 'IND', serviceTypes: [ST.restorative, ST.endodontics, ST.periodontics, ST.oralSurgery] }),
      msg('WAITING PERIOD 6 MONTHS'),
      eb({ info: 'D', level: 'IND', serviceTypes: [ST.crowns, ST.prosthodontics] }),
      msg('WAITING PERIOD 12 MONTHS'),
      ...frequency('D1110', ST.preventive, perCalendarYear(2)),
      eb({ info: 'D', serviceTypes: [ST.dental] }),
      msg('MISSING TOOTH CLAUSE APPLIES'),
    ],
  },
  {
    id: 'united-concordia-tricare',
    payerId: '89070',
    description: 'TRICARE DENTAL PROGRAM',
    insuranceType: 'PR',
    group: { number: 'TDP', name: 'TRICARE DENTAL PROGRAM' },
    benefitYearStartMonth: 10,
    coverage: 'active',
    benefits: (ctx) => [
      deductible(0),
      maximum(1500, { period: '25' }),
      maximum(1320, { period: '29' }),
      ...ppoLevels(ctx, 80, 50),
      ...levels(ctx, [[ST.orthodontics, 50]]),
      eb({ info: 'F', level: 'IND', serviceTypes: [ST.orthodontics], period: '32', amount: 1750, network: 'Y' }),
      ...frequency('D0120', ST.diagnostic, { quantity: 2, period: '25', periods: 1 }, { date: ctx.daysAgo(75), note: 'EXAM' }),
      ...frequency('D1110', ST.preventive, { quantity: 2, period: '25', periods: 1 }, { date: ctx.daysAgo(75), note: 'CLEANING' }),
    ],
  },
  {
    id: 'ameritas-ppo',
    payerId: '47009',
    description: 'AMERITAS CLASSIC PPO',
    insuranceType: 'PR',
    group: { number: '010-123456', name: 'WIDE WORLD IMPORTERS' },
    benefitYearStartMonth: 1,
    coverage: 'active',
    benefits: (ctx) => [
      deductible(50),
      deductible(50, { period: '29' }),
      maximum(1000),
      maximum(1000, { period: '29' }),
      ...ppoLevels(ctx, 80, 50),
      ...frequency('D0120', ST.diagnostic, perMonths(1, 6)),
      ...frequency('D1110', ST.preventive, perMonths(1, 6)),
      eb({ info: 'D', serviceTypes: [ST.dental] }),
      msg('COINSURANCE SHOWN IS THE PERCENTAGE PAID BY AMERITAS'),
    ],
  },
  {
    id: 'principal-ppo',
    payerId: '61271',
    description: 'PRINCIPAL DENTAL PPO',
    insuranceType: 'PR',
    group: { number: 'N12345', name: 'PROSEWARE INC' },
    benefitYearStartMonth: 1,
    coverage: 'active',
    benefits: (ctx) => [
      deductible(50),
      deductible(150, { level: 'FAM' }),
      deductible(150, { level: 'FAM', period: '29' }),
      maximum(1500),
      maximum(1500, { level: 'FAM' }),
      ...ppoLevels(ctx, 80, 50),
      ...frequency('D1351', ST.preventive, { quantity: 1, period: '32' }),
      ...frequency('D0210', ST.xray, { quantity: 1, period: '7', periods: 1825 }),
      eb({ info: 'F', level: 'IND', serviceTypes: [ST.diagnostic], network: 'Y', code: 'D0120' }),
      hsd(perCalendarYear(2)),
      hsd({ quantity: 1, period: '29' }),
      eb({ info: 'B', level: 'IND', serviceTypes: [ST.accident], amount: 0, network: 'Y' }),
      msg('ACCIDENTAL INJURY COVERED AT 100% UP TO ANNUAL MAXIMUM'),
    ],
  },
  {
    id: 'sunlife-ppo',
    payerId: '70408',
    description: 'SUN LIFE DENTAL PPO',
    insuranceType: 'PR',
    group: { number: '944001', name: 'BLUE YONDER AIRLINES' },
    benefitYearStartMonth: 1,
    coverage: 'active',
    benefits: (ctx) => [
      deductible(50),
      deductible(15, { period: '29' }),
      maximum(1500),
      maximum(1385, { period: '29' }),
      ...ppoLevels(ctx, 80, 50),
      eb({ info: 'F', level: 'IND', serviceTypes: [ST.diagnostic], network: 'Y', code: 'D0120' }),
      hsd({ quantity: 1, unit: 'MO', modulus: 6 }),
      lastVisit(ctx.daysAgo(30)),
      msg('PERIODIC EXAM'),
      eb({ info: 'F', level: 'IND', serviceTypes: [ST.preventive], network: 'Y', code: 'D1110' }),
      hsd({ quantity: 1, unit: 'MO', modulus: 6 }),
      lastVisit(ctx.daysAgo(30)),
      msg('ADULT CLEANING'),
      eb({ info: 'F', level: 'IND', serviceTypes: [ST.preventive], network: 'Y', code: 'D1206' }),
      msg('COVERED UNDER AGE 19'),
    ],
  },
  {
    id: 'anthem-bcbs-dual',
    payerId: '47198',
    description: 'ANTHEM DENTAL PRIME',
    insuranceType: 'PR',
    group: { number: '200100', name: 'COHO WINERY' },
    otherPlans: [{ description: 'ANTHEM DENTAL COMPLETE', group: '200188' }],
    benefitYearStartMonth: 1,
    coverage: 'active',
    benefits: (ctx) => [
      deductible(50),
      maximum(1250),
      maximum(1250, { period: '29' }),
      ...ppoLevels(ctx, 80, 50),
      ...frequency('D0120', ST.diagnostic, perCalendarYear(2)),
    ],
  },
  {
    id: 'lincoln-dentalconnect',
    payerId: '62705',
    description: 'LINCOLN DENTALCONNECT PPO',
    insuranceType: 'PR',
    group: { number: '400-88123', name: 'MARGIE TRAVEL' },
    benefitYearStartMonth: 4,
    coverage: 'active',
    benefits: (ctx) => [
      deductible(50, { period: '22' }),
      deductible(150, { level: 'FAM', period: '22' }),
      maximum(1500, { period: '22' }),
      maximum(980, { period: '29' }),
      ...ppoLevels(ctx, 80, 50),
      eb({ info: 'F', level: 'IND', serviceTypes: [ST.preventive], network: 'Y', code: 'D1206' }),
      hsd(perMonths(2, 12)),
      msg('FLUORIDE COVERED THROUGH AGE 16'),
      ...frequency('D4910', ST.periodontics, { quantity: 4, period: '22', periods: 1 }, { date: ctx.daysAgo(60), note: 'PERIO MAINTENANCE' }),
      eb({ info: 'D', level: 'IND', serviceTypes: [ST.periodontics] }),
      msg('DOES NOT APPLY TO ANNUAL MAXIMUM'),
    ],
  },
  {
    id: 'geha-high',
    payerId: '39026',
    description: 'GEHA CONNECTION DENTAL FEDERAL HIGH OPTION',
    insuranceType: 'PR',
    group: { number: 'GEHAFED', name: 'FEDVIP' },
    benefitYearStartMonth: 1,
    coverage: 'active',
    benefits: (ctx) => [
      deductible(0),
      maximum(5000),
      maximum(4720, { period: '29' }),
      ...ppoLevels(ctx, 80, 60),
      ...levels(ctx, [[ST.orthodontics, 50]]),
      eb({ info: 'F', level: 'IND', serviceTypes: [ST.orthodontics], period: '32', amount: 3500, network: 'Y' }),
      eb({ info: 'F', level: 'IND', serviceTypes: [ST.orthodontics], quantityQualifier: 'S7', quantity: 22, network: 'Y' }),
      ...frequency('D0120', ST.diagnostic, perCalendarYear(2), { date: ctx.daysAgo(150), note: 'ROUTINE EXAM' }),
    ],
  },
  {
    id: 'geha-standard',
    payerId: '39026',
    description: 'GEHA CONNECTION DENTAL FEDERAL STANDARD OPTION',
    insuranceType: 'PR',
    group: { number: 'GEHAFED', name: 'FEDVIP' },
    benefitYearStartMonth: 1,
    coverage: 'active',
    benefits: (ctx) => [
      deductible(50),
      maximum(1500),
      ...ppoLevels(ctx, 65, 45),
      eb({ info: 'D', level: 'IND', serviceTypes: [ST.crowns, ST.prosthodontics] }),
      msg('12 MONTH WAITING PERIOD'),
      ...frequency('D1110', ST.preventive, perCalendarYear(2)),
    ],
  },
  {
    id: 'dentaquest-medicaid',
    payerId: 'CX014',
    description: 'DENTAQUEST MEDICAID CHILDREN',
    insuranceType: 'MC',
    group: { number: 'MCD-TX', name: 'TEXAS MEDICAID' },
    benefitYearStartMonth: 9,
    coverage: 'active',
    benefits: (ctx) => [
      ...levels(ctx, [
        [ST.diagnostic, 100],
        [ST.preventive, 100],
        [ST.restorative, 100],
        [ST.endodontics, 100],
      ]),
      eb({ info: 'I', serviceTypes: [ST.prosthodontics] }),
      eb({ info: 'B', level: 'IND', serviceTypes: [ST.dental], amount: 0, network: 'Y' }),
      eb({ info: 'F', level: 'IND', serviceTypes: [ST.dental], quantityQualifier: 'S7', quantity: 20, network: 'Y' }),
      ...frequency('D1120', ST.preventive, perMonths(1, 6), { date: ctx.daysAgo(200), note: 'CHILD PROPHY' }),
      ...frequency('D1206', ST.preventive, perMonths(1, 6)),
    ],
  },
  {
    id: 'metlife-terminated',
    payerId: '65978',
    description: 'METLIFE PDP',
    insuranceType: 'PR',
    group: { number: '5500001', name: 'OLD EMPLOYER LLC' },
    benefitYearStartMonth: 1,
    coverage: 'terminated',
    benefits: () => [msg('COVERAGE TERMINATED')],
  },
];

export function sandboxPlan(id: string): SandboxPlan | undefined {
  return SANDBOX_PLANS.find((plan) => plan.id === id);
}
