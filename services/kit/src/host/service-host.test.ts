import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config';
import { createLogger } from '../logger';
import { notesService } from '../testing/fixtures/notes/app';
import { createServiceHarness } from '../testing/service-harness';
import { outboxStatuses, startServiceUnderTest } from '../testing/service-process';
import { createDiscoverableTestIssuer } from '../testing/test-issuer';
import { startService } from './service-host';

const NOTES_MAIN = path.join(__dirname, '../testing/fixtures/notes/main.ts');
const claims = { sub: 'user-1', org: 'org-a', roles: ['staff'] };

describe('a service defined through the host', () => {
  it('is built in-process by the harness: authentication, the store, the outbox relayed to the bus', async () => {
    const harness = await createServiceHarness(notesService, { config: { maxNoteLength: 5 } });
    try {
      const token = await harness.sign(claims);
      const events = await harness.collect('notes');
      expect((await harness.call('GET', '/api/notes')).statusCode).toBe(401);
      expect((await harness.call('POST', '/api/notes', { token, body: { text: 'too long' } })).statusCode).toBe(400);
      const created = await harness.call('POST', '/api/notes', { token, body: { text: 'hello' } });
      expect(created.statusCode).toBe(201);
      expect(created.headers['cache-control']).toBe('private, no-store');
      const { id } = created.json<{ id: string }>();
      await events.waitFor('NoteAdded', id);
      expect((await harness.call('GET', '/api/notes', { token })).json()).toEqual([{ id, text: 'hello' }]);
    } finally {
      await harness.close();
    }
  });

  it('starts with OIDC_ISSUER alone: the keys are discovered, the probes answer, close releases everything', async () => {
    const issuer = await createDiscoverableTestIssuer({ audience: 'notes-api' });
    const dataDir = await mkdtemp(path.join(tmpdir(), 'notes-host-'));
    const config = loadConfig(notesService.env, {
      OIDC_ISSUER: issuer.issuer,
      OIDC_AUDIENCE: 'notes-api',
      DATA_DIR: dataDir,
      PORT: '0',
    });
    expect(config.oidcJwksUrl).toBeUndefined();
    const running = await startService(notesService, { config, logger: createLogger({ name: 'notes', level: 'silent' }) });
    try {
      const token = await issuer.sign(claims);
      const created = await fetch(`${running.url}/api/notes`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'found' }),
      });
      expect(created.status).toBe(201);
      const ready = await fetch(`${running.url}/readyz`);
      expect(await ready.json()).toEqual({ status: 'ready', checks: { store: 'ok', bus: 'ok' } });
    } finally {
      await running.close();
      await issuer.close();
    }
    expect(await outboxStatuses(dataDir, 'notes')).toEqual({ sent: 1 });
    await rm(dataDir, { recursive: true, force: true });
  });

  it('runs as its own process and stops on SIGTERM with the outbox drained', async () => {
    const { issuer, dataDir, service, stop, dispose } = await startServiceUnderTest(NOTES_MAIN, { audience: 'notes-api' });
    try {
      const token = await issuer.sign(claims);
      const writes = await Promise.all(
        ['a', 'b', 'c'].map((text) =>
          fetch(`${service.url}/api/notes`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ text }),
          }),
        ),
      );
      expect(writes.map((write) => write.status)).toEqual([201, 201, 201]);
      expect(await stop('SIGTERM')).toEqual({ code: 0, signal: null, errorLines: [] });
      expect(await outboxStatuses(dataDir, 'notes')).toEqual({ sent: 3 });
    } finally {
      await dispose();
    }
  });
});
