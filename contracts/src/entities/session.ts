/**
 * What the session token says about the user (SPEC sections 3, 6). Roles come as a list or keyed by office id;
 * role names are free text here because they are compared normalized (lower case, spaces removed), see
 * `normalizeRole`. Claim names are short because they travel in every access token. Standard JWT claims (iss, sub, exp ...) pass through untouched.
 */
import { z } from 'zod';
import { OfficePlanType, PaymentType } from '../enums';

export const SessionRoles = z.union([z.array(z.string()), z.record(z.string(), z.array(z.string()))]);
export type SessionRoles = z.infer<typeof SessionRoles>;

export const IntegrationData = z.looseObject({
  /** Subdomain of the office's schedule integration; the Appointment Schedule needs it. */
  subdomain: z.string().nullable().optional(),
});
export type IntegrationData = z.infer<typeof IntegrationData>;

export const SessionClaims = z.looseObject({
  sub: z.string().optional(),
  exp: z.number().optional(),
  roles: SessionRoles.default([]),
  allowedOfficeIds: z.array(z.string()).default([]),
  email: z.string().optional(),
  /** Organization id. */
  org: z.string().optional(),
  /** Privilege to edit the global (organization-wide) form customization. */
  editGlobalCustomization: z.boolean().default(false),
  /** Privilege to edit the global carrier catalogue. */
  editGlobalCarriers: z.boolean().default(false),
  appMetadata: z.record(z.string(), z.unknown()).default({}),
  /** Absent means unset, which the payment rules treat like auto. */
  paymentType: PaymentType.nullable().optional(),
  officeId: z.string().nullable().optional(),
  integration: IntegrationData.nullable().optional(),
  planType: OfficePlanType.nullable().optional(),
});
export type SessionClaims = z.infer<typeof SessionClaims>;
/** Claims as they may be written (defaults not yet applied). */
export type SessionClaimsInput = z.input<typeof SessionClaims>;
