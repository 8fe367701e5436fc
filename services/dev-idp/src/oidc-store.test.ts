import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOidcStore } from './oidc-store';

describe('oidc store', () => {
  it('finds what was stored, by id and by uid, and forgets it when destroyed', async () => {
    const sessions = createOidcStore().adapterFor('Session');
    await sessions.upsert('s1', { uid: 'u1', accountId: 'a' }, 60);
    expect(await sessions.find('s1')).toEqual({ uid: 'u1', accountId: 'a' });
    expect(await sessions.findByUid('u1')).toEqual({ uid: 'u1', accountId: 'a' });
    await sessions.destroy('s1');
    expect(await sessions.find('s1')).toBeUndefined();
    expect(await sessions.findByUid('u1')).toBeUndefined();
  });

  it('keeps models apart', async () => {
    const store = createOidcStore();
    await store.adapterFor('Session').upsert('same', { uid: 'x' }, 60);
    expect(await store.adapterFor('Grant').find('same')).toBeUndefined();
  });

  it('expires entries', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    try {
      const codes = createOidcStore().adapterFor('AuthorizationCode');
      await codes.upsert('c1', { grantId: 'g' }, 60);
      jest.setSystemTime(1_000_000 + 59_000);
      expect(await codes.find('c1')).toBeDefined();
      jest.setSystemTime(1_000_000 + 60_000);
      expect(await codes.find('c1')).toBeUndefined();
    } finally {
      jest.useRealTimers();
    }
  });

  it('marks consumed entries and hands out copies', async () => {
    const codes = createOidcStore().adapterFor('AuthorizationCode');
    await codes.upsert('c1', { grantId: 'g' }, 60);
    const copy = await codes.find('c1');
    if (copy) copy.grantId = 'changed';
    await codes.consume('c1');
    expect(await codes.find('c1')).toEqual({ grantId: 'g', consumed: expect.any(Number) });
  });

  it('revokes every token of a grant and nothing else', async () => {
    const store = createOidcStore();
    await store.adapterFor('RefreshToken').upsert('r1', { grantId: 'g1' }, 60);
    await store.adapterFor('AccessToken').upsert('a1', { grantId: 'g1' }, 60);
    await store.adapterFor('RefreshToken').upsert('r2', { grantId: 'g2' }, 60);
    await store.adapterFor('RefreshToken').revokeByGrantId('g1');
    expect(await store.adapterFor('RefreshToken').find('r1')).toBeUndefined();
    expect(await store.adapterFor('AccessToken').find('a1')).toBeUndefined();
    expect(await store.adapterFor('RefreshToken').find('r2')).toBeDefined();
  });

  it('persists to its file and reads it back, without expired entries', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'dev-idp-store-'));
    try {
      const file = join(folder, 'store.json');
      const first = createOidcStore(file);
      await first.adapterFor('Session').upsert('s1', { uid: 'u1' }, 3600);
      await first.adapterFor('Grant').upsert('g1', { accountId: 'a' }, 3600);
      await first.adapterFor('Interaction').upsert('i1', { uid: 'i' }, -1);
      first.close();

      const second = createOidcStore(file);
      expect(await second.adapterFor('Session').findByUid('u1')).toEqual({ uid: 'u1' });
      expect(await second.adapterFor('Grant').find('g1')).toEqual({ accountId: 'a' });
      expect(await second.adapterFor('Interaction').find('i1')).toBeUndefined();
      second.close();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
