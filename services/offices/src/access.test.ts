import { AccessTokenClaims, resolveActor, type Actor } from '@dv/kit';
import {
  canManageFeatureFlags,
  canReadManagement,
  canWriteManagement,
  grantableRoles,
  isManagerOf,
  mayActForOffice,
  officeAccess,
} from './access';

const actor = (claims: Record<string, unknown>): Promise<Actor> =>
  resolveActor({ claims: AccessTokenClaims.parse({ sub: 'u1', org: 'org-a', ...claims }), officeHeader: undefined });

describe('access rules', () => {
  it('management: the /management roles read (not the goduser), admins write, super administrators manage flags', async () => {
    const table = {
      superadministrator: [true, true, true],
      admin: [true, true, false],
      agent: [true, false, false],
      goduser: [false, false, false],
      staffmanager: [false, false, false],
      groupmanager: [false, false, false],
      doregistration: [false, false, false],
    };
    for (const [role, expected] of Object.entries(table)) {
      const a = await actor({ roles: [role] });
      expect([role, canReadManagement(a), canWriteManagement(a), canManageFeatureFlags(a)]).toEqual([role, ...expected]);
    }
  });

  it('company roles keyed by an office grant nothing', async () => {
    const a = await actor({ roles: { o1: ['admin'] }, allowedOfficeIds: ['o1'] });
    expect(canReadManagement(a)).toBe(false);
    expect(officeAccess(a, 'o1')).toBe('none');
  });

  it('office managers manage the offices where they hold the manager role', async () => {
    const keyed = await actor({ roles: { o1: ['staffmanager'], o2: ['staff'] }, allowedOfficeIds: ['o1', 'o2'] });
    expect([isManagerOf(keyed, 'o1'), isManagerOf(keyed, 'o2'), isManagerOf(keyed, 'o3')]).toEqual([true, false, false]);
    expect(officeAccess(keyed, 'o1')).toBe('manager');
    const listed = await actor({ roles: ['Group Manager'], allowedOfficeIds: ['o1'] });
    expect([officeAccess(listed, 'o1'), officeAccess(listed, 'o9')]).toEqual(['manager', 'none']);
    // Roles keyed by an office outside allowedOfficeIds open nothing.
    expect(isManagerOf(await actor({ roles: { o5: ['staffmanager'] }, allowedOfficeIds: [] }), 'o5')).toBe(false);
  });

  it('who may act for an office: company users any (ownership checked in the store), others their allowed ones', async () => {
    expect(mayActForOffice(await actor({ roles: ['agent'] }), 'o7')).toBe(true);
    expect(mayActForOffice(await actor({ roles: ['staff'], allowedOfficeIds: ['o1'] }), 'o1')).toBe(true);
    expect(mayActForOffice(await actor({ roles: ['staff'], allowedOfficeIds: ['o1'] }), 'o2')).toBe(false);
  });

  it('grantable roles: super administrators any, admins all but superadministrator and goduser, others none', async () => {
    expect(grantableRoles(await actor({ roles: ['superadministrator'] }))).toContain('goduser');
    const admin = grantableRoles(await actor({ roles: ['admin'] }));
    expect(admin).toEqual(expect.arrayContaining(['admin', 'agent', 'staffmanager', 'staff', 'doregistration']));
    expect(admin).not.toContain('superadministrator');
    expect(admin).not.toContain('goduser');
    expect(grantableRoles(await actor({ roles: ['agent'] }))).toEqual([]);
  });
});
