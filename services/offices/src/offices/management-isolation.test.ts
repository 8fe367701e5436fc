/**
 * Organization isolation of the management API (issue 18): a company user of one organization never sees, nor
 * changes, another organization's offices, users, groups or office users. Generated cases: any management reader
 * or writer of either organization, any call, any mix of the two organizations' ids; a call that names another
 * organization's record answers 400, 403 or 404, never shows a trace of it, and changes nothing anywhere.
 */
import { InvitedUser, ManagedGroup } from '@dv/contracts';
import fc from 'fast-check';
import { createHarness, type Harness } from '../testing/harness';

type Org = 'demo' | 'acme';

/** What gives an organization's records away in a reply. */
const TRACES: Record<Org, readonly string[]> = {
  demo: ['org-demo', 'office-demo-', 'Bright Smiles', 'group-demo', '@demo.test'],
  acme: ['org-acme', 'office-acme-1', 'Acme', '@acme.test'],
};

type Ids = { office: string; user: string; group: string };

let h: Harness;
const ids: Record<Org, Ids[]> = {
  demo: [
    { office: 'office-demo-1', user: 'user-staff', group: 'group-demo' },
    { office: 'office-demo-2', user: 'user-groupmember', group: 'group-demo' },
  ],
  acme: [],
};
const actors: { org: Org; role: string; token: string }[] = [];

/** Every management list of an organization, as its super administrator reads it. */
async function snapshot(org: Org): Promise<string[]> {
  const token = actors.find((actor) => actor.org === org && actor.role === 'superadministrator')?.token ?? '';
  const urls = ['/api/management/offices?pageSize=100', '/api/management/groups?pageSize=100', '/api/management/users?pageSize=100'];
  for (const { office } of ids[org]) urls.push(`/api/management/offices/${office}/users?pageSize=100`);
  return Promise.all(urls.map(async (url) => (await h.call('GET', url, { token })).body));
}

beforeAll(async () => {
  h = await createHarness();
  for (const role of ['agent', 'admin', 'superadministrator']) {
    actors.push({ org: 'demo', role, token: await h.tokenFor(role) });
    actors.push({ org: 'acme', role, token: await h.sign({ sub: `user-acme-${role}`, org: 'org-acme', roles: [role], allowedOfficeIds: [] }) });
  }
  const acmeAdmin = actors.find((actor) => actor.org === 'acme' && actor.role === 'admin')?.token ?? '';
  const group = ManagedGroup.parse((await h.call('POST', '/api/management/groups', { token: acmeAdmin, body: { name: 'Acme Group' } })).json());
  const user = InvitedUser.parse(
    (
      await h.call('POST', '/api/management/users', {
        token: acmeAdmin,
        body: { email: 'pat@acme.test', name: 'Pat Acme', roles: ['staff'], allowedOfficeIds: ['office-acme-1'] },
      })
    ).json(),
  );
  ids.acme.push({ office: 'office-acme-1', user: user.id, group: group.id });
});
afterAll(() => h.close());

type Call = { method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'; url: string; body?: unknown; write: boolean };

/** The calls of the management pages, naming the records of `target`. */
function callsFor(target: Ids): Call[] {
  const { office, user, group } = target;
  return [
    { method: 'GET', url: `/api/management/offices/${office}`, write: false },
    { method: 'GET', url: `/api/management/offices/${office}/users`, write: false },
    { method: 'GET', url: `/api/management/users/${user}`, write: false },
    { method: 'GET', url: `/api/management/groups/${group}`, write: false },
    { method: 'PATCH', url: `/api/management/offices/${office}`, body: { active: false }, write: true },
    { method: 'PATCH', url: `/api/management/offices/${office}/settings`, body: { ableToFullfillForm: true }, write: true },
    { method: 'PUT', url: `/api/management/offices/${office}/users/${user}`, body: { roles: ['staffmanager'] }, write: true },
    { method: 'DELETE', url: `/api/management/offices/${office}/users/${user}`, write: true },
    { method: 'PATCH', url: `/api/management/users/${user}`, body: { active: false }, write: true },
    { method: 'PATCH', url: `/api/management/groups/${group}`, body: { name: 'Taken Over' }, write: true },
    { method: 'POST', url: `/api/management/groups/${group}/offices`, body: { officeId: office }, write: true },
    { method: 'DELETE', url: `/api/management/groups/${group}/offices/${office}`, write: true },
    { method: 'POST', url: '/api/management/users', body: { email: 'probe@probe.test', name: 'Probe', roles: ['staff'], allowedOfficeIds: [office] }, write: true },
    { method: 'POST', url: '/api/management/offices', body: { name: 'Probe', groupId: group }, write: true },
  ];
}

describe('management isolation across organizations (generated)', () => {
  it('a call naming another organization’s records is refused, shows nothing of it and changes nothing', async () => {
    const before = { demo: await snapshot('demo'), acme: await snapshot('acme') };
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...actors),
        fc.nat({ max: 1 }),
        fc.nat({ max: 13 }),
        fc.string({ maxLength: 20 }),
        async (actor, pick, which, search) => {
          const other: Org = actor.org === 'demo' ? 'acme' : 'demo';
          const target = ids[other][pick % ids[other].length] as Ids;
          const call = callsFor(target)[which] as Call;
          const response = await h.call(call.method, call.url, { token: actor.token, body: call.body });
          const seen = { actor: `${actor.org}/${actor.role}`, call: `${call.method} ${call.url}`, status: response.statusCode };
          expect([400, 403, 404]).toContain(response.statusCode);
          for (const trace of TRACES[other]) expect({ ...seen, shows: response.body.includes(trace) }).toEqual({ ...seen, shows: false });
          // The lists of the actor's own organization, searched with anything, never show the other's records.
          const list = await h.call('GET', `/api/management/users?search=${encodeURIComponent(search)}`, { token: actor.token });
          for (const trace of TRACES[other]) expect(list.body.includes(trace)).toBe(false);
        },
      ),
      { numRuns: 200 },
    );
    expect({ demo: await snapshot('demo'), acme: await snapshot('acme') }).toEqual(before);
  });

  it('each organization’s readers still see their own records through the same calls', async () => {
    for (const actor of actors) {
      const own = ids[actor.org][0] as Ids;
      for (const call of callsFor(own).filter((candidate) => !candidate.write)) {
        const response = await h.call(call.method, call.url, { token: actor.token });
        expect({ actor: `${actor.org}/${actor.role}`, url: call.url, status: response.statusCode }).toEqual({
          actor: `${actor.org}/${actor.role}`,
          url: call.url,
          status: 200,
        });
      }
    }
  });
});
