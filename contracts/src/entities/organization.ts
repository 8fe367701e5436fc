/** Organizations, resolved from the host name or from the name a user types (SPEC sections 2, 4, 5, 7). */
import { z } from 'zod';
import { MESSAGES, ORGANIZATION_NAME_MIN_LENGTH } from '../constants';
import { HOST_MAX_LENGTH, ORGANIZATION_NAME_MAX_LENGTH, tooLongMessage } from '../limits';

export const Organization = z.object({ id: z.string().min(1) });
export type Organization = z.infer<typeof Organization>;

/** The name typed into the organization prompt: trimmed, not empty, at least 3 characters. */
export const OrganizationName = z
  .string({ error: MESSAGES.ORGANIZATION_NAME_EMPTY })
  .trim()
  .min(1, { error: MESSAGES.ORGANIZATION_NAME_EMPTY })
  .max(ORGANIZATION_NAME_MAX_LENGTH, { error: tooLongMessage(ORGANIZATION_NAME_MAX_LENGTH) })
  .refine((name) => name.length === 0 || name.length >= ORGANIZATION_NAME_MIN_LENGTH, {
    error: MESSAGES.ORGANIZATION_NAME_TOO_SHORT,
  });

/** POST /api/auth/organization: by host (organizationDomain) or by typed name (organizationName). */
export const OrganizationLookupInput = z.union([
  z.object({ organizationDomain: z.string().trim().min(1).max(HOST_MAX_LENGTH) }),
  z.object({ organizationName: OrganizationName }),
]);
export type OrganizationLookupInput = z.infer<typeof OrganizationLookupInput>;
