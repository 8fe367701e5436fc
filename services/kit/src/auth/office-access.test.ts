import { AccessTokenClaims } from './claims';
import { resolveActor } from './office-access';

const claims = (extra: Record<string, unknown>) =>
  AccessTokenClaims.parse({ sub: 'u1', org: 'org-a', iss: 'i', aud: 'a', exp: 1, ...extra });

const inOrgA = (officeId: string, orgId: string) => Promise.resolve(orgId === 'org-a' && officeId.startsWith('a-'));

describe('resolveActor', () => {
  it('without an office header: list roles apply, office-keyed roles do not', async () => {
    expect(await resolveActor({ claims: claims({ roles: ['staff'] }), officeHeader: undefined })).toMatchObject({
      userId: 'u1',
      orgId: 'org-a',
      roles: ['staff'],
      companyUser: false,
    });
    const keyed = await resolveActor({ claims: claims({ roles: { 'a-1': ['staff'] } }), officeHeader: undefined });
    expect(keyed.roles).toEqual([]);
    expect(keyed.officeId).toBeUndefined();
    expect((await resolveActor({ claims: claims({ roles: ['staff'] }), officeHeader: '  ' })).officeId).toBeUndefined();
  });

  it('compares role names as the contracts do (case, spaces) and drops roles the product does not know', async () => {
    const actor = await resolveActor({
      claims: claims({ roles: ['Staff Manager', 'root', 'ADMIN '] }),
      officeHeader: undefined,
    });
    expect(actor.roles).toEqual(['staffmanager', 'admin']);
    const keyed = await resolveActor({
      claims: claims({ roles: { 'a-1': ['Group Manager', 'owner'] }, allowedOfficeIds: ['a-1'] }),
      officeHeader: 'a-1',
    });
    expect(keyed.roles).toEqual(['groupmanager']);
  });

  it('an allowed office: its roles', async () => {
    const c = claims({ roles: { 'a-1': ['staffmanager'], 'a-2': ['groupmember'] }, allowedOfficeIds: ['a-1', 'a-2'] });
    expect(await resolveActor({ claims: c, officeHeader: 'a-2' })).toMatchObject({
      officeId: 'a-2',
      roles: ['groupmember'],
    });
  });

  it('an allowed office without roles keyed for it: no roles, but not refused', async () => {
    const c = claims({ roles: { 'a-1': ['staffmanager'] }, allowedOfficeIds: ['a-1', 'a-3'] });
    expect(await resolveActor({ claims: c, officeHeader: 'a-3' })).toMatchObject({ officeId: 'a-3', roles: [] });
  });

  it('roles keyed by an office that is not in allowedOfficeIds do not open it', async () => {
    const c = claims({ roles: { 'a-1': ['staffmanager'] }, allowedOfficeIds: [] });
    await expect(resolveActor({ claims: c, officeHeader: 'a-1', officeBelongsToOrg: inOrgA })).rejects.toMatchObject({
      statusCode: 403,
    });
  });

  it('company users: any office of their organization, only through the ownership check', async () => {
    for (const role of ['agent', 'admin', 'superadministrator', 'goduser']) {
      const c = claims({ roles: [role] });
      expect(await resolveActor({ claims: c, officeHeader: 'a-7', officeBelongsToOrg: inOrgA })).toMatchObject({
        officeId: 'a-7',
        roles: [role],
        companyUser: true,
      });
      await expect(resolveActor({ claims: c, officeHeader: 'b-1', officeBelongsToOrg: inOrgA })).rejects.toMatchObject({
        statusCode: 403,
      });
      await expect(resolveActor({ claims: c, officeHeader: 'a-7' })).rejects.toMatchObject({ statusCode: 403 });
    }
  });

  it('office roles (staff, staffmanager, groupmanager ...) never get the company path', async () => {
    for (const role of ['staff', 'staffmanager', 'groupmanager', 'groupmember', 'doregistration']) {
      await expect(
        resolveActor({ claims: claims({ roles: [role] }), officeHeader: 'a-7', officeBelongsToOrg: inOrgA }),
      ).rejects.toMatchObject({ statusCode: 403 });
    }
  });

  it('asks the ownership check with the office and the token organization', async () => {
    const asked: string[] = [];
    await resolveActor({
      claims: claims({ roles: ['admin'] }),
      officeHeader: 'a-7',
      officeBelongsToOrg: (officeId, orgId) => {
        asked.push(`${officeId}@${orgId}`);
        return Promise.resolve(true);
      },
    });
    expect(asked).toEqual(['a-7@org-a']);
  });

  it('answers 400 to repeated or malformed headers', async () => {
    const c = claims({ roles: ['staff'], allowedOfficeIds: ['a-1'] });
    await expect(resolveActor({ claims: c, officeHeader: ['a-1', 'a-2'] })).rejects.toMatchObject({ statusCode: 400 });
    await expect(resolveActor({ claims: c, officeHeader: 'a 1' })).rejects.toMatchObject({ statusCode: 400 });
    await expect(resolveActor({ claims: c, officeHeader: 'x'.repeat(129) })).rejects.toMatchObject({ statusCode: 400 });
  });

  it('keeps the session claims of SPEC section 3 on the actor', async () => {
    const c = claims({
      email: 'staff@demo.test',
      roles: ['staff'],
      paymentType: 'auto',
      planType: 'freemium',
      editGlobalCustomization: false,
      editGlobalCarriers: true,
      appMetadata: { theme: 'light' },
      integration: { subdomain: 'smile' },
    });
    const actor = await resolveActor({ claims: c, officeHeader: undefined });
    expect(actor.email).toBe('staff@demo.test');
    expect(actor.claims).toMatchObject({
      paymentType: 'auto',
      planType: 'freemium',
      editGlobalCustomization: false,
      editGlobalCarriers: true,
      appMetadata: { theme: 'light' },
      integration: { subdomain: 'smile' },
    });
  });
});
