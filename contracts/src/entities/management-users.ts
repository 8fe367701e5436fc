/**
 * The people side of /management/agents and /management/do-management (issue 18) on top of offices-admin.ts:
 * how an invited user signs in, an office's users with their roles there, and the development identity provider's
 * look-up of accounts the offices service keeps (never served where a production identity provider signs users in).
 */
import { z } from 'zod';
import { OfficePlanType, PaymentType, Role } from '../enums';
import { ID_MAX_LENGTH, ID_PATTERN } from '../limits';
import { OFFICE_ROLES } from '../rules/roles';
import { ManagedUser, ManagedUserRoles } from './offices-admin';

const Id = z.string().min(1).max(128);

/**
 * How an invited user signs in. With the development identity provider the offices service makes a password at
 * invitation and answers it once (only its hash is kept); with a production provider the user signs in there with
 * their e-mail, and nothing else is answered.
 */
export const UserSignIn = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('developmentPassword'), password: z.string().min(1) }),
  z.object({ kind: z.literal('identityProvider') }),
]);
export type UserSignIn = z.infer<typeof UserSignIn>;

/** POST /api/management/users answers the user and how they sign in. */
export const InvitedUser = ManagedUser.extend({ signIn: UserSignIn });
export type InvitedUser = z.infer<typeof InvitedUser>;

// ---------- An office's users ----------

/** Roles a user holds at one office (roles for the whole organization are given on /management/agents). */
export const OfficeMemberRole = z.enum(OFFICE_ROLES);
export type OfficeMemberRole = z.infer<typeof OfficeMemberRole>;

/** GET /api/management/offices/{id}/users: a user of the office and their roles there. */
export const OfficeMember = z.object({
  userId: Id,
  name: z.string().min(1),
  email: z.string().min(1),
  active: z.boolean(),
  roles: z.array(Role),
  /** The user's other offices: a role change here leaves theirs as they are. */
  otherOfficeIds: z.array(Id),
});
export type OfficeMember = z.infer<typeof OfficeMember>;

/** PUT /api/management/offices/{id}/users/{userId}: gives the user the office (if they lacked it) with these roles. */
export const OfficeMemberInput = z.strictObject({
  roles: z
    .array(OfficeMemberRole)
    .min(1, { error: 'Give at least one role' })
    .max(OFFICE_ROLES.length)
    .refine((roles) => new Set(roles).size === roles.length, { error: 'Name each role once' }),
});
export type OfficeMemberInput = z.infer<typeof OfficeMemberInput>;

/** The path of one office user: ids as the stores keep them (no spaces, no slashes). */
const PathId = z.string().max(ID_MAX_LENGTH).regex(ID_PATTERN, { error: 'Not an id' });
export const OfficeMemberParams = z.object({ id: PathId, userId: PathId });
export type OfficeMemberParams = z.infer<typeof OfficeMemberParams>;

// ---------- The development identity provider's account look-up (internal token) ----------

/** POST /internal/dev-accounts/sign-in: an e-mail and the development password made at invitation. */
export const DevAccountSignInInput = z.strictObject({
  email: z.string().max(254),
  password: z.string().max(200),
});
export type DevAccountSignInInput = z.infer<typeof DevAccountSignInInput>;

/** The session's office as the provider's claims need it (payment type, plan type, schedule integration). */
export const DevAccountOffice = z.object({
  id: Id,
  orgId: Id,
  groupId: Id.nullable(),
  name: z.string().min(1),
  paymentType: PaymentType.nullable(),
  planType: OfficePlanType,
  integration: z.object({ subdomain: z.string().min(1) }).nullable(),
});
export type DevAccountOffice = z.infer<typeof DevAccountOffice>;

/** An active account: the user's claims and their session office; deactivated offices are left out. */
export const DevAccount = z.object({
  user: z.object({
    id: Id,
    email: z.string().min(1),
    name: z.string().min(1),
    orgId: Id,
    roles: ManagedUserRoles,
    allowedOfficeIds: z.array(Id),
    officeId: Id.nullable(),
    groupIds: z.array(Id),
    editGlobalCustomization: z.boolean(),
    editGlobalCarriers: z.boolean(),
    appMetadata: z.record(z.string(), z.unknown()),
  }),
  office: DevAccountOffice.nullable(),
});
export type DevAccount = z.infer<typeof DevAccount>;

/** GET /internal/dev-accounts/{id}: the account, or that it is deactivated (404: no such user). */
export const DevAccountLookup = z.discriminatedUnion('status', [
  z.object({ status: z.literal('active'), account: DevAccount }),
  z.object({ status: z.literal('deactivated') }),
]);
export type DevAccountLookup = z.infer<typeof DevAccountLookup>;
