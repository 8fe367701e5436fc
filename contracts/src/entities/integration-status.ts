/**
 * How each office's practice-management integration is doing (issue 18, /management/integrations): what the
 * schedule service saw the last time it read a day of the office's schedule, through which adapter, and its last
 * failure. The office's settings (integration type, pms type, subdomain) are the offices service's; the page puts
 * the two side by side.
 *
 * The schedule service reads a day when someone opens it, verifies it or a nightly run does: an office nobody looked
 * at has no read yet, which says nothing about its integration. Errors are the adapter's own words about the
 * system (unreachable, refused, timed out), never patient data.
 */
import { z } from 'zod';
import { ID_MAX_LENGTH, ID_PATTERN } from '../limits';
import { MANAGEMENT_PAGE_SIZE_MAX } from './offices-admin';

export const PRACTICE_SOURCES = ['sandbox', 'nexHealth'] as const;
export const PracticeSource = z.enum(PRACTICE_SOURCES);
export type PracticeSource = z.infer<typeof PracticeSource>;

/** The longest error text kept of a failed read. */
export const INTEGRATION_ERROR_MAX_LENGTH = 300;

/** One office's last schedule reads. */
export const OfficeIntegrationStatus = z.object({
  officeId: z.string(),
  /** The adapter of the last read: the sandbox practice or NexHealth. */
  source: PracticeSource,
  /** The last read that answered, and the day (YYYY-MM-DD) it read. */
  lastSuccessAt: z.string().nullable(),
  lastSuccessDay: z.string().nullable(),
  /** How many appointments that read found (cancelled ones left out). */
  lastAppointments: z.number().int().min(0).nullable(),
  /** The last read that failed, and why. */
  lastErrorAt: z.string().nullable(),
  lastError: z.string().nullable(),
  /** Reads that failed since the last one that answered. */
  failuresSinceSuccess: z.number().int().min(0),
});
export type OfficeIntegrationStatus = z.infer<typeof OfficeIntegrationStatus>;

/** GET /api/management/integrations/status. */
export const IntegrationStatusReply = z.object({
  /** True when the schedule service has no NexHealth key: every office's schedule comes from the sandbox. */
  sandboxPractice: z.boolean(),
  /** The asked offices of the caller's organization that have been read at least once. */
  offices: z.array(OfficeIntegrationStatus),
});
export type IntegrationStatusReply = z.infer<typeof IntegrationStatusReply>;

const OfficeIdList = z
  .string()
  .max((ID_MAX_LENGTH + 1) * MANAGEMENT_PAGE_SIZE_MAX)
  .transform((text) => [...new Set(text.split(',').map((id) => id.trim()).filter((id) => id !== ''))])
  .pipe(
    z
      .array(z.string().max(ID_MAX_LENGTH).regex(ID_PATTERN, { error: 'Each office id is letters, digits, -, _, ., :' }))
      .max(MANAGEMENT_PAGE_SIZE_MAX, { error: `At most ${MANAGEMENT_PAGE_SIZE_MAX} offices at a time` }),
  );

/** ?officeIds=a,b,c: the offices of one page of the management list. */
export const IntegrationStatusQuery = z.object({ officeIds: OfficeIdList.default([]) });
export type IntegrationStatusQuery = z.infer<typeof IntegrationStatusQuery>;
