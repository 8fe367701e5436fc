/**
 * The tenants of the tests of services behind the gateway: two organizations, org-a (offices office-a1 and
 * office-a2) and org-b (office-b1), and their users by name with the claims the identity provider issues.
 */
import { type OfficeBelongsToOrg } from '../auth/office-access';

/** Which organization each test office belongs to. */
export const TEST_OFFICE_ORGS: Readonly<Record<string, string>> = { 'office-a1': 'org-a', 'office-a2': 'org-a', 'office-b1': 'org-b' };

/** Where an office belongs, as the offices service would answer. */
export const testOfficeBelongsToOrg: OfficeBelongsToOrg = (officeId, orgId) => Promise.resolve(TEST_OFFICE_ORGS[officeId] === orgId);

/** Users by name: claims as the identity provider issues them (roles as a list, or keyed by office). */
export const TEST_USERS = {
  staff: { sub: 'user-staff', email: 'staff@a.test', org: 'org-a', roles: ['staff'], allowedOfficeIds: ['office-a1'] },
  staffmanager: {
    sub: 'user-manager',
    email: 'manager@a.test',
    org: 'org-a',
    roles: { 'office-a1': ['staffmanager'], 'office-a2': ['staff'] },
    allowedOfficeIds: ['office-a1', 'office-a2'],
  },
  staffA2: { sub: 'user-staff-a2', org: 'org-a', roles: ['staff'], allowedOfficeIds: ['office-a2'] },
  groupmanager: { sub: 'user-gm', org: 'org-a', roles: ['groupmanager'], allowedOfficeIds: ['office-a1', 'office-a2'] },
  groupmember: { sub: 'user-member', org: 'org-a', roles: ['groupmember'], allowedOfficeIds: ['office-a1'] },
  doregistration: { sub: 'user-registering', org: 'org-a', roles: ['doregistration'], allowedOfficeIds: [] },
  agent: { sub: 'user-agent', email: 'agent@a.test', org: 'org-a', roles: ['agent'], allowedOfficeIds: [] },
  admin: { sub: 'user-admin', email: 'admin@a.test', org: 'org-a', roles: ['admin'], allowedOfficeIds: [] },
  superadministrator: { sub: 'user-super', email: 'super@a.test', org: 'org-a', roles: ['superadministrator'], allowedOfficeIds: [] },
  goduser: { sub: 'user-god', email: 'god@a.test', org: 'org-a', roles: ['goduser'], allowedOfficeIds: [] },
  adminB: { sub: 'user-admin-b', email: 'admin@b.test', org: 'org-b', roles: ['admin'], allowedOfficeIds: [] },
  staffB: { sub: 'user-staff-b', email: 'staff@b.test', org: 'org-b', roles: ['staff'], allowedOfficeIds: ['office-b1'] },
} as const;
export type TestUserName = keyof typeof TEST_USERS;
