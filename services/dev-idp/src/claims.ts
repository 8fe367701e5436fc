/**
 * The session claims of SPEC section 3 ("Session / user") as this provider issues them in the access token, the
 * ID token and userinfo. Names follow the service kit's access-token reader (`org`, `editGlobalCustomization`,
 * `editGlobalCarriers`). A value the user does not have (no office, hence no payment type, plan type or
 * integration) is left out rather than sent as null: readers treat absent as unset.
 */
import { OfficePlanType, PaymentType, Role } from '@dv/contracts';
import { z } from 'zod';
import { type DemoOffice, type DemoUser, type UserRoles } from './users';

export const IssuedSessionClaims = z.strictObject({
  email: z.string(),
  name: z.string(),
  /** Organization id. */
  org: z.string(),
  /** A list, or keyed by office id. */
  roles: z.union([z.array(Role), z.record(z.string(), z.array(Role))]),
  allowedOfficeIds: z.array(z.string()),
  /** The office the session starts in; absent when the user has none (company users, registration). */
  officeId: z.string().optional(),
  /** Of the session's office; absent is "unset". */
  paymentType: PaymentType.optional(),
  planType: OfficePlanType.optional(),
  editGlobalCustomization: z.boolean(),
  editGlobalCarriers: z.boolean(),
  appMetadata: z.record(z.string(), z.unknown()),
  /** The session's office's schedule integration, when it has one. */
  integration: z.object({ subdomain: z.string() }).optional(),
});
export type IssuedSessionClaims = z.infer<typeof IssuedSessionClaims>;

/** Claim names, for the provider's scope-to-claims table. */
export const SESSION_CLAIM_NAMES = Object.keys(IssuedSessionClaims.shape) as readonly (keyof IssuedSessionClaims)[];

function isRoleList(roles: UserRoles): roles is readonly Role[] {
  return Array.isArray(roles);
}

/** Builds a user's session claims; office-dependent values come from the session's office. */
export function sessionClaimsFor(user: DemoUser, offices: readonly DemoOffice[]): IssuedSessionClaims {
  const office = user.officeId === null ? undefined : offices.find((candidate) => candidate.id === user.officeId);
  const roles = isRoleList(user.roles)
    ? [...user.roles]
    : Object.fromEntries(Object.entries(user.roles).map(([officeId, list]) => [officeId, [...list]]));
  return {
    email: user.email,
    name: user.name,
    org: user.orgId,
    roles,
    allowedOfficeIds: [...user.allowedOfficeIds],
    ...(user.officeId === null ? {} : { officeId: user.officeId }),
    ...(office?.paymentType ? { paymentType: office.paymentType } : {}),
    ...(office ? { planType: office.planType } : {}),
    editGlobalCustomization: user.editGlobalCustomization,
    editGlobalCarriers: user.editGlobalCarriers,
    appMetadata: { ...user.appMetadata },
    ...(office?.integration ? { integration: { subdomain: office.integration.subdomain } } : {}),
  };
}
