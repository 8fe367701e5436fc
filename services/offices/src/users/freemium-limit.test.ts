/**
 * MAXIMUM_FREEMIUM_USERS (issue 17): a freemium office (office-demo-2) takes at most that many users, on invitation
 * and when a user is given the office; 409 with the billing message. An empty or inactive flag is no limit, a paid
 * office has none, and a user who already had the office is not counted twice.
 */
import { BILLING_MESSAGES, FEATURE_FLAGS, type ManagedUser } from '@dv/contracts';
import { createHarness, type Harness } from '../testing/harness';

let h: Harness;
let seq = 0;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const superToken = () => h.tokenFor('superadministrator');

async function setLimit(value: number | null, isActive = true): Promise<void> {
  const response = await h.call('PUT', `/api/management/features/${FEATURE_FLAGS.MAXIMUM_FREEMIUM_USERS.name}`, { token: await superToken(), body: { value, isActive } });
  expect(response.statusCode).toBe(200);
}

async function usersOf(officeId: string): Promise<number> {
  const page = (await h.call('GET', '/api/management/users?pageSize=100', { token: await superToken() })).json<{ items: ManagedUser[] }>();
  return page.items.filter((user) => user.allowedOfficeIds.includes(officeId)).length;
}

const invite = async (allowedOfficeIds: string[]) => {
  seq += 1;
  return h.call('POST', '/api/management/users', { token: await superToken(), body: { email: `limit-${seq}@demo.test`, name: `Limit ${seq}`, roles: ['staff'], allowedOfficeIds } });
};

describe('MAXIMUM_FREEMIUM_USERS', () => {
  it('refuses an invitation to a full freemium office with 409 and the message, naming the office field', async () => {
    const present = await usersOf('office-demo-2');
    await setLimit(present);
    const refused = await invite(['office-demo-1', 'office-demo-2']);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: BILLING_MESSAGES.freemiumUsersFull, details: [{ path: 'allowedOfficeIds.1' }] });
    expect(await usersOf('office-demo-2')).toBe(present);
    // A paid office has no such limit.
    expect((await invite(['office-demo-1'])).statusCode).toBe(201);
  });

  it('lets users in up to the limit, then refuses giving the office to another user', async () => {
    const present = await usersOf('office-demo-2');
    await setLimit(present + 1);
    const first = await invite(['office-demo-2']);
    expect(first.statusCode).toBe(201);
    const added = first.json<ManagedUser>();
    expect((await invite(['office-demo-2'])).statusCode).toBe(409);

    const other = (await invite(['office-demo-1'])).json<ManagedUser>();
    const moved = await h.call('PATCH', `/api/management/users/${other.id}`, { token: await superToken(), body: { allowedOfficeIds: ['office-demo-1', 'office-demo-2'] } });
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toMatchObject({ message: BILLING_MESSAGES.freemiumUsersFull });
    // A user who has the office already is not counted twice.
    const renamed = await h.call('PATCH', `/api/management/users/${added.id}`, { token: await superToken(), body: { name: 'Renamed', allowedOfficeIds: ['office-demo-2'] } });
    expect(renamed.statusCode).toBe(200);
  });

  it('an empty or inactive flag is no limit', async () => {
    await setLimit(0, false);
    expect((await invite(['office-demo-2'])).statusCode).toBe(201);
    await setLimit(null, true);
    expect((await invite(['office-demo-2'])).statusCode).toBe(201);
    await setLimit(0, true);
    expect((await invite(['office-demo-2'])).statusCode).toBe(409);
  });
});
