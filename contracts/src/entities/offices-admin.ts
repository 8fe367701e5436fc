/**
 * What the offices service answers beyond the SPEC section 7 calls: the organization a host or a typed name
 * resolves to, the management API of offices, groups, users and feature flags (inputs, replies, paging), the
 * gateway's internal look-ups, and the events the service publishes. Entities of other files are reused, never
 * re-declared: an office's settings are `OfficeSettings`, its integration `IntegrationData`, a flag `FeatureFlag`.
 */
import { z } from 'zod';
import { ClientType, OfficePlanType, PaymentType, Role } from '../enums';
import { JsonObject } from '../json-value';
import { JSON_STRING_MAX_LENGTH } from '../limits';
import { FeatureFlag } from './feature-flag';
import { DentalOffice, OfficeSettings, ScheduleIntegration } from './office';
import { Organization } from './organization';
import { IntegrationData } from './session';

const Id = z.string().min(1).max(128);

const STORABLE_MAX_DEPTH = 16;

/**
 * Nested records are stored as documents: a key may not contain '.' nor start with '$' (MongoDB, nedb), and
 * nesting stays shallow.
 */
const StorableRecord = JsonObject.superRefine((record, context) => {
  const visit = (value: unknown, path: (string | number)[]): void => {
    if (typeof value !== 'object' || value === null) return;
    if (path.length >= STORABLE_MAX_DEPTH) {
      context.addIssue({ code: 'custom', path, message: `Nested more than ${STORABLE_MAX_DEPTH} levels deep` });
      return;
    }
    for (const [key, inner] of Object.entries(value)) {
      if (key.includes('.') || key.startsWith('$')) {
        context.addIssue({ code: 'custom', path: [...path, key], message: "A key may not contain '.' nor start with '$'" });
      }
      visit(inner, [...path, key]);
    }
  };
  visit(record, []);
});

// ---------- Organizations ----------

/** POST /api/auth/organization and the gateway's host resolution: who the organization is and how it is served. */
export const OrganizationSummary = Organization.extend({
  name: z.string().min(1),
  clientType: ClientType,
});
export type OrganizationSummary = z.infer<typeof OrganizationSummary>;

/** GET /internal/organizations/resolve?host=...: a Host header value, with or without port. */
export const OrganizationResolveQuery = z.object({ host: z.string().trim().min(1).max(255) });
export type OrganizationResolveQuery = z.infer<typeof OrganizationResolveQuery>;

/** GET /internal/offices/{id}: which organization owns an office (the gateway's office-header check). */
export const OfficeOwnership = z.object({ id: Id, orgId: Id });
export type OfficeOwnership = z.infer<typeof OfficeOwnership>;

/**
 * GET /internal/offices/{id}/profile (internal token): what a service's background work needs of an office (the
 * schedule's nightly run has no user to ask with): its organization, plan type and schedule integration; and what
 * the payment gate reads (issue 17): its payment type and whether its subscription lets it work.
 */
export const OfficeProfile = OfficeOwnership.extend({
  planType: OfficePlanType,
  scheduleIntegration: ScheduleIntegration.nullable(),
  /** The office's payment type; null when unset (contracts `paysByCard` decides whether the gate applies). */
  paymentType: PaymentType.nullable().optional(),
  /** Whether its subscription lets it work, as the billing service last said; absent until it has said anything. */
  billingValid: z.boolean().optional(),
});
export type OfficeProfile = z.infer<typeof OfficeProfile>;

// ---------- Offices ----------

/** GET /api/dentaloffice/{id}: the office as its users see it. */
export const DentalOfficeDetail = DentalOffice.extend({
  name: z.string().min(1),
  /** Schedule integration data; the Appointment Schedule needs its subdomain. */
  integration: IntegrationData.nullable(),
});
export type DentalOfficeDetail = z.infer<typeof DentalOfficeDetail>;

/** An office as the management API shows it. */
export const ManagedOffice = z.object({
  id: Id,
  orgId: Id,
  name: z.string().min(1),
  groupId: Id.nullable(),
  planType: OfficePlanType,
  integration: IntegrationData.nullable(),
  settings: OfficeSettings,
  /** false once deactivated (its users no longer get it in their sessions); absent in older replies: active. */
  active: z.boolean().optional(),
});
export type ManagedOffice = z.infer<typeof ManagedOffice>;

export const OfficeName = z.string().trim().min(1).max(200);

