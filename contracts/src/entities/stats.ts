/**
 * The statistics of /management/stats (issue 18 item 5), served by the verifications service:
 *
 * | call | who | query | reply |
 * |---|---|---|---|
 * | GET /api/management/stats | superadministrator, staffmanager, staff (rules/api-routes.ts STATS_ROLES) | StatsQuery | StatsReply |
 *
 * The figures describe the verifications created in a range of days (`from` to `to`, both included, at most
 * STATS_RANGE_MAX_DAYS days) as the office's clock counts days (`timeZone`, an IANA name; the browser sends its
 * own). Whose verifications: an office user's are those of the office their Connected-Dental-Office header names
 * (a staff manager of several offices picks among theirs by naming another); a super administrator's are every
 * office's of their organization, or the one `officeId` names. Nothing here names a patient: counts, durations,
 * sources, the payers' rejection reasons (the X12 code tables' words) and ticket statuses only.
 */
import { z } from 'zod';
import { TicketStatus } from '../enums';
import { ID_MAX_LENGTH, ID_PATTERN } from '../limits';
import { VerificationSource } from './verifications';

/** The longest range one request asks about: a year, leap day included. */
export const STATS_RANGE_MAX_DAYS = 366;
/** How many rejection reasons the reply names (the most frequent first). */
export const STATS_TOP_REASONS = 10;
/** The longest IANA time zone name taken ('America/Argentina/ComodRivadavia' is 32). */
export const STATS_TIME_ZONE_MAX_LENGTH = 64;
/** The page's default range: the last seven days, today included. */
export const STATS_DEFAULT_DAYS = 7;

export const STATS_MESSAGES = {
  day: 'Use a date as YYYY-MM-DD',
  order: 'The end date is before the start date',
  tooLong: `Ask about at most ${STATS_RANGE_MAX_DAYS} days at a time`,
  timeZone: 'Not a time zone name (use an IANA name such as America/New_York)',
  office: 'Not an office id',
  /** 403: an office user asked about an office other than the one they act for. */
  otherOffice: "You may only see the figures of the office you act for: switch to it first",
  /** 403: an office user without an office to act for. */
  noOffice: 'Choose one of your offices to see its figures',
} as const;

const DAY_MS = 86_400_000;

/** Whether the runtime's time zone database knows the name. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** Days from `from` to `to`, both counted (1 for one day; 0 or less when reversed). */
export function statsRangeDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

const Day = z.iso.date({ error: STATS_MESSAGES.day });

/**
 * GET /api/management/stats. `from` and `to` are calendar days (YYYY-MM-DD) of `timeZone` (default UTC), both
 * included; `officeId` narrows a super administrator's figures to one office of their organization (an office
 * user's figures are their header's office: naming another is refused).
 */
export const StatsQuery = z
  .object({
    from: Day,
    to: Day,
    officeId: z.string().trim().max(ID_MAX_LENGTH, { error: STATS_MESSAGES.office }).regex(ID_PATTERN, { error: STATS_MESSAGES.office }).optional(),
    timeZone: z
      .string()
      .trim()
      .max(STATS_TIME_ZONE_MAX_LENGTH, { error: STATS_MESSAGES.timeZone })
      .refine(isTimeZone, { error: STATS_MESSAGES.timeZone })
      .default('UTC'),
  })
  .superRefine((query, context) => {
    const days = statsRangeDays(query.from, query.to);
    if (days < 1) context.addIssue({ code: 'custom', path: ['to'], message: STATS_MESSAGES.order });
    else if (days > STATS_RANGE_MAX_DAYS) context.addIssue({ code: 'custom', path: ['to'], message: STATS_MESSAGES.tooLong });
  });
export type StatsQuery = z.infer<typeof StatsQuery>;

/** One day of the range (in the query's time zone): what was created that day, and how it went. */
export const StatsDay = z.object({
  day: z.string(),
  verifications: z.number().int().nonnegative(),
  /** Of them: ready with an answer from a source, never outsourced. */
  readyWithoutAgent: z.number().int().nonnegative(),
  /** Of them: handed to the company's agents. */
  outsourced: z.number().int().nonnegative(),
});
export type StatsDay = z.infer<typeof StatsDay>;

/** How one kind of source did: its jobs by outcome (a job of the range's verifications). */
export const SourceStats = z.object({
  source: VerificationSource,
  jobs: z.number().int().nonnegative(),
  success: z.number().int().nonnegative(),
  rejected: z.number().int().nonnegative(),
  error: z.number().int().nonnegative(),
  /** Still running or waiting for the office (a credential, an MFA code). */
  unfinished: z.number().int().nonnegative(),
  /** success / (success + rejected + error); null when none finished. */
  successRate: z.number().min(0).max(1).nullable(),
});
export type SourceStats = z.infer<typeof SourceStats>;

export const RejectionReasonCount = z.object({ reason: z.string(), count: z.number().int().positive() });
export type RejectionReasonCount = z.infer<typeof RejectionReasonCount>;

export const TicketStatusCount = z.object({ status: TicketStatus, count: z.number().int().positive() });
export type TicketStatusCount = z.infer<typeof TicketStatusCount>;

export const StatsReply = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  /** The office the figures are of; null: every office of the organization. */
  officeId: z.string().nullable(),
  totals: z.object({
    verifications: z.number().int().nonnegative(),
    /** Ready: no source job left running (readyAt set). */
    ready: z.number().int().nonnegative(),
    readyWithoutAgent: z.number().int().nonnegative(),
    outsourced: z.number().int().nonnegative(),
  }),
  /** readyWithoutAgent / verifications; null when there were none. */
  readyWithoutAgentShare: z.number().min(0).max(1).nullable(),
  /** From creation to ready, over the ready verifications (linear interpolation between ranks). */
  timeToReady: z.object({
    count: z.number().int().nonnegative(),
    medianMs: z.number().nonnegative().nullable(),
    p90Ms: z.number().nonnegative().nullable(),
  }),
  /** Every day of the range, oldest first, days without verifications included. */
  perDay: z.array(StatsDay),
  /** One entry per source kind (VERIFICATION_SOURCES order). */
  sources: z.array(SourceStats),
  /** The payers' reasons of rejected source jobs, the most frequent first (at most STATS_TOP_REASONS). */
  rejectionReasons: z.array(RejectionReasonCount),
  /** The outsourced verifications of the range by their ticket's current status (TICKET_STATUSES order). */
  outsourcedByStatus: z.array(TicketStatusCount),
  /**
   * True when the range held more verifications than one request reads (the service's cap): the figures then
   * cover the earliest of them only; a narrower range or one office gives complete ones.
   */
  truncated: z.boolean(),
});
export type StatsReply = z.infer<typeof StatsReply>;
