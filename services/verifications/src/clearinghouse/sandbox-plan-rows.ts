/**
 * How the sandbox's carriers write their 271 benefit rows: service type codes, the rows a plan is built of
 * (levels, deductible, maximum, a frequency with the last visit), in the carrier's EB08 convention. The plans
 * themselves are in sandbox-plans.ts.
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

export const msg = (text: string): X12SegmentValues => ['MSG', text];
export const lastVisit = (date: string): X12SegmentValues => ['DTP', '304', 'D8', date];

export type Row = Omit<EbFields, 'info'>;

/** EB*A per service type: what the plan pays, as the carrier writes it. */
export function levels(ctx: PlanContext, rows: readonly (readonly [string, number])[], options: Row = {}): X12SegmentValues[] {
  return rows.map(([serviceType, level]) =>
    eb({ info: 'A', level: 'IND', serviceTypes: [serviceType], percent: ctx.share(level), network: 'Y', ...options }),
  );
}

export function deductible(amount: number, options: Row = {}): X12SegmentValues {
  return eb({ info: 'C', level: 'IND', serviceTypes: [ST.dental], period: '23', amount, network: 'Y', ...options });
}

export function maximum(amount: number, options: Row = {}): X12SegmentValues {
  return eb({ info: 'F', level: 'IND', serviceTypes: [ST.dental], period: '23', amount, network: 'Y', ...options });
}

/** A frequency row for one code, optionally with the patient's last visit and the carrier's note about it. */
export function frequency(
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

export const perMonths = (quantity: number, months: number): HsdFields => ({ quantity, period: '34', periods: months });
export const perYears = (quantity: number, years: number): HsdFields => ({ quantity, period: '21', periods: years });
export const perCalendarYear = (quantity: number): HsdFields => ({ quantity, period: '23', periods: 1 });

/** The common shape of a PPO: diagnostic and preventive 100, basic 80, major 50 unless told otherwise. */
export function ppoLevels(ctx: PlanContext, basic = 80, major = 50, options: Row = {}): X12SegmentValues[] {
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
