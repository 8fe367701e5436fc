/**
 * Demo data: the organization, offices, group and users the development identity provider issues tokens for
 * (the runner passes @dv/dev-idp's DEMO_ORGANIZATION, DEMO_OFFICES, DEMO_GROUP and USERS, which these types
 * accept as they are), plus a second organization so that isolation can be seen and tested.
 *
 * Idempotent: a document is written only when its id is missing, so a restart changes nothing and edits made
 * through the management API survive. No events are recorded: seeding is not a business change.
 */
import { type ClientType, type OfficeAddress, type OfficePlanType, type PaymentType, type Role } from '@dv/contracts';
import { type Store } from '@dv/kit';
import { groupNameKey, groupRecords } from '../groups/groups.store';
import { officeNameKey, officeRecords, type StoredOfficeSettings } from '../offices/offices.store';
import { organizationNameKey, organizationRecords } from '../organizations/organizations.store';
import { officeDetailsRecords } from '../registration/office-details.store';
import { normalizeHost } from '../organizations/organizations.service';
import { emailKey, userRecords } from '../users/users.store';

export interface SeedOrganization {
  readonly id: string;
  readonly name: string;
  readonly domain: string;
  /** Default dentalOffice. */
  readonly clientType?: ClientType;
}

export interface SeedOffice {
  readonly id: string;
  readonly orgId: string;
  readonly groupId: string | null;
  readonly name: string;
  readonly paymentType: PaymentType | null;
  readonly planType: OfficePlanType;
  /** A schedule integration; null when the office has none. */
  readonly integration: { readonly subdomain: string } | null;
  /** The practice's details, written with the office (and only then: an office's later edits are its own). */
  readonly details?: {
    readonly npi: string;
    readonly taxId: string;
    readonly phone: string;
    readonly address: OfficeAddress;
  };
}

/** Who wrote seeded practice details (their `updatedBy`). */
export const SEED_USER = 'system:seed';

export interface SeedGroup {
  readonly id: string;
  readonly orgId: string;
  readonly name: string;
  readonly officeIds: readonly string[];
}

export interface SeedUser {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly orgId: string;
  readonly roles: readonly Role[] | Readonly<Record<string, readonly Role[]>>;
  readonly allowedOfficeIds: readonly string[];
  readonly officeId: string | null;
  readonly groupIds: readonly string[];
  readonly editGlobalCustomization: boolean;
  readonly editGlobalCarriers: boolean;
  readonly appMetadata: Readonly<Record<string, unknown>>;
}

export interface DemoSeed {
  readonly organization: SeedOrganization;
  readonly offices: readonly SeedOffice[];
  readonly group?: SeedGroup;
  readonly groups?: readonly SeedGroup[];
  readonly users: readonly SeedUser[];
}

/** The second organization: nobody of the demo organization may see it. */
export const SECOND_DEMO_ORGANIZATION: SeedOrganization = {
  id: 'org-acme',
  name: 'acme',
  domain: 'acme.localhost',
  clientType: 'dso',
};

export const SECOND_DEMO_OFFICES: readonly SeedOffice[] = [
  {
    id: 'office-acme-1',
    orgId: SECOND_DEMO_ORGANIZATION.id,
    groupId: null,
    name: 'Acme Dental – Downtown',
    paymentType: 'invoice',
    planType: 'premium',
    integration: { subdomain: 'acme-downtown' },
  },
];

export interface SeedResult {
  readonly organizations: number;
  readonly offices: number;
  readonly groups: number;
  readonly users: number;
}

function seedSettings(office: SeedOffice): StoredOfficeSettings {
  return {
    // A demo office with an integration subdomain is fed by a practice-management integration.
    scheduleIntegration: office.integration
      ? { type: 'nexHealth', pmsType: 'dentrix', integration: { subdomain: office.integration.subdomain } }
      : null,
    outsource: { outsourceEnabled: office.integration !== null },
    paymentType: office.paymentType,
    ableToFullfillForm: false,
  };
}

/** Writes whatever of the seed (and of the second organization) is missing, in one transaction. */
export async function seedDemoData(store: Pick<Store, 'transaction'>, seed: DemoSeed, now = new Date()): Promise<SeedResult> {
  const at = now.toISOString();
  const organizations = [seed.organization, SECOND_DEMO_ORGANIZATION];
  const offices = [...seed.offices, ...SECOND_DEMO_OFFICES];
  const groups = [...(seed.group ? [seed.group] : []), ...(seed.groups ?? [])];
  const groupOf = new Map<string, string>();
  for (const group of groups) for (const officeId of group.officeIds) groupOf.set(officeId, group.id);

  return store.transaction(async (tx) => {
    const counts = { organizations: 0, offices: 0, groups: 0, users: 0 };
    for (const organization of organizations) {
      const domain = normalizeHost(organization.domain);
      if (domain === null) throw new RangeError(`Seed organization ${organization.id} has no valid domain`);
      const inserted = await organizationRecords(tx).insertIfMissing({
        _id: organization.id,
        name: organization.name,
        nameKey: organizationNameKey(organization.name),
        domains: [domain],
        clientType: organization.clientType ?? 'dentalOffice',
        createdAt: at,
      });
      if (inserted) counts.organizations += 1;
    }
    for (const group of groups) {
      const inserted = await groupRecords(tx).insertIfMissing({
        _id: group.id,
        orgId: group.orgId,
        name: group.name,
        nameKey: groupNameKey(group.name),
        createdAt: at,
        updatedAt: at,
      });
      if (inserted) counts.groups += 1;
    }
    for (const office of offices) {
      const inserted = await officeRecords(tx).insertIfMissing({
        _id: office.id,
        orgId: office.orgId,
        name: office.name,
        nameKey: officeNameKey(office.name),
        groupId: office.groupId ?? groupOf.get(office.id) ?? null,
        planType: office.planType,
        integration: office.integration ? { subdomain: office.integration.subdomain } : null,
        settings: seedSettings(office),
        createdAt: at,
        updatedAt: at,
      });
      if (!inserted) continue;
      counts.offices += 1;
      const details = officeDetailsRecords(tx);
      if (office.details && (await details.findInOrg(office.id, office.orgId)) === null) {
        const { npi, taxId, phone, address } = office.details;
        await details.insert({ _id: office.id, orgId: office.orgId, npi, taxId, phone, address, updatedAt: at, updatedBy: SEED_USER });
      }
    }
    for (const user of seed.users) {
      const inserted = await userRecords(tx).insertIfMissing({
        _id: user.id,
        email: user.email,
        emailKey: emailKey(user.email),
        name: user.name,
        nameKey: user.name.toLowerCase(),
        orgId: user.orgId,
        roles: user.roles,
        allowedOfficeIds: [...user.allowedOfficeIds],
        groupIds: [...user.groupIds],
        officeId: user.officeId,
        editGlobalCustomization: user.editGlobalCustomization,
        editGlobalCarriers: user.editGlobalCarriers,
        appMetadata: { ...user.appMetadata },
        createdAt: at,
        updatedAt: at,
      });
      if (inserted) counts.users += 1;
    }
    return counts;
  });
}
