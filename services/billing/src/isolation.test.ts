/**
 * Who reads and changes which office's billing (issue 17's security test): every /api/stripe route with generated
 * users, office headers and routes. The roles are the contracts' table's (the gateway's, checked again here); the
 * office is the Connected-Dental-Office header's, which a staff user may name only for an office of theirs and a
 * company user only for an office of their organization. office-a1 has a subscription and a card: no answer to
 * anyone acting for another office carries its customer, subscription or invoices, and no refused change touches it.
 */
import { API_ROUTES, COMPANY_ROLES, hasAnyRole, ID_PATTERN, type HttpMethod, type Role } from '@dv/contracts';
import { TEST_OFFICE_ORGS } from '@dv/kit/testing';
import fc from 'fast-check';
import { accountStore } from './accounts/accounts.store';
import { CARDS, createHarness, USERS, type Harness, type UserName } from './testing/harness';

let h: Harness;
let standard: string;
const secrets: string[] = [];

beforeAll(async () => {
  h = await createHarness();
  const plans = (await h.call('GET', '/api/stripe/list')).json<{ id: string; name: string }[]>();
  standard = plans.find((plan) => plan.name === 'Standard')!.id;
  const reply = (await h.call('POST', '/api/stripe/subscription/create', { as: 'staffmanager', office: 'office-a1', body: { priceId: standard } })).json<{ checkoutUrl: string }>();
  await h.checkout(reply.checkoutUrl, { cardNumber: CARDS.success });
  await h.waitForStatus('office-a1', (status) => status.valid);
  const account = (await accountStore(h.store).accountById('office-a1'))!;
  const invoices = await h.stripe.invoices.list({ customer: account.customerId! });
  secrets.push(account.customerId!, account.subscriptionId!, ...invoices.data.map((invoice) => invoice.id));
});
afterAll(() => h.close());

type Route = { readonly method: 'GET' | 'POST'; readonly path: string; readonly url: string; readonly body?: unknown; readonly needsOffice: boolean };

const READS: readonly Route[] = [
  { method: 'GET', path: '/api/stripe', url: '/api/stripe', needsOffice: true },
  { method: 'GET', path: '/api/stripe/subscription/valid', url: '/api/stripe/subscription/valid', needsOffice: true },
  { method: 'GET', path: '/api/stripe/settings', url: '/api/stripe/settings', needsOffice: true },
  { method: 'POST', path: '/api/stripe/register', url: '/api/stripe/register', needsOffice: true },
  { method: 'GET', path: '/api/stripe/setupintent', url: '/api/stripe/setupintent', needsOffice: true },
  { method: 'GET', path: '/api/stripe/list', url: '/api/stripe/list', needsOffice: false },
  { method: 'GET', path: '/api/stripe/coupon', url: '/api/stripe/coupon?code=WELCOME20', needsOffice: false },
];

const writes = (): readonly Route[] => [
  { method: 'POST', path: '/api/stripe/subscription/cancel', url: '/api/stripe/subscription/cancel', body: {}, needsOffice: true },
  { method: 'POST', path: '/api/stripe/subscription/change', url: '/api/stripe/subscription/change', body: { priceId: standard }, needsOffice: true },
  { method: 'POST', path: '/api/stripe/subscription/create', url: '/api/stripe/subscription/create', body: { priceId: standard }, needsOffice: true },
  { method: 'POST', path: '/api/stripe/subscription/freemium', url: '/api/stripe/subscription/freemium', needsOffice: true },
];

const tableRoles = (method: HttpMethod, path: string): readonly Role[] => {
  const access = API_ROUTES.find((route) => route.method === method && route.path === path)?.access;
  if (!Array.isArray(access)) throw new Error(`${method} ${path} has no roles`);
  return access as readonly Role[];
};

type Acting = { kind: 'bad-header' } | { kind: 'other-office' } | { kind: 'ok'; officeId?: string; roles: readonly string[] };

