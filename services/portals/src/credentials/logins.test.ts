/** Logins that outlast a request or a process: a retry that answers 202, and logins resumed after a restart. */
import { createKeyring, generateKeyEncryptionKey } from '../crypto/keyring';
import { createHarness, OFFICE_A1, USERS } from '../testing/harness';
import { credentialsIn } from './credentials.store';

const manager = { as: USERS.managerA1, office: OFFICE_A1 };

it('a retry whose login takes longer than the wait answers 202; the outcome follows as an event', async () => {
  const h = await createHarness({ loginDelayMs: 300, retryWaitMs: 50 });
  try {
    const created = await h.call('POST', '/api/portals/cigna/credentials/', { ...manager, body: { username: 'frontdesk', password: 'x' } });
    const { id } = created.json<{ id: string }>();
    await h.waitForStatus(id, 'valid');
    const since = h.credentialEvents.length;
    const retry = await h.call('POST', `/api/portals/credentials/${id}`, manager);
    expect(retry.statusCode).toBe(202);
    expect(retry.json()).toMatchObject({ id, dentalXChange: { status: 'inProgress' }, portalAi: { status: 'inProgress' } });
    await h.waitForStatus(id, 'valid', { since });
  } finally {
    await h.close();
  }
});

it('a login a stopped process left in progress is resumed by the next one', async () => {
  const keyring = createKeyring(generateKeyEncryptionKey());
  const first = await createHarness({ keyring, loginDelayMs: 60_000 });
  const created = await first.call('POST', '/api/portals/metdental/credentials/', { ...manager, body: { username: 'frontdesk', password: 'x' } });
  const { id } = created.json<{ id: string }>();
  // Closing aborts the running login: nothing is recorded, the credential stays inProgress.
  await first.close({ keepDir: true });
  const dir = first.dir;

  const second = await createHarness({ dir, keyring, loginDelayMs: 10, loginSweepIntervalMs: 20, loginStaleAfterMs: 1 });
  try {
    await second.waitForStatus(id, 'valid');
    expect(await credentialsIn(second.store).findById(id)).toMatchObject({ providers: { dentalXChange: { status: 'valid' } } });
    expect(second.logText()).toContain('resuming an interrupted portal login');
  } finally {
    await second.close();
  }
});
