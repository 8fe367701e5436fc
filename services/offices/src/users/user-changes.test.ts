/**
 * Who may set which field of a user (issue 13: `PATCH /api/management/users/{own id}` with
 * `{"editGlobalCarriers": true}` let an admin grant himself a super administrator's privilege). Generated cases
 * over role x field x value x self/other, against the rule as a table transcribed here, independently of the
 * implementation: first the pure decision, then the service over HTTP with a real store.
 */
import { ManagedUser, ROLES, type Role } from '@dv/contracts';
import { USERS } from '@dv/dev-idp';
import { AccessTokenClaims, resolveActor, type Actor } from '@dv/kit';
import fc from 'fast-check';
import { createHarness, type Harness } from '../testing/harness';
import { newUserRefusal, userPatchRefusal } from './user-change-rules';

// Management writers (admin, superadministrator) change users; what each may grant; who holds each privilege:
// the roles of the page it opens (SPEC section 2: /management/customization is admin and superadministrator,
// /management/carriers superadministrator only).
const WRITERS: readonly string[] = ['admin', 'superadministrator'];
const GRANTS: Readonly<Record<string, readonly string[]>> = {
  superadministrator: ROLES,
  admin: ROLES.filter((role) => role !== 'superadministrator' && role !== 'goduser'),
};
const PRIVILEGE_HOLDERS = { editGlobalCustomization: ['admin', 'superadministrator'], editGlobalCarriers: ['superadministrator'] };
const PRIVILEGES = ['editGlobalCustomization', 'editGlobalCarriers'] as const;
const OWN_ACCESS_FIELDS = ['roles', 'allowedOfficeIds', 'groupIds', 'active', ...PRIVILEGES] as const;

type Patch = {
  name?: string;
  roles?: Role[];
  allowedOfficeIds?: string[];
  groupIds?: string[];
  editGlobalCustomization?: boolean;
  editGlobalCarriers?: boolean;
  active?: boolean;
};
type Target = { roles: readonly Role[]; editGlobalCustomization: boolean; editGlobalCarriers: boolean };

/** The rule as the issue states it: privilege flags and roles only by roles that hold them, never on oneself. */
function expectedAllowed(actorRole: Role, self: boolean, target: Target, patch: Patch): boolean {
  if (!WRITERS.includes(actorRole)) return false;
  const grants = GRANTS[actorRole] ?? [];
  const holds = (privilege: (typeof PRIVILEGES)[number]) => PRIVILEGE_HOLDERS[privilege].includes(actorRole);
  if (!target.roles.every((role) => grants.includes(role))) return false;
  if (PRIVILEGES.some((privilege) => target[privilege] && !holds(privilege))) return false;
  if (self && OWN_ACCESS_FIELDS.some((field) => patch[field] !== undefined)) return false;
  if (patch.roles && !patch.roles.every((role) => grants.includes(role))) return false;
  return PRIVILEGES.every((privilege) => patch[privilege] === undefined || holds(privilege));
}

