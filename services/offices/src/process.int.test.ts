/**
 * The offices service as a container runs it: its own main.ts in a child process, with only the environment it
 * needs (the keys found through OIDC_ISSUER's discovery document, no OIDC_JWKS_URL), stopped with SIGTERM.
 */
import path from 'node:path';
import { OFFICE_HEADER } from '@dv/kit';
import { outboxStatuses, startServiceUnderTest } from '@dv/kit/testing';
import { TEST_CLIENT_ID, TEST_INTERNAL_TOKEN } from './testing/harness';

const MAIN = path.join(__dirname, 'main.ts');
const AUDIENCE = 'https://api.offices.test';
const admin = { sub: 'user-admin', org: 'org-process', roles: ['admin'], allowedOfficeIds: [] };

describe('the offices process', () => {
  it('starts with OIDC_ISSUER alone, writes through its outbox, and ends on SIGTERM with the outbox drained', async () => {
    const { issuer, dataDir, service, stop, dispose } = await startServiceUnderTest(MAIN, {
      audience: AUDIENCE,
      env: { OIDC_CLIENT_ID: TEST_CLIENT_ID, INTERNAL_API_TOKEN: TEST_INTERNAL_TOKEN },
    });
    try {
      const authorization = `Bearer ${await issuer.sign(admin)}`;
      const created = await fetch(`${service.url}/api/management/offices`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Started By Itself' }),
      });
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: string };

      // A company user may name an office of their organization: the service answers that from its own store.
      const named = await fetch(`${service.url}/api/management/offices/${id}`, { headers: { authorization, [OFFICE_HEADER]: id } });
      expect(named.status).toBe(200);
      const unknown = await fetch(`${service.url}/api/management/offices/${id}`, {
        headers: { authorization, [OFFICE_HEADER]: 'office-elsewhere' },
      });
      expect(unknown.status).toBe(403);

      expect(await stop('SIGTERM')).toEqual({ code: 0, signal: null, errorLines: [] });
      expect(await outboxStatuses(dataDir, 'offices')).toEqual({ sent: 1 });
    } finally {
      await dispose();
    }
  });
});
