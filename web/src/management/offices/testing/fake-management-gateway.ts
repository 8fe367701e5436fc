/**
 * Test support: the offices service's management API as the management pages see it, in memory: offices, groups,
 * users and an office's users, searched and paged like the service; every call recorded; a test may make the next
 * call to a path answer what it says (a refusal with field details). The shell's own calls go to the shared fake.
 */
import { type ManagedGroup, type ManagedOffice, type ManagedUser, type Role } from '@dv/contracts';
import { type FetchFn } from '../../../http/http-client';
import { fakeGateway } from '../../../test-support/render-app';
import { jsonReply } from '../../../test-support/json-reply';

export type RecordedCall = { method: string; path: string; query: URLSearchParams; body: unknown };
type Reply = { status: number; body?: unknown };

export function office(id: string, name: string, extra: Partial<ManagedOffice> = {}): ManagedOffice {
  return {
    id,
    orgId: 'org-demo',
    name,
    groupId: null,
    planType: 'standard',
    integration: null,
    settings: { id, ableToFullfillForm: false, paymentType: 'auto', outsource: { outsourceEnabled: false }, scheduleIntegration: null },
    active: true,
    ...extra,
  };
}

export function user(id: string, name: string, roles: ManagedUser['roles'], allowedOfficeIds: string[] = [], extra: Partial<ManagedUser> = {}): ManagedUser {
  return {
    id,
    email: `${id.replace(/^user-/, '')}@demo.test`,
    name,
    orgId: 'org-demo',
    roles,
    allowedOfficeIds,
    groupIds: [],
    officeId: allowedOfficeIds[0] ?? null,
    editGlobalCustomization: false,
    editGlobalCarriers: false,
    active: true,
    ...extra,
  };
}

export const DEMO = {
  offices: () => [
    office('office-demo-1', 'Bright Smiles Dental – Main St', { groupId: 'group-demo' }),
    office('office-demo-2', 'Bright Smiles Dental – Oak Ave', { groupId: 'group-demo', planType: 'freemium' }),
  ],
  groups: (): ManagedGroup[] => [{ id: 'group-demo', orgId: 'org-demo', name: 'Bright Smiles Dental Group', officeIds: [] }],
  users: () => [
    user('user-superadministrator', 'Sam Superadmin', ['superadministrator'], [], { editGlobalCarriers: true, editGlobalCustomization: true }),
    user('user-admin', 'Alex Admin', ['admin']),
    user('user-agent', 'Avery Agent', ['agent']),
    user('user-staffmanager', 'Morgan Staffmanager', { 'office-demo-1': ['staffmanager'], 'office-demo-2': ['staff'] }, ['office-demo-1', 'office-demo-2']),
    user('user-staff', 'Taylor Staff', ['staff'], ['office-demo-1']),
  ],
};

function paged<T>(items: readonly T[], query: URLSearchParams, text: (item: T) => string) {
  const search = query.get('search')?.toLowerCase() ?? '';
  const page = Number(query.get('page') ?? '1');
  const pageSize = Number(query.get('pageSize') ?? '20');
  const matching = items.filter((item) => text(item).toLowerCase().includes(search));
  return { items: matching.slice((page - 1) * pageSize, page * pageSize), total: matching.length, page, pageSize };
}

const notFound = (what: string) => jsonReply({ statusCode: 404, error: 'Not Found', message: `${what} not found` }, 404);

