/**
 * The office's list of verifications (GET /api/verifications): the Verifications History page (/past-verifications,
 * issue 15), the management verifications list and the new verification page's look for a twin all read it.
 * Filtered, sorted and paged by the verifications service; every filter is a query parameter, so a list is an
 * address.
 */
import { z } from 'zod';
import { UsCalendarDate } from '../documents/dates';
import { CoverageStatus, TicketStatus, VerificationStatus } from '../enums';
import { TIMESTAMP_MAX_LENGTH } from '../limits';
import { MANAGEMENT_PAGE_SIZE_DEFAULT, MANAGEMENT_PAGE_SIZE_MAX } from './offices-admin';
import { VerificationCarrier, VerificationJobView } from './verifications';

export const VERIFICATION_SORT_FIELDS = ['createdAt', 'updatedAt', 'patientName', 'dob', 'status', 'carrier'] as const;
export type VerificationSortField = (typeof VERIFICATION_SORT_FIELDS)[number];

/**
 * The last page a list may ask for: far beyond any office's history at the smallest page size, and small enough
 * that the rows skipped (page times page size) stay an exact integer for every store.
 */
export const VERIFICATION_LIST_PAGE_MAX = 100_000;
/** The longest search text: a patient's whole name or a member id, with room to spare. */
export const VERIFICATION_SEARCH_MAX_LENGTH = 100;

export const VERIFICATION_DATE_MESSAGE = 'Use YYYY-MM-DD or an ISO 8601 date and time';
export const VERIFICATION_DATE_ORDER_MESSAGE = 'The end date is before the start date';

/** A day (YYYY-MM-DD, a whole UTC day) or an instant (ISO 8601 with zone). */
const DayOrInstant = z.union([z.iso.date(), z.iso.datetime({ offset: true }).max(TIMESTAMP_MAX_LENGTH)], {
  error: VERIFICATION_DATE_MESSAGE,
});

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The inclusive creation-time bounds of a `from` / `to` filter, as ISO instants (which sort as text): a day
 * covers the whole UTC day.
 */
export function createdBounds(range: { from?: string | undefined; to?: string | undefined }): { from?: string; to?: string } {
  const bound = (value: string | undefined, end: boolean): string | undefined => {
    if (value === undefined) return undefined;
    if (DAY.test(value)) return `${value}T${end ? '23:59:59.999' : '00:00:00.000'}Z`;
    return new Date(value).toISOString();
  };
  return {
    ...(range.from === undefined ? {} : { from: bound(range.from, false) }),
    ...(range.to === undefined ? {} : { to: bound(range.to, true) }),
  };
}

/**
 * GET /api/verifications: the current office's verifications (a company user without an office: the
 * organization's). Filters: `q`, the history's one search box (part of the patient's name, any case and word
 * order, or part of the member id); patient name alone; date of birth; member id (whole); carrier (payer id);
 * status; creation date range (`from`, `to`, inclusive, `to` not before `from`). Other query parameters are
 * ignored.
 */
export const VerificationListQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(VERIFICATION_LIST_PAGE_MAX).default(1),
    pageSize: z.coerce.number().int().min(1).max(MANAGEMENT_PAGE_SIZE_MAX).default(MANAGEMENT_PAGE_SIZE_DEFAULT),
    q: z.string().trim().max(VERIFICATION_SEARCH_MAX_LENGTH).optional(),
    patientName: z.string().trim().max(VERIFICATION_SEARCH_MAX_LENGTH).optional(),
    dob: UsCalendarDate.optional(),
    memberId: z.string().trim().max(80).optional(),
    carrier: z.string().trim().max(80).optional(),
    status: VerificationStatus.optional(),
    from: DayOrInstant.optional(),
    to: DayOrInstant.optional(),
    sort: z.enum(VERIFICATION_SORT_FIELDS).default('createdAt'),
    order: z.enum(['asc', 'desc']).default('desc'),
  })
  .refine(
    (query) => {
      const { from, to } = createdBounds(query);
      return from === undefined || to === undefined || from <= to;
    },
    { path: ['to'], error: VERIFICATION_DATE_ORDER_MESSAGE },
  );
export type VerificationListQuery = z.infer<typeof VerificationListQuery>;

/** What every reader of the list needs of a verification. */
export const VerificationListItem = z.object({
  id: z.string(),
  officeId: z.string(),
  status: VerificationStatus,
  ticketStatus: TicketStatus,
  patient: z.object({ firstName: z.string(), lastName: z.string(), dob: z.string(), memberId: z.string() }),
  carrier: VerificationCarrier,
  createdAt: z.string(),
  updatedAt: z.string(),
  readyAt: z.string().nullable(),
  submittedAt: z.string().nullable(),
  planScore: z.number().nullable(),
  jobs: z.array(VerificationJobView.pick({ id: true, source: true, status: true, outcome: true })),
});
export type VerificationListItem = z.infer<typeof VerificationListItem>;

/**
 * A row of the list as the service sends it: with the history's columns, the patient's coverage status and who
 * created the verification (their name or email as their sign-in gave it; the user id for verifications stored
 * before names were kept).
 */
export const VerificationHistoryItem = VerificationListItem.extend({
  coverageStatus: CoverageStatus,
  createdBy: z.string(),
});
export type VerificationHistoryItem = z.infer<typeof VerificationHistoryItem>;
