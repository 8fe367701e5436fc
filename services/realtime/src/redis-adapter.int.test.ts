/**
 * Against the real Redis of this machine: two realtime processes (separate child processes, each with its own
 * Socket.IO server, Redis clients and bus), clients of two offices on each. Every event reaches its office's
 * clients on both processes, whichever process consumed it, and never the other office's; a redelivery handled
 * by the other process is still emitted once. Channels and keys use a prefix of this run, removed at the end.
 */
import { type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { EVENT_TYPES, OFFICES_TOPICS, SOCKET_EVENTS, TOPICS } from '@dv/contracts';
import { type BusEvent } from '@dv/kit';
import { createTestIssuer, forkTs, redisAvailability, settle, TEST_REDIS_URL, waitFor, type TestIssuer } from '@dv/kit/testing';
import Redis from 'ioredis';
import { SOCKET_ERRORS } from './socket-server';
import { connectClient, type TestClient } from './testing/test-client';

const redis = redisAvailability();

if (!redis.available) {
  const title = `realtime across processes through Redis: skipped — ${redis.reason}`;
  process.stderr.write(`\n[skipped] ${title}\n`);
  test.skip(title, () => undefined);
} else {
  describe('realtime across processes through Redis', () => {
    const prefix = `dv-realtime-test-${process.pid}-${randomUUID().slice(0, 8)}`;
    const children: ChildProcess[] = [];
    const urls: string[] = [];
    const clients: TestClient[] = [];
    let issuer: TestIssuer;
    let inspector: Redis;

    const org = 'org-r';
    const users = {
      office1: { sub: 'u-office-1', org, roles: ['staff'], allowedOfficeIds: ['office-1'] },
      office2: { sub: 'u-office-2', org, roles: ['staff'], allowedOfficeIds: ['office-2'] },
      admin: { sub: 'u-admin', org, roles: ['admin'], allowedOfficeIds: [] },
    };

    function startChild(jwksUrl: string): Promise<string> {
      const child = forkTs(path.join(__dirname, 'testing', 'realtime-child.ts'), [], {
        env: {
          PATH: process.env.PATH,
          PORT: '0',
          OIDC_ISSUER: issuer.issuer,
          OIDC_AUDIENCE: issuer.audience,
          OIDC_JWKS_URL: jwksUrl,
          REDIS_URL: TEST_REDIS_URL,
          REDIS_KEY_PREFIX: prefix,
          SOCKET_AUTH_TIMEOUT_MS: '500',
          LOG_LEVEL: 'warn',
        },
      });
      children.push(child);
      return new Promise((resolve, reject) => {
        child.on('message', (message: { type: string; url?: string }) => {
          if (message.type === 'ready' && message.url) resolve(message.url);
        });
        child.once('exit', (code) => reject(new Error(`realtime child exited with ${String(code)} before it was ready`)));
      });
    }

    function publishThrough(child: ChildProcess, topic: string, event: BusEvent): Promise<void> {
      return new Promise((resolve) => {
        const onMessage = (message: { type: string; id?: string }) => {
          if (message.type === 'published' && message.id === event.id) {
            child.off('message', onMessage);
            resolve();
          }
        };
        child.on('message', onMessage);
        child.send({ type: 'publish', topic, event });
      });
    }

    function credentialEvent(credentialId: string, officeId: string, id: string = randomUUID()): BusEvent {
      return {
        key: credentialId,
        id,
        type: EVENT_TYPES.credentialChanged,
        payload: { credentialId, status: 'invalid', orgId: org, officeId },
        occurredAt: new Date().toISOString(),
      };
    }

    async function signedIn(url: string, user: Record<string, unknown>): Promise<TestClient> {
      const client = await connectClient(url);
      clients.push(client);
      await client.authorize(await issuer.sign(user));
      return client;
    }

    const received = (client: TestClient) =>
      client.named(SOCKET_EVENTS.portalCredentialChange).map((payload) => (payload as { credentialId: string }).credentialId);

    beforeAll(async () => {
      issuer = await createTestIssuer({ issuer: 'https://id.realtime.test/', audience: 'https://api.realtime.test' });
      const jwksUrl = await issuer.serveJwks();
      urls.push(...(await Promise.all([startChild(jwksUrl), startChild(jwksUrl)])));
      inspector = new Redis(TEST_REDIS_URL);
    }, 60_000);

    afterAll(async () => {
      for (const client of clients) client.close();
      await Promise.all(
        children.map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null) return resolve();
              child.once('exit', () => resolve());
              child.send({ type: 'close' });
              setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
            }),
        ),
      );
      // What this run left: the dedupe keys (pub/sub channels leave nothing behind).
      const keys: string[] = [];
      let cursor = '0';
      do {
        const [next, batch] = await inspector.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
        cursor = next;
        keys.push(...batch);
      } while (cursor !== '0');
      if (keys.length > 0) await inspector.del(...keys);
      inspector.disconnect();
      await issuer.close();
    }, 30_000);

    it('every event reaches its office on both processes, never the other office', async () => {
      const [urlA, urlB] = urls as [string, string];
      const onA = { office1: await signedIn(urlA, users.office1), office2: await signedIn(urlA, users.office2) };
      const onB = { office1: await signedIn(urlB, users.office1), office2: await signedIn(urlB, users.office2), admin: await signedIn(urlB, users.admin) };
      const [childA, childB] = children as [ChildProcess, ChildProcess];

      await publishThrough(childA, TOPICS.portalCredentials, credentialEvent('cred-1', 'office-1'));
      await publishThrough(childB, TOPICS.portalCredentials, credentialEvent('cred-2', 'office-2'));
      await publishThrough(childB, TOPICS.portalCredentials, credentialEvent('cred-3', 'office-1'));
      await publishThrough(childA, TOPICS.portalCredentials, credentialEvent('cred-4', 'office-2'));

      await waitFor(
        () => received(onA.office1).length === 2 && received(onB.office1).length === 2 && received(onA.office2).length === 2 && received(onB.office2).length === 2 && received(onB.admin).length === 4,
        'every event on both processes',
      );
      await settle(200);
      // Events of different credentials published by different processes carry no order between them.
      expect(received(onA.office1).sort()).toEqual(['cred-1', 'cred-3']);
      expect(received(onB.office1).sort()).toEqual(['cred-1', 'cred-3']);
      expect(received(onA.office2).sort()).toEqual(['cred-2', 'cred-4']);
      expect(received(onB.office2).sort()).toEqual(['cred-2', 'cred-4']);
      expect(received(onB.admin).sort()).toEqual(['cred-1', 'cred-2', 'cred-3', 'cred-4']);
      for (const client of [onA.office1, onA.office2, onB.office1, onB.office2]) {
        expect(client.named(SOCKET_EVENTS.portalCredentialChange)).toEqual(
          received(client).map((credentialId) => ({ credentialId, status: 'invalid' })),
        );
      }
    });

    it('an event redelivered to the other process is emitted once (the applied-event record is shared)', async () => {
      const [urlA, urlB] = urls as [string, string];
      const clientA = await signedIn(urlA, users.office1);
      const clientB = await signedIn(urlB, users.office1);
      const [childA, childB] = children as [ChildProcess, ChildProcess];
      const event = credentialEvent('cred-redelivered', 'office-1');
      await publishThrough(childA, TOPICS.portalCredentials, event);
      await publishThrough(childB, TOPICS.portalCredentials, event);
      await publishThrough(childB, TOPICS.portalCredentials, credentialEvent('cred-after', 'office-1'));
      await waitFor(() => received(clientA).includes('cred-after') && received(clientB).includes('cred-after'), 'the later event');
      await settle(200);
      expect(received(clientA).sort()).toEqual(['cred-after', 'cred-redelivered']);
      expect(received(clientB).sort()).toEqual(['cred-after', 'cred-redelivered']);
      expect(await inspector.exists(`${prefix}:applied:realtime:${TOPICS.portalCredentials}:${event.id}`)).toBe(1);
    });

    it('a feature flag change reaches every signed-in socket on both processes, by name only; no unauthorized one', async () => {
      const [urlA, urlB] = urls as [string, string];
      const signedInEverywhere = [await signedIn(urlA, users.office1), await signedIn(urlB, users.office2), await signedIn(urlB, users.admin)];
      const anonymous = await connectClient(urlB);
      clients.push(anonymous);
      anonymous.socket.connect();
      const flag = { name: 'MAINTANANCE_LOCK', type: 'none', value: null, isActive: true };
      const event: BusEvent = { key: flag.name, id: randomUUID(), type: 'feature-flag.updated', payload: flag, occurredAt: new Date().toISOString() };
      await publishThrough(children[0] as ChildProcess, OFFICES_TOPICS.featureFlag, event);
      for (const client of signedInEverywhere) {
        expect(await client.waitForEvent(SOCKET_EVENTS.featureFlagChanged)).toEqual({ name: 'MAINTANANCE_LOCK' });
      }
      await settle(200);
      expect(anonymous.named(SOCKET_EVENTS.featureFlagChanged)).toEqual([]);
    });

    it('on either process, a bad or expired token gets the error event and a disconnect; so does silence', async () => {
      for (const url of urls) {
        for (const token of ['garbage', await issuer.sign(users.office1, { expiresInSeconds: -300 })]) {
          const client = await connectClient(url);
          clients.push(client);
          client.socket.emit(SOCKET_EVENTS.authorization, { token });
          await waitFor(() => client.disconnectReason !== undefined, 'disconnect');
          expect(client.named(SOCKET_EVENTS.error)).toEqual([SOCKET_ERRORS.invalidToken]);
          expect(client.disconnectReason).toBe('io server disconnect');
        }
        const silent = await connectClient(url);
        clients.push(silent);
        await waitFor(() => silent.disconnectReason !== undefined, 'authorization timeout', 10_000);
        expect(silent.named(SOCKET_EVENTS.error)).toEqual([SOCKET_ERRORS.timeout]);
      }
    });
  });
}