export function fakeManagementGateway(seed: { offices?: ManagedOffice[]; groups?: ManagedGroup[]; users?: ManagedUser[] } = {}) {
  const offices = seed.offices ?? DEMO.offices();
  const groups = seed.groups ?? DEMO.groups();
  const users = seed.users ?? DEMO.users();
  const calls: RecordedCall[] = [];
  const next = new Map<string, Reply>();
  let created = 0;
  const groupOf = (group: ManagedGroup): ManagedGroup => ({ ...group, officeIds: offices.filter((item) => item.groupId === group.id).map((item) => item.id) });
  const rolesAt = (member: ManagedUser, officeId: string): Role[] => (Array.isArray(member.roles) ? member.roles : (member.roles[officeId] ?? []));

  function officeCall(method: string, id: string, rest: string, body: Record<string, unknown>, query: URLSearchParams): Response {
    const index = offices.findIndex((item) => item.id === id);
    const found = offices[index];
    if (!found) return notFound('Office');
    if (rest === '' && method === 'PATCH') {
      const integration = body.integration as ManagedOffice['integration'] | undefined;
      offices[index] = { ...found, ...(body as Partial<ManagedOffice>), ...(integration === undefined ? {} : { integration }) };
      return jsonReply(offices[index]);
    }
    if (rest === '/settings') {
      offices[index] = { ...found, settings: { ...found.settings, ...(body as object) } };
      return jsonReply(offices[index].settings);
    }
    if (rest === '/users') {
      const members = users.filter((item) => item.allowedOfficeIds.includes(id));
      const rows = members.map((item) => ({ userId: item.id, name: item.name, email: item.email, active: item.active !== false, roles: rolesAt(item, id), otherOfficeIds: item.allowedOfficeIds.filter((other) => other !== id) }));
      return jsonReply(paged(rows, query, (row) => `${row.name} ${row.email}`));
    }
    const member = /^\/users\/([^/]+)$/.exec(rest);
    if (member) {
      const at = users.findIndex((item) => item.id === decodeURIComponent(member[1] ?? ''));
      const target = users[at];
      if (!target) return notFound('User');
      if (method === 'DELETE') {
        users[at] = { ...target, allowedOfficeIds: target.allowedOfficeIds.filter((other) => other !== id) };
        return jsonReply(undefined, 204);
      }
      const roles = (body as { roles: Role[] }).roles;
      users[at] = { ...target, allowedOfficeIds: [...new Set([...target.allowedOfficeIds, id])], roles: { ...(Array.isArray(target.roles) ? {} : target.roles), [id]: roles } };
      return jsonReply({ userId: target.id, name: target.name, email: target.email, active: true, roles, otherOfficeIds: [] });
    }
    return jsonReply(found);
  }

  function groupCall(method: string, id: string, rest: string, body: Record<string, unknown>): Response {
    const index = groups.findIndex((item) => item.id === id);
    const found = groups[index];
    if (!found) return notFound('Group');
    if (rest === '' && method === 'PATCH') groups[index] = { ...found, name: String(body.name) };
    const officeId = rest === '/offices' ? String(body.officeId) : /^\/offices\/(.+)$/.exec(rest)?.[1];
    if (officeId !== undefined) {
      const at = offices.findIndex((item) => item.id === decodeURIComponent(officeId));
      const target = offices[at];
      if (target) offices[at] = { ...target, groupId: method === 'DELETE' ? null : id };
    }
    return jsonReply(groupOf(groups[index] ?? found));
  }

  function usersCall(method: string, id: string | undefined, body: Record<string, unknown>, query: URLSearchParams): Response {
    if (id === undefined && method === 'POST') {
      created += 1;
      const invited = user(`user-new-${created}`, String(body.name), body.roles as ManagedUser['roles'], (body.allowedOfficeIds as string[] | undefined) ?? [], { email: String(body.email) });
      users.push(invited);
      return jsonReply({ ...invited, signIn: { kind: 'developmentPassword', password: 'dev-password-made-once' } }, 201);
    }
    if (id === undefined) return jsonReply(paged(users, query, (item) => `${item.name} ${item.email}`));
    const index = users.findIndex((item) => item.id === id);
    const found = users[index];
    if (!found) return notFound('User');
    if (method === 'PATCH') users[index] = { ...found, ...(body as Partial<ManagedUser>) };
    return jsonReply(users[index]);
  }

  function route(method: string, path: string, body: Record<string, unknown>, query: URLSearchParams): Response | null {
    if (path === '/api/management/offices' && method === 'POST') {
      created += 1;
      const made = office(`office-new-${created}`, String(body.name), { planType: body.planType as ManagedOffice['planType'], groupId: (body.groupId as string | undefined) ?? null });
      offices.push(made);
      return jsonReply(made, 201);
    }
    if (path === '/api/management/offices') return jsonReply(paged(offices, query, (item) => item.name));
    const officeMatch = /^\/api\/management\/offices\/([^/]+)(.*)$/.exec(path);
    if (officeMatch) return officeCall(method, decodeURIComponent(officeMatch[1] ?? ''), officeMatch[2] ?? '', body, query);
    if (path === '/api/management/groups' && method === 'POST') {
      created += 1;
      const made: ManagedGroup = { id: `group-new-${created}`, orgId: 'org-demo', name: String(body.name), officeIds: [] };
      groups.push(made);
      return jsonReply(made, 201);
    }
    if (path === '/api/management/groups') return jsonReply(paged(groups.map(groupOf), query, (item) => item.name));
    const groupMatch = /^\/api\/management\/groups\/([^/]+)(.*)$/.exec(path);
    if (groupMatch) return groupCall(method, decodeURIComponent(groupMatch[1] ?? ''), groupMatch[2] ?? '', body);
    const userMatch = /^\/api\/management\/users(?:\/([^/]+))?$/.exec(path);
    if (userMatch) return usersCall(method, userMatch[1] === undefined ? undefined : decodeURIComponent(userMatch[1]), body, query);
    return null;
  }

  const fetch: FetchFn = (url, init) => {
    const [path = url, search = ''] = url.split('?');
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
    const query = new URLSearchParams(search);
    calls.push({ method, path, query, body });
    const override = next.get(`${method} ${path}`);
    if (override) {
      next.delete(`${method} ${path}`);
      return Promise.resolve(jsonReply(override.body, override.status));
    }
    const answered = route(method, path, body, query);
    return answered ? Promise.resolve(answered) : fakeGateway(url, init);
  };

  return {
    fetch,
    offices,
    groups,
    users,
    callsTo: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path),
    /** The next `method path` call answers this instead. */
    answerNext: (method: string, path: string, reply: Reply) => next.set(`${method} ${path}`, reply),
  };
}