/** What the kit makes of the user and the header (the harness sends the user's first office when `header` is undefined). */
function acting(user: UserName, header: string | null | undefined): Acting {
  const claims = USERS[user];
  const allowed: readonly string[] = claims.allowedOfficeIds;
  const office = header === undefined ? (allowed[0] ?? null) : header;
  const listRoles: readonly string[] | null = Array.isArray(claims.roles) ? (claims.roles as readonly string[]) : null;
  if (office === null || office.trim() === '') return { kind: 'ok', roles: listRoles ?? [] };
  if (!ID_PATTERN.test(office.trim())) return { kind: 'bad-header' };
  const id = office.trim();
  if (allowed.includes(id)) return { kind: 'ok', officeId: id, roles: listRoles ?? (claims.roles as Readonly<Record<string, readonly string[]>>)[id] ?? [] };
  const company = (listRoles ?? []).some((role) => (COMPANY_ROLES as readonly string[]).includes(role));
  if (company && TEST_OFFICE_ORGS[id] === claims.org) return { kind: 'ok', officeId: id, roles: listRoles ?? [] };
  return { kind: 'other-office' };
}

/** The status class a call must get: a refusal's exact status, or 'allowed'. */
function expected(route: Route, who: Acting): 400 | 403 | 'allowed' {
  if (who.kind === 'bad-header') return 400;
  if (who.kind === 'other-office') return 403;
  if (!hasAnyRole(who.roles, tableRoles(route.method, route.path))) return 403;
  if (route.needsOffice && who.officeId === undefined) return 400;
  return 'allowed';
}

const users = Object.keys(USERS) as UserName[];
const headers = fc.oneof(
  fc.constantFrom<string | null | undefined>(undefined, null, 'office-a1', 'office-a2', 'office-b1', 'office-zz', ' office-a1 '),
  fc.stringMatching(/^[a-z0-9-]{1,20}$/),
  fc.constantFrom('office-a1,office-b1', 'office a1', '../office-a1'),
);

describe('billing routes, any user, any office header (generated cases)', () => {
  it('reads: the table roles and the office rules decide; nobody acting for another office sees office-a1', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...users), headers, fc.constantFrom(...READS), async (user, header, route) => {
        const response = await h.call(route.method, route.url, { as: user, office: header });
        const want = expected(route, acting(user, header));
        if (want === 'allowed') expect(response.statusCode).toBeLessThan(300);
        else expect(response.statusCode).toBe(want);
        const who = acting(user, header);
        if (!(who.kind === 'ok' && who.officeId === 'office-a1')) for (const secret of secrets) expect(response.body).not.toContain(secret);
      }),
      { numRuns: 150 },
    );
  });

  it('changes: refused ones change nothing of office-a1, at Stripe or here', async () => {
    const before = await accountStore(h.store).accountById('office-a1');
    const stripeBefore = await h.stripe.subscriptions.retrieve(before!.subscriptionId!);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...users), headers, fc.constantFrom(...writes()), async (user, header, route) => {
        const want = expected(route, acting(user, header));
        fc.pre(want !== 'allowed');
        const response = await h.call(route.method, route.url, { as: user, office: header, ...(route.body === undefined ? {} : { body: route.body }) });
        expect(response.statusCode).toBe(want);
      }),
      { numRuns: 120 },
    );
    await h.settled();
    expect(await accountStore(h.store).accountById('office-a1')).toEqual(before);
    const stripeAfter = await h.stripe.subscriptions.retrieve(before!.subscriptionId!);
    expect({ status: stripeAfter.status, cancel: stripeAfter.cancel_at_period_end, price: stripeAfter.items.data[0]?.price.id }).toEqual({
      status: stripeBefore.status,
      cancel: stripeBefore.cancel_at_period_end,
      price: stripeBefore.items.data[0]?.price.id,
    });
  });

  it('a staff user of office-a2 naming office-a1 is refused every call, whatever the route', async () => {
    for (const route of [...READS, ...writes()]) {
      const response = await h.call(route.method, route.url, { as: 'staffA2', office: 'office-a1', ...(route.body === undefined ? {} : { body: route.body }) });
      expect(response.statusCode).toBe(403);
    }
  });
});