const OFFICES = ['office-demo-1', 'office-demo-2'];
const roleList = fc.uniqueArray(fc.constantFrom(...ROLES), { minLength: 1, maxLength: 4 });
const patchArb: fc.Arbitrary<Patch> = fc
  .record(
    {
      name: fc.stringMatching(/^[A-Za-z][A-Za-z' -]{0,20}[A-Za-z]$/),
      roles: roleList,
      allowedOfficeIds: fc.subarray(OFFICES),
      groupIds: fc.subarray(['group-demo']),
      editGlobalCustomization: fc.boolean(),
      editGlobalCarriers: fc.boolean(),
      active: fc.boolean(),
    },
    { requiredKeys: [] },
  )
  .filter((patch) => Object.keys(patch).length > 0);
const targetArb: fc.Arbitrary<Target> = fc.record({ roles: roleList, editGlobalCustomization: fc.boolean(), editGlobalCarriers: fc.boolean() });

const actorWith = (role: Role, userId = 'user-actor'): Promise<Actor> =>
  resolveActor({ claims: AccessTokenClaims.parse({ sub: userId, org: 'org-demo', roles: [role] }), officeHeader: undefined });

describe('user changes: the decision (generated role x field x value x self/other)', () => {
  it('allows a patch exactly when the rule does', async () => {
    const actors = new Map<Role, Actor>();
    for (const role of ROLES) actors.set(role, await actorWith(role));
    fc.assert(
      fc.property(fc.constantFrom(...ROLES), fc.boolean(), targetArb, patchArb, (role, self, target, patch) => {
        const actor = actors.get(role) as Actor;
        const user = { id: self ? actor.userId : 'user-other', ...target };
        const refusal = userPatchRefusal(actor, user, patch);
        if (!WRITERS.includes(role)) return; // the service refuses them before (assertCanWriteManagement)
        expect({ role, self, target, patch, allowed: refusal === null }).toEqual({ role, self, target, patch, allowed: expectedAllowed(role, self, target, patch) });
      }),
      { numRuns: 5000 },
    );
  });

  it('allows an invitation exactly when its roles and granted privileges are the actor’s to give', async () => {
    for (const role of WRITERS as Role[]) {
      const actor = await actorWith(role);
      fc.assert(
        fc.property(targetArb, (target) => {
          const input = { email: 'x@demo.test', name: 'X', ...target, roles: [...target.roles] };
          const expected =
            target.roles.every((granted) => (GRANTS[role] ?? []).includes(granted)) &&
            PRIVILEGES.every((privilege) => !target[privilege] || PRIVILEGE_HOLDERS[privilege].includes(role));
          expect({ role, target, allowed: newUserRefusal(actor, input) === null }).toEqual({ role, target, allowed: expected });
        }),
        { numRuns: 500 },
      );
    }
  });

  it('company roles keyed by an office hold no privilege', async () => {
    const keyed = await resolveActor({
      claims: AccessTokenClaims.parse({ sub: 'u1', org: 'org-demo', roles: { o1: ['superadministrator'] }, allowedOfficeIds: ['o1'] }),
      officeHeader: 'o1',
    });
    const user = { id: 'user-other', roles: ['staff'] as Role[], editGlobalCustomization: false, editGlobalCarriers: false };
    expect(userPatchRefusal(keyed, user, { editGlobalCarriers: true })).not.toBeNull();
  });
});

describe('user changes through the offices service (generated, real store)', () => {
  let h: Harness;
  let superadmin: string;
  const tokens = new Map<Role, string>();
  let invited = 0;

  beforeAll(async () => {
    h = await createHarness();
    for (const role of ROLES) tokens.set(role, await h.tokenFor(role));
    superadmin = tokens.get('superadministrator') as string;
  });
  afterAll(() => h.close());

  const readUser = async (id: string) => ManagedUser.parse((await h.call('GET', `/api/management/users/${id}`, { token: superadmin })).json());

  /** A fresh user with these roles and privileges, invited by a super administrator (who may give them all). */
  async function createTarget(target: Target): Promise<string> {
    invited += 1;
    const body = { email: `target-${invited}@demo.test`, name: `Target ${invited}`, allowedOfficeIds: ['office-demo-1'], ...target };
    const response = await h.call('POST', '/api/management/users', { token: superadmin, body });
    expect(response.statusCode).toBe(201);
    return ManagedUser.parse(response.json()).id;
  }

  it('answers 200 or 403 as the rule says, and a refused patch changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ROLES), fc.boolean(), targetArb, patchArb, async (role, self, generated, patch) => {
        const demo = USERS.find((user) => user.email === `${role}@demo.test`);
        if (!demo) throw new Error(`no demo ${role}`);
        const id = self ? demo.id : await createTarget(generated);
        // A demo user with roles keyed by office is no management writer: refused whatever its roles.
        const target: Target = self
          ? { roles: Array.isArray(demo.roles) ? demo.roles : [], editGlobalCustomization: demo.editGlobalCustomization, editGlobalCarriers: demo.editGlobalCarriers }
          : generated;
        const before = await readUser(id);
        const response = await h.call('PATCH', `/api/management/users/${id}`, { token: tokens.get(role) as string, body: patch });
        const expected = expectedAllowed(role, self, target, patch) ? 200 : 403;
        expect({ role, self, target, patch, status: response.statusCode }).toEqual({ role, self, target, patch, status: expected });
        const after = await readUser(id);
        if (expected === 403) expect(after).toEqual(before);
        else expect(after).toMatchObject(patch);
      }),
      { numRuns: 150 },
    );
  });

  it('an invitation is refused (403, nothing stored) unless its roles and privileges are the actor’s to give', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ROLES), targetArb, async (role, target) => {
        invited += 1;
        const email = `invited-${invited}@demo.test`;
        const response = await h.call('POST', '/api/management/users', {
          token: tokens.get(role) as string,
          body: { email, name: 'Invited', ...target },
        });
        const allowed =
          WRITERS.includes(role) &&
          target.roles.every((granted) => (GRANTS[role] ?? []).includes(granted)) &&
          PRIVILEGES.every((privilege) => !target[privilege] || PRIVILEGE_HOLDERS[privilege].includes(role));
        expect({ role, target, status: response.statusCode }).toEqual({ role, target, status: allowed ? 201 : 403 });
        const found = await h.call('GET', `/api/management/users?search=${encodeURIComponent(email)}`, { token: superadmin });
        expect(found.json()).toMatchObject({ total: allowed ? 1 : 0 });
      }),
      { numRuns: 80 },
    );
  });

  it('the probe of issue 13: an admin granting himself editGlobalCarriers gets 403 and does not hold it', async () => {
    const admin = tokens.get('admin') as string;
    const response = await h.call('PATCH', '/api/management/users/user-admin', { token: admin, body: { editGlobalCarriers: true } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: 'You may not change your own editGlobalCarriers' });
    expect(await readUser('user-admin')).toMatchObject({ editGlobalCarriers: false });
    const other = await h.call('PATCH', '/api/management/users/user-agent', { token: admin, body: { editGlobalCarriers: true } });
    expect(other.statusCode).toBe(403);
    const granted = await h.call('PATCH', '/api/management/users/user-agent', { token: superadmin, body: { editGlobalCarriers: true } });
    expect(granted.json()).toMatchObject({ editGlobalCarriers: true });
  });
});
