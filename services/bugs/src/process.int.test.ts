/**
 * The bugs service as a container runs it: its own main.ts in a child process, with only the environment it needs
 * (the keys found through OIDC_ISSUER's discovery document, no OIDC_JWKS_URL), stopped with SIGTERM.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { BugReportCreated } from '@dv/contracts';
import { outboxStatuses, startServiceUnderTest } from '@dv/kit/testing';
import { SMALL_PNG, base64 } from './testing/files';
import { USERS } from './testing/harness';

const MAIN = path.join(__dirname, 'main.ts');
const AUDIENCE = 'https://api.bugs.test';

describe('the bugs process', () => {
  it('starts with OIDC_ISSUER alone, files a report through its outbox, and ends on SIGTERM with the outbox drained', async () => {
    const { issuer, dataDir, service, stop, dispose } = await startServiceUnderTest(MAIN, { audience: AUDIENCE });
    try {
      const filed = await fetch(`${service.url}/api/bugReports`, {
        method: 'PUT',
        headers: {
          authorization: `Bearer ${await issuer.sign({ ...USERS.staff })}`,
          'content-type': 'application/json',
          'connected-dental-office': 'office-a1',
        },
        body: JSON.stringify({ type: 'Data error', title: 'Wrong max', description: 'Annual max is off', url: '/plan/7', fileBase64: base64(SMALL_PNG), fileMime: 'image/png' }),
      });
      expect(filed.status).toBe(201);
      const { id } = BugReportCreated.parse(await filed.json());
      expect(await readdir(path.join(dataDir, 'bugs', 'attachments'))).toEqual([`${id}.bin`]);

      expect(await stop('SIGTERM')).toEqual({ code: 0, signal: null, errorLines: [] });
      expect(await outboxStatuses(dataDir, 'bugs')).toEqual({ sent: 1 });
    } finally {
      await dispose();
    }
  });
});
