import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Npi, OfficeAddress, TaxId, UsPhone } from '@dv/contracts';
import { DEMO_GROUP, DEMO_OFFICES, DEMO_ORGANIZATION, USERS } from '@dv/dev-idp';
import { openNedbStore, type Store } from '@dv/kit';
import { organizationRecords } from '../organizations/organizations.store';
import { officeRecords } from '../offices/offices.store';
import { officeDetailsRecords } from '../registration/office-details.store';
import { userRecords } from '../users/users.store';
import { prepareOfficesStore } from '../store-setup';
import { SEED_USER, seedDemoData, type DemoSeed } from './seed';

// Compile-time check: the development provider's exports are a seed as they are.
const seed: DemoSeed = { organization: DEMO_ORGANIZATION, offices: DEMO_OFFICES, group: DEMO_GROUP, users: USERS };

describe('seedDemoData', () => {
  let dir: string;
  let store: Store;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'offices-seed-'));
    store = await openNedbStore({ dir, compactionIntervalMs: 0 });
    await prepareOfficesStore(store);
  });
  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('writes the development provider’s organization, offices, group and users, and the second organization', async () => {
    expect(await seedDemoData(store, seed)).toEqual({ organizations: 2, offices: 3, groups: 1, users: USERS.length });
    expect(await organizationRecords(store).findByDomain('demo.localhost')).toMatchObject({ _id: 'org-demo', name: 'demo' });
    expect(await organizationRecords(store).findByDomain('acme.localhost')).toMatchObject({ _id: 'org-acme' });
    expect((await officeRecords(store).listInOrg('org-demo')).map((office) => office._id)).toEqual(DEMO_OFFICES.map((office) => office.id));
    expect((await officeRecords(store).listInOrg('org-acme')).map((office) => office._id)).toEqual(['office-acme-1']);
  });

  it('every id a demo token names exists: users, their offices and organization', async () => {
    await seedDemoData(store, seed);
    for (const user of USERS) {
      const stored = await userRecords(store).findInOrg(user.id, user.orgId);
      expect(stored).toMatchObject({ email: user.email, roles: user.roles, allowedOfficeIds: user.allowedOfficeIds });
      for (const officeId of user.allowedOfficeIds) {
        expect(await officeRecords(store).findInOrg(officeId, user.orgId)).not.toBeNull();
      }
      if (!Array.isArray(user.roles)) {
        for (const officeId of Object.keys(user.roles)) expect(user.allowedOfficeIds).toContain(officeId);
      }
    }
    for (const office of DEMO_OFFICES) {
      expect(await officeRecords(store).findInOrg(office.id, DEMO_ORGANIZATION.id)).toMatchObject({
        planType: office.planType,
        groupId: DEMO_GROUP.id,
        settings: { paymentType: office.paymentType },
      });
    }
  });

  it('gives the demo offices practice details that the registration rules accept', async () => {
    await seedDemoData(store, seed);
    const withDetails = DEMO_OFFICES.filter((office) => office.details !== undefined);
    expect(withDetails.map((office) => office.id)).toEqual(['office-demo-1', 'office-demo-2']);
    for (const office of withDetails) {
      const { npi, taxId, phone, address } = office.details!;
      expect([Npi, TaxId, UsPhone].map((schema, index) => schema.safeParse([npi, taxId, phone][index]).success)).toEqual([true, true, true]);
      expect(OfficeAddress.safeParse(address).success).toBe(true);
      expect(await officeDetailsRecords(store).findInOrg(office.id, office.orgId)).toMatchObject({ npi, taxId, phone, address, updatedBy: SEED_USER });
    }
  });

  it('is idempotent and leaves later changes alone', async () => {
    await seedDemoData(store, seed);
    await store.transaction((tx) => officeRecords(tx).update('office-demo-2', 'org-demo', { name: 'Renamed' }, new Date().toISOString()));
    expect(await seedDemoData(store, seed)).toEqual({ organizations: 0, offices: 0, groups: 0, users: 0 });
    expect(await officeRecords(store).findInOrg('office-demo-2', 'org-demo')).toMatchObject({ name: 'Renamed' });
    await store.transaction((tx) => officeDetailsRecords(tx).update('office-demo-1', 'org-demo', { phone: '(217) 555-0199' }, { at: new Date().toISOString(), userId: 'u-1' }));
    await seedDemoData(store, seed);
    expect(await officeDetailsRecords(store).findInOrg('office-demo-1', 'org-demo')).toMatchObject({ phone: '(217) 555-0199', updatedBy: 'u-1' });
    expect(await userRecords(store).countInOrg('org-demo')).toBe(USERS.length);
  });
});
