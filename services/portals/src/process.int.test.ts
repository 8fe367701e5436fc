/**
 * The portals service's own main.ts in a child process, as a container runs it: the identity provider's keys found
 * from OIDC_ISSUER alone (discovery), a portal credential saved (its event goes through the outbox), then SIGTERM:
 * the process exits 0 with nothing left in its outbox, and its announcement to the rewrap command is gone.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { outboxStatuses, startServiceUnderTest } from '@dv/kit/testing';
import { rotationControlFile } from './key-rotation/rotation-control';
import { OFFICE_A1, USERS } from './testing/harness';

const AUDIENCE = 'portals-api';

it('starts with OIDC_ISSUER alone, saves a credential, and stops on SIGTERM with its outbox drained', async () => {
  const { issuer, dataDir, service, stop, dispose } = await startServiceUnderTest(path.join(__dirname, 'main.ts'), {
    audience: AUDIENCE,
    env: { SANDBOX_LOGIN_DELAY_MS: '10' },
  });
  try {
    const token = await issuer.sign({ ...USERS.managerA1 });
    const saved = await fetch(`${service.url}/api/portals/cigna/credentials`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'connected-dental-office': OFFICE_A1, 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'frontdesk', password: 'a-portal-password' }),
    });
    expect(saved.status).toBe(201);
    expect(saved.headers.get('cache-control')).toBe('private, no-store');
    // The embedded store is this process's: it announced itself to the rewrap command once listening.
    expect((await stat(rotationControlFile(dataDir))).isFile()).toBe(true);

    expect(await stop('SIGTERM')).toEqual({ code: 0, signal: null, errorLines: [] });
    const statuses = await outboxStatuses(dataDir, 'portals');
    expect(statuses.sent).toBeGreaterThan(0);
    expect(statuses).toEqual({ sent: statuses.sent });
    await expect(stat(rotationControlFile(dataDir))).rejects.toMatchObject({ code: 'ENOENT' });
  } finally {
    await dispose();
  }
});