/** A DNS label: letters, digits and inner hyphens. */
export const IntegrationSubdomain = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/, { error: 'Must be a DNS label (letters, digits, hyphens)' })
  .max(63, { error: 'Must be a DNS label (letters, digits, hyphens)' });

export const OfficeIntegrationInput = z.strictObject({ subdomain: IntegrationSubdomain.nullable() });
export type OfficeIntegrationInput = z.infer<typeof OfficeIntegrationInput>;

/**
 * PATCH /api/management/offices/{id}/settings: the settings fields to change; absent fields stay as they are,
 * null clears. Built from `OfficeSettings` without its defaults, so a missing field never resets a stored one.
 */
export const OfficeSettingsPatch = z
  .strictObject({
    scheduleIntegration: z
      .strictObject({
        type: ScheduleIntegration.shape.type,
        pmsType: z.string().trim().min(1).max(100).nullable().optional(),
        integration: StorableRecord.nullable().optional(),
      })
      .nullable()
      .optional(),
    outsource: z.strictObject({ outsourceEnabled: z.boolean() }).nullable().optional(),
    paymentType: OfficeSettings.shape.paymentType,
    ableToFullfillForm: z.boolean().optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, { error: 'Name at least one setting to change' });
export type OfficeSettingsPatch = z.infer<typeof OfficeSettingsPatch>;

/** POST /api/management/offices. */
export const NewOfficeInput = z.strictObject({
  name: OfficeName,
  groupId: Id.nullable().optional(),
  /** Default freemium: paid features follow a subscription. */
  planType: OfficePlanType.optional(),
  integration: OfficeIntegrationInput.nullable().optional(),
  settings: z
    .strictObject({
      scheduleIntegration: OfficeSettingsPatch.shape.scheduleIntegration,
      outsource: OfficeSettingsPatch.shape.outsource,
      paymentType: OfficeSettingsPatch.shape.paymentType,
      ableToFullfillForm: OfficeSettingsPatch.shape.ableToFullfillForm,
    })
    .optional(),
});
export type NewOfficeInput = z.infer<typeof NewOfficeInput>;

/** PATCH /api/management/offices/{id}: name, plan type, integration. Group membership goes through groups. */
export const OfficePatch = z
  .strictObject({
    name: OfficeName.optional(),
    planType: OfficePlanType.optional(),
    integration: OfficeIntegrationInput.nullable().optional(),
    /** Deactivate (false) or reactivate (true). */
    active: z.boolean().optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, { error: 'Name at least one field to change' });
export type OfficePatch = z.infer<typeof OfficePatch>;

// ---------- Groups ----------

export const ManagedGroup = z.object({
  id: Id,
  orgId: Id,
  name: z.string().min(1),
  officeIds: z.array(Id),
});
export type ManagedGroup = z.infer<typeof ManagedGroup>;

export const GroupName = z.string().trim().min(1).max(200);

export const NewGroupInput = z.strictObject({
  name: GroupName,
  officeIds: z.array(Id).max(1000).optional(),
});
export type NewGroupInput = z.infer<typeof NewGroupInput>;

export const GroupPatch = z.strictObject({ name: GroupName });
export type GroupPatch = z.infer<typeof GroupPatch>;

/** POST /api/management/groups/{id}/offices. */
export const GroupOfficeInput = z.strictObject({ officeId: Id });
export type GroupOfficeInput = z.infer<typeof GroupOfficeInput>;

// ---------- Users ----------

/** Roles as a list (every office) or keyed by office id, with known role names only. */
const RoleList = z.array(Role).max(16);
export const ManagedUserRoles = z.union([RoleList, z.record(Id, RoleList)]);
export type ManagedUserRoles = z.infer<typeof ManagedUserRoles>;

/** A user and their memberships as the management API shows them; `id` is the token's subject. */
export const ManagedUser = z.object({
  id: Id,
  email: z.string().min(1),
  name: z.string().min(1),
  orgId: Id,
  roles: ManagedUserRoles,
  allowedOfficeIds: z.array(Id),
  groupIds: z.array(Id),
  /** The office a session starts in; null when none. */
  officeId: Id.nullable(),
  editGlobalCustomization: z.boolean(),
  editGlobalCarriers: z.boolean(),
  /** false once deactivated (no sign-in, no token renewal); absent in older replies: active. */
  active: z.boolean().optional(),
});
export type ManagedUser = z.infer<typeof ManagedUser>;

export const UserName = z.string().trim().min(1).max(200);

/** POST /api/management/users (invite). */
export const NewUserInput = z.strictObject({
  email: z.email().max(254),
  name: UserName,
  roles: ManagedUserRoles,
  allowedOfficeIds: z.array(Id).max(1000).optional(),
  groupIds: z.array(Id).max(100).optional(),
  editGlobalCustomization: z.boolean().optional(),
  editGlobalCarriers: z.boolean().optional(),
});
export type NewUserInput = z.infer<typeof NewUserInput>;

/** PATCH /api/management/users/{id}: roles and memberships; absent fields stay. */
export const UserPatch = z
  .strictObject({
    name: UserName.optional(),
    roles: ManagedUserRoles.optional(),
    allowedOfficeIds: z.array(Id).max(1000).optional(),
    groupIds: z.array(Id).max(100).optional(),
    editGlobalCustomization: z.boolean().optional(),
    editGlobalCarriers: z.boolean().optional(),
    /** Deactivate (false) or reactivate (true); never one's own. Users are never deleted: tickets name them. */
    active: z.boolean().optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, { error: 'Name at least one field to change' });
export type UserPatch = z.infer<typeof UserPatch>;

// ---------- Feature flags ----------

/**
 * PUT /api/management/features/{name}: a new value (of the flag's type, which the service checks; null empties
 * it) and/or isActive. Object values may have any keys (DOMAIN_ENV_MAP is keyed by host names).
 */
export const FeatureFlagPatch = z
  .strictObject({
    value: z.union([z.string().max(JSON_STRING_MAX_LENGTH), z.number(), JsonObject, z.null()]).optional(),
    isActive: z.boolean().optional(),
  })
  .refine((patch) => patch.value !== undefined || patch.isActive !== undefined, {
    error: 'Name a value or isActive to change',
  });
export type FeatureFlagPatch = z.infer<typeof FeatureFlagPatch>;

// ---------- Paging ----------

export const MANAGEMENT_PAGE_SIZE_DEFAULT = 20;
export const MANAGEMENT_PAGE_SIZE_MAX = 100;

/**
 * Query of every management list: 1-based page, page size, and a case-insensitive text search. Other query
 * parameters (cache busters and the like) are ignored.
 */
export const ManagementListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MANAGEMENT_PAGE_SIZE_MAX).default(MANAGEMENT_PAGE_SIZE_DEFAULT),
  search: z.string().trim().max(100).optional(),
});
export type ManagementListQuery = z.infer<typeof ManagementListQuery>;

