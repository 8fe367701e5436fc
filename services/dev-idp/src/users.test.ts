import { ROLES, SessionClaims as ContractSessionClaims } from '@dv/contracts';
import { IssuedSessionClaims, sessionClaimsFor } from './claims';
import { DEMO_GROUP, DEMO_OFFICES, DEMO_ORGANIZATION, USERS } from './users';

const COMPANY_ROLES = ['agent', 'admin', 'superadministrator', 'goduser'];

function userByEmail(email: string) {
  const user = USERS.find((candidate) => candidate.email === email);
  if (!user) throw new Error(`no seeded user ${email}`);
  return user;
}

describe('seeded users', () => {
  it('has exactly one user per role, named <role>@demo.test, and Oak Ave\'s own manager', () => {
    expect(USERS.map((user) => user.email).sort()).toEqual([...ROLES.map((role) => `${role}@demo.test`), 'oakmanager@demo.test'].sort());
    expect(USERS.find((user) => user.email === 'oakmanager@demo.test')).toMatchObject({ roles: ['staffmanager'], allowedOfficeIds: ['office-demo-2'] });
    expect(new Set(USERS.map((user) => user.id)).size).toBe(USERS.length);
  });

  it('puts everyone in the demo organization, and every office and the group there', () => {
    for (const user of USERS) expect(user.orgId).toBe(DEMO_ORGANIZATION.id);
    for (const office of DEMO_OFFICES) expect(office.orgId).toBe(DEMO_ORGANIZATION.id);
    expect(DEMO_GROUP.officeIds).toEqual(DEMO_OFFICES.map((office) => office.id));
  });

  it('gives company users and the registering user no office', () => {
    for (const user of USERS.filter((candidate) => [...COMPANY_ROLES, 'doregistration'].includes(candidate.id.slice(5)))) {
      expect(user.allowedOfficeIds).toEqual([]);
      expect(user.officeId).toBeNull();
      expect(Array.isArray(user.roles)).toBe(true);
    }
  });

  it('only names offices that exist, and keys roles by offices the user may act for', () => {
    const officeIds = new Set(DEMO_OFFICES.map((office) => office.id));
    for (const user of USERS) {
      for (const id of user.allowedOfficeIds) expect(officeIds.has(id)).toBe(true);
      if (!Array.isArray(user.roles)) {
        expect(Object.keys(user.roles).sort()).toEqual([...user.allowedOfficeIds].sort());
      }
    }
  });

  it('matches the brief for the office users', () => {
    expect(userByEmail('staff@demo.test')).toMatchObject({ roles: ['staff'], allowedOfficeIds: ['office-demo-1'] });
    expect(userByEmail('staffmanager@demo.test')).toMatchObject({
      roles: { 'office-demo-1': ['staffmanager'], 'office-demo-2': ['staff'] },
      allowedOfficeIds: ['office-demo-1', 'office-demo-2'],
    });
    expect(userByEmail('groupmanager@demo.test')).toMatchObject({ allowedOfficeIds: DEMO_GROUP.officeIds, groupIds: ['group-demo'] });
  });

  it('yields valid session claims for every user, readable by the contracts schema', () => {
    for (const user of USERS) {
      const claims = sessionClaimsFor(user, DEMO_OFFICES);
      expect(IssuedSessionClaims.parse(claims)).toEqual(claims);
      expect(ContractSessionClaims.safeParse(claims).success).toBe(true);
    }
  });

  it('leaves out what a user without an office does not have, rather than sending null', () => {
    const claims = sessionClaimsFor(userByEmail('agent@demo.test'), DEMO_OFFICES);
    expect(Object.values(claims)).not.toContain(null);
    for (const unset of ['officeId', 'paymentType', 'planType', 'integration']) expect(claims).not.toHaveProperty(unset);
  });

  it('takes payment type, plan type and integration from the session office', () => {
    const manager = userByEmail('staffmanager@demo.test');
    expect(sessionClaimsFor(manager, DEMO_OFFICES)).toMatchObject({
      officeId: 'office-demo-1',
      paymentType: 'auto',
      planType: 'standard',
      integration: { subdomain: 'bright-smiles-main' },
    });
    const onOakAve = { ...manager, officeId: 'office-demo-2' };
    const claims = sessionClaimsFor(onOakAve, DEMO_OFFICES);
    expect(claims).toMatchObject({ officeId: 'office-demo-2', planType: 'freemium' });
    expect(claims).not.toHaveProperty('integration');
  });
});
