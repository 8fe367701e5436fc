/** The user-change rules (the offices service tries them with generated cases through its API: user-changes.test.ts). */
import { grantableRolesOf, heldBeyondAsker, invitationRefusal, userChangeRefusal } from './user-changes';

const admin = { userId: 'user-admin', companyRoles: ['admin'] as const };
const superadmin = { userId: 'user-super', companyRoles: ['superadministrator'] as const };
const staff = { id: 'user-staff', roles: ['staff'] as const, editGlobalCustomization: false, editGlobalCarriers: false };

describe('user-change rules', () => {
  it('an admin grants every role but superadministrator and goduser; others none', () => {
    expect(grantableRolesOf(['admin'])).not.toContain('superadministrator');
    expect(grantableRolesOf(['admin'])).not.toContain('goduser');
    expect(grantableRolesOf(['admin'])).toContain('admin');
    expect(grantableRolesOf(['superadministrator'])).toContain('goduser');
    expect(grantableRolesOf(['agent'])).toEqual([]);
  });

  it('nobody changes their own access; names are free', () => {
    const self = { ...staff, id: 'user-admin', roles: ['admin'] as const };
    expect(userChangeRefusal(admin, self, { active: false })).toBe('You may not change your own active');
    expect(userChangeRefusal(admin, self, { name: 'Alex' })).toBeNull();
    expect(userChangeRefusal(admin, staff, { active: false, roles: { o1: ['staffmanager'] } })).toBeNull();
  });

  it('an admin does not touch a super administrator nor grant the carriers privilege', () => {
    const boss = { ...staff, id: 'user-boss', roles: ['superadministrator'] as const };
    expect(heldBeyondAsker(admin, boss)).toEqual(['superadministrator']);
    expect(userChangeRefusal(admin, boss, { name: 'X' })).toBe('You may not change a user who holds superadministrator');
    expect(userChangeRefusal(admin, staff, { editGlobalCarriers: true })).toBe('You may not change editGlobalCarriers');
    expect(userChangeRefusal(superadmin, staff, { editGlobalCarriers: true })).toBeNull();
    expect(invitationRefusal(admin, { roles: ['goduser'] })).toBe('You may not grant goduser');
    expect(invitationRefusal(admin, { roles: ['staff'], editGlobalCarriers: false })).toBeNull();
  });
});