/** One page of a list. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
  });
}
export type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

// ---------- Events ----------

/** Bus topics of the offices service; each event's key is its aggregate's id. */
export const OFFICES_TOPICS = {
  office: 'offices.office',
  group: 'offices.group',
  user: 'offices.user',
  featureFlag: 'offices.feature-flag',
} as const;
export type OfficesTopic = (typeof OFFICES_TOPICS)[keyof typeof OFFICES_TOPICS];

export const GroupOfficeEvent = z.object({ groupId: Id, orgId: Id, officeId: Id });
export type GroupOfficeEvent = z.infer<typeof GroupOfficeEvent>;

/**
 * Event type -> its topic and payload schema. A feature-flag.updated event carries the flag's value as stored
 * (an object value as JSON text); read it with `flagValue`, as any stored flag.
 */
export const OFFICES_EVENTS = {
  'office.created': { topic: OFFICES_TOPICS.office, payload: ManagedOffice },
  'office.updated': { topic: OFFICES_TOPICS.office, payload: ManagedOffice },
  'group.created': { topic: OFFICES_TOPICS.group, payload: ManagedGroup },
  'group.updated': { topic: OFFICES_TOPICS.group, payload: ManagedGroup },
  'group.office-added': { topic: OFFICES_TOPICS.group, payload: GroupOfficeEvent },
  'group.office-removed': { topic: OFFICES_TOPICS.group, payload: GroupOfficeEvent },
  'user.created': { topic: OFFICES_TOPICS.user, payload: ManagedUser },
  'user.updated': { topic: OFFICES_TOPICS.user, payload: ManagedUser },
  'feature-flag.updated': { topic: OFFICES_TOPICS.featureFlag, payload: FeatureFlag },
} as const;
export type OfficesEventType = keyof typeof OFFICES_EVENTS;
export type OfficesEventPayload<T extends OfficesEventType> = z.infer<(typeof OFFICES_EVENTS)[T]['payload']>;
