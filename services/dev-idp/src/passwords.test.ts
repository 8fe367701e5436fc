import { createPasswordVerifier } from './passwords';

const users = [
  { email: 'staff@demo.test', id: 'staff' },
  { email: 'admin@demo.test', id: 'admin' },
];

describe('password verifier', () => {
  it('returns the user whose email and password match', async () => {
    const verifier = await createPasswordVerifier(users, () => 'demo');
    expect(await verifier.verify('staff@demo.test', 'demo')).toBe(users[0]);
    expect(await verifier.verify(' ADMIN@demo.test ', 'demo')).toBe(users[1]);
  });

  it('returns nothing for a wrong password, an unknown email or empty input', async () => {
    const verifier = await createPasswordVerifier(users, () => 'demo');
    expect(await verifier.verify('staff@demo.test', 'Demo')).toBeUndefined();
    expect(await verifier.verify('staff@demo.test', 'demo ')).toBeUndefined();
    expect(await verifier.verify('nobody@demo.test', 'demo')).toBeUndefined();
    expect(await verifier.verify('', '')).toBeUndefined();
  });

  it('checks each user against their own password', async () => {
    const verifier = await createPasswordVerifier(users, (user) => `${user.id}-secret`);
    expect(await verifier.verify('staff@demo.test', 'staff-secret')).toBe(users[0]);
    expect(await verifier.verify('staff@demo.test', 'admin-secret')).toBeUndefined();
  });
});
