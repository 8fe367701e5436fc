/**
 * The demo organization, its offices, its group and one user per role (SPEC section 6).
 *
 * Plain data on purpose: the offices service seeds the same organization, offices, group and memberships
 * from these constants, so the ids in a dev token always name records that exist.
 */
import { type OfficeAddress, type OfficePlanType, type PaymentType, type Role } from '@dv/contracts';

/** Every seeded user signs in with this password (development only; it is hashed at start, never compared in clear). */
export const DEMO_PASSWORD = 'demo';

export interface DemoOrganization {
  readonly id: string;
  readonly name: string;
  readonly domain: string;
}

export interface DemoOffice {
  readonly id: string;
  readonly orgId: string;
  readonly groupId: string | null;
  readonly name: string;
  /** null is the specification's "unset". */
  readonly paymentType: PaymentType | null;
  readonly planType: OfficePlanType;
  /** Schedule integration; null when the office has none. */
  readonly integration: { readonly subdomain: string } | null;
  /** The practice's details (Dental Office Settings, PDF headers), as a registered practice has them. */
  readonly details?: DemoOfficeDetails;
}

export interface DemoOfficeDetails {
  readonly npi: string;
  readonly taxId: string;
  readonly phone: string;
  readonly address: OfficeAddress;
}

export interface DemoGroup {
  readonly id: string;
  readonly orgId: string;
  readonly name: string;
  readonly officeIds: readonly string[];
}

/** Roles as a list (company users, single-office users) or keyed by office id (users of several offices). */
export type UserRoles = readonly Role[] | Readonly<Record<string, readonly Role[]>>;

export interface DemoUser {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly orgId: string;
  readonly roles: UserRoles;
  /** Offices the user may act for; empty for company users (they may act for any office of their organization). */
  readonly allowedOfficeIds: readonly string[];
  /** The office the session starts in; null when the user has none. */
  readonly officeId: string | null;
  readonly groupIds: readonly string[];
  readonly editGlobalCustomization: boolean;
  readonly editGlobalCarriers: boolean;
  readonly appMetadata: Readonly<Record<string, unknown>>;
}

export const DEMO_ORGANIZATION: DemoOrganization = { id: 'org-demo', name: 'demo', domain: 'demo.localhost' };

export const DEMO_OFFICES: readonly DemoOffice[] = [
  {
    id: 'office-demo-1',
    orgId: DEMO_ORGANIZATION.id,
    groupId: 'group-demo',
    name: 'Bright Smiles Dental – Main St',
    paymentType: 'auto',
    planType: 'standard',
    integration: { subdomain: 'bright-smiles-main' },
    details: {
      npi: '1245678903',
      taxId: '12-3456789',
      phone: '(217) 555-0100',
      address: { street1: '120 Main St', street2: 'Suite 200', city: 'Springfield', state: 'IL', zipCode: '62701' },
    },
  },
  {
    id: 'office-demo-2',
    orgId: DEMO_ORGANIZATION.id,
    groupId: 'group-demo',
    name: 'Bright Smiles Dental – Oak Ave',
    paymentType: 'auto',
    planType: 'freemium',
    integration: null,
    details: {
      npi: '1456789019',
      taxId: '12-3456790',
      phone: '(217) 555-0188',
      address: { street1: '48 Oak Ave', city: 'Springfield', state: 'IL', zipCode: '62704' },
    },
  },
];

const BOTH_OFFICES = ['office-demo-1', 'office-demo-2'] as const;

export const DEMO_GROUP: DemoGroup = {
  id: 'group-demo',
  orgId: DEMO_ORGANIZATION.id,
  name: 'Bright Smiles Dental Group',
  officeIds: BOTH_OFFICES,
};

interface UserSeed {
  readonly role: Role;
  /** Default: the role name's (staff@demo.test); a second user of a role names its own. */
  readonly handle?: string;
  readonly name: string;
  readonly roles?: UserRoles;
  readonly allowedOfficeIds?: readonly string[];
  readonly groupIds?: readonly string[];
  readonly editGlobalCustomization?: boolean;
  readonly editGlobalCarriers?: boolean;
}

const SEEDS: readonly UserSeed[] = [
  // Global carriers are a superadministrator screen (/management/carriers); global customization is admin's too.
  { role: 'superadministrator', name: 'Sam Superadmin', editGlobalCustomization: true, editGlobalCarriers: true },
  { role: 'admin', name: 'Alex Admin', editGlobalCustomization: true },
  { role: 'agent', name: 'Avery Agent' },
  {
    role: 'staffmanager',
    name: 'Morgan Staffmanager',
    roles: { 'office-demo-1': ['staffmanager'], 'office-demo-2': ['staff'] },
    allowedOfficeIds: BOTH_OFFICES,
  },
  { role: 'staff', name: 'Taylor Staff', allowedOfficeIds: ['office-demo-1'] },
  // The Oak Ave office's own manager: subscribes it on /payment (issue 17), where Morgan is only staff.
  { role: 'staffmanager', handle: 'oakmanager', name: 'Olive Oakmanager', allowedOfficeIds: ['office-demo-2'] },
  { role: 'groupmanager', name: 'Gale Groupmanager', allowedOfficeIds: BOTH_OFFICES, groupIds: ['group-demo'] },
  { role: 'groupmember', name: 'Gray Groupmember', allowedOfficeIds: BOTH_OFFICES, groupIds: ['group-demo'] },
  { role: 'doregistration', name: 'Dana Registration' },
  { role: 'goduser', name: 'Glen Goduser' },
];

/** One user per role, the email's local part the role name; and Oak Ave's manager (oakmanager@demo.test). */
export const USERS: readonly DemoUser[] = SEEDS.map((seed) => {
  const allowedOfficeIds = seed.allowedOfficeIds ?? [];
  const handle = seed.handle ?? seed.role;
  return {
    id: `user-${handle}`,
    email: `${handle}@demo.test`,
    name: seed.name,
    orgId: DEMO_ORGANIZATION.id,
    roles: seed.roles ?? [seed.role],
    allowedOfficeIds,
    officeId: allowedOfficeIds[0] ?? null,
    groupIds: seed.groupIds ?? [],
    editGlobalCustomization: seed.editGlobalCustomization ?? false,
    editGlobalCarriers: seed.editGlobalCarriers ?? false,
    appMetadata: { orgId: DEMO_ORGANIZATION.id, groupIds: seed.groupIds ?? [] },
  };
});
