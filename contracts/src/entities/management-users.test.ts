import { DevAccountLookup, InvitedUser, OfficeMemberInput, OfficeMemberParams, UserSignIn } from './management-users';

describe('management users (issue 18)', () => {
  it('an office member gets office roles only, each once, at least one', () => {
    expect(OfficeMemberInput.parse({ roles: ['staffmanager', 'staff'] })).toEqual({ roles: ['staffmanager', 'staff'] });
    for (const roles of [[], ['staff', 'staff'], ['admin'], ['doregistration'], ['root']]) {
      expect(OfficeMemberInput.safeParse({ roles }).success).toBe(false);
    }
    expect(OfficeMemberInput.safeParse({ roles: ['staff'], userId: 'u1' }).success).toBe(false);
  });

  it('path ids are ids as the stores keep them', () => {
    expect(OfficeMemberParams.safeParse({ id: 'office-demo-1', userId: 'user-1' }).success).toBe(true);
    for (const id of ['', 'a/b', 'a b', 'x'.repeat(129)]) expect(OfficeMemberParams.safeParse({ id, userId: 'u1' }).success).toBe(false);
  });

  it('an invitation says how the user signs in', () => {
    const user = {
      id: 'u1',
      email: 'a@b.test',
      name: 'A',
      orgId: 'org-a',
      roles: ['staff'],
      allowedOfficeIds: ['o1'],
      groupIds: [],
      officeId: 'o1',
      editGlobalCustomization: false,
      editGlobalCarriers: false,
      active: true,
    };
    expect(InvitedUser.parse({ ...user, signIn: { kind: 'identityProvider' } }).signIn).toEqual({ kind: 'identityProvider' });
    expect(UserSignIn.safeParse({ kind: 'developmentPassword' }).success).toBe(false);
    expect(InvitedUser.safeParse(user).success).toBe(false);
  });

  it('a look-up is an active account or a deactivated user', () => {
    expect(DevAccountLookup.parse({ status: 'deactivated' })).toEqual({ status: 'deactivated' });
    expect(DevAccountLookup.safeParse({ status: 'active' }).success).toBe(false);
  });
});
