/**
 * A signed-out session's access token stops working at once, through the real gateway and the real development
 * identity provider: the provider tells the gateway (OIDC back-channel logout) and the gateway keeps the session
 * as signed out until its tokens would have expired, in memory and on the real Redis (REDIS_URL, default
 * redis://127.0.0.1:6379).
 */
import { createServer, type AddressInfo } from 'node:net';
import {
  createDevIdp,
  DEFAULT_REDIRECT_URIS,
  DEMO_OFFICES,
  DEMO_ORGANIZATION,
  DEMO_PASSWORD,
  WEB_CLIENT_ID,
  type DevIdp,
} from '@dv/dev-idp';
import { signInSession, silentLogger, type SignedInSession } from '@dv/dev-idp/testing';
import {
  closeRedis,
  connectRedis,
  createMemoryExpiringSet,
  createRedisExpiringSet,
  MAX_CLOCK_SKEW_SECONDS,
  type ExpiringSet,
  type Redis,
} from '@dv/kit';
import { redisAvailability, TEST_REDIS_URL } from '@dv/kit/testing';
import fc from 'fast-check';
import { decodeJwt } from 'jose';
import { BACKCHANNEL_LOGOUT_PATH } from './backchannel-logout';
import { SIGNED_OUT_SESSIONS } from './signed-out-sessions';
import { startGateway, type RunningGateway } from '../app';
import { callUrl, silentGatewayLogger, testGatewayConfig } from '../testing/harness';
import { startUpstreamDouble, type UpstreamDouble } from '../testing/upstream-double';

const ACCESS_TOKEN_LIFETIME_SECONDS = 900;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

interface Stack {
  readonly idpUrl: string;
  readonly gateway: RunningGateway;
  /** The gateway's record of signed-out sessions, read as the gateway reads it. */
  readonly signedOut: ExpiringSet;
  close(): Promise<void>;
}

/** Provider and gateway as separate servers, each told where the other is; the API answered by a double. */
async function startStack(options: { redis?: Redis; signedOut?: ExpiringSet }): Promise<Stack> {
  const issuer = `http://127.0.0.1:${await freePort()}`;
  const upstream: UpstreamDouble = await startUpstreamDouble({
    organizations: { [DEMO_ORGANIZATION.domain]: { id: DEMO_ORGANIZATION.id, name: DEMO_ORGANIZATION.name, clientType: 'dentalOffice' } },
    offices: Object.fromEntries(DEMO_OFFICES.map((office) => [office.id, office.orgId])),
  });
  const gateway = await startGateway({
    config: testGatewayConfig({
      oidcIssuer: issuer,
      oidcAudience: 'https://api.verific.local',
      oidcClientId: WEB_CLIENT_ID,
      accessTokenLifetimeSeconds: ACCESS_TOKEN_LIFETIME_SECONDS,
      upstreams: { offices: upstream.url },
      ...(options.redis ? { redisUrl: TEST_REDIS_URL } : {}),
    }),
    logger: silentGatewayLogger(),
    ...(options.signedOut ? { signedOutSessions: options.signedOut } : {}),
  });
  const idp: DevIdp = createDevIdp({
    issuer,
    logger: silentLogger,
    accessTokenTtlSeconds: ACCESS_TOKEN_LIFETIME_SECONDS,
    clients: [
      {
        clientId: WEB_CLIENT_ID,
        redirectUris: DEFAULT_REDIRECT_URIS,
        backchannelLogoutUri: `${gateway.url}${BACKCHANNEL_LOGOUT_PATH}`,
      },
    ],
  });
  const { url: idpUrl } = await idp.start();
  const signedOut = options.signedOut ?? (options.redis ? createRedisExpiringSet(options.redis, { name: SIGNED_OUT_SESSIONS }) : undefined);
  if (!signedOut) throw new Error('give the stack a set to read');
  return {
    idpUrl,
    gateway,
    signedOut,
    async close() {
      await idp.close();
      await gateway.close();
      await upstream.close();
    },
  };
}

function signOutThrough(backend: { name: string; redis?: () => Redis }) {
  describe(`sign-out through the gateway (${backend.name})`, () => {
    let clock = Date.now();
    let stack: Stack;

    beforeAll(async () => {
      const redis = backend.redis?.();
      stack = await startStack(redis ? { redis } : { signedOut: createMemoryExpiringSet({ now: () => clock }) });
    });
    afterAll(() => stack.close());

    const signIn = (email = 'staff@demo.test') => signInSession({ baseUrl: stack.idpUrl, email, password: DEMO_PASSWORD });
    const officeSettings = (token: string) =>
      callUrl(stack.gateway.url, '/api/dentaloffice/user/all', {
        headers: { host: 'demo.localhost:8080', authorization: `Bearer ${token}`, 'connected-dental-office': 'office-demo-1' },
      });
    const refresh = async (session: SignedInSession) => {
      const response = await fetch(`${stack.idpUrl}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          client_id: WEB_CLIENT_ID,
          grant_type: 'refresh_token',
          refresh_token: session.tokens.refresh_token ?? '',
        }).toString(),
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { access_token: string }).access_token;
    };

    it("refuses a signed-out session's access token (401) while another session of the same user goes on", async () => {
      const signingOut = await signIn();
      const staying = await signIn();
      expect((await officeSettings(signingOut.tokens.access_token)).status).toBe(200);
      expect((await officeSettings(staying.tokens.access_token)).status).toBe(200);

      await signingOut.signOut();

      const refused = await officeSettings(signingOut.tokens.access_token);
      expect(refused.status).toBe(401);
      expect(refused.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
      expect(refused.json()).toMatchObject({ statusCode: 401, message: 'The session of this access token has ended: sign in again' });
      expect((await officeSettings(staying.tokens.access_token)).status).toBe(200);
    });

    it('keeps the session as signed out as long as its token could be accepted, then forgets it', async () => {
      clock = Date.now();
      const session = await signIn();
      const { sid, exp } = decodeJwt(session.tokens.access_token);
      if (typeof sid !== 'string' || exp === undefined) throw new Error('the token has no sid or exp');
      await session.signOut();

      const left = await stack.signedOut.ttlMs(sid);
      const tokenAcceptedFor = (exp + MAX_CLOCK_SKEW_SECONDS) * 1000 - Date.now();
      // The entry outlives the token by the time between its issue and the sign-out, not more.
      expect(left).toBeGreaterThanOrEqual(tokenAcceptedFor - 1_000);
      expect(left).toBeLessThanOrEqual(tokenAcceptedFor + 5_000);
      expect(left).toBeLessThanOrEqual((ACCESS_TOKEN_LIFETIME_SECONDS + MAX_CLOCK_SKEW_SECONDS) * 1000);
      if (backend.redis === undefined) {
        clock += left + 1;
        expect(await stack.signedOut.has(sid)).toBe(false);
      }
    });

    it('refuses every token of signed-out sessions and none of the others, for any mix of users and sign-outs (generated cases)', async () => {
      const emails = ['staff@demo.test', 'staffmanager@demo.test', 'admin@demo.test'];
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.record({ user: fc.integer({ min: 0, max: 2 }), signsOut: fc.boolean(), refreshes: fc.boolean() }), {
            minLength: 1,
            maxLength: 4,
          }),
          async (plan) => {
            const sessions = await Promise.all(
              plan.map(async ({ user, refreshes }) => {
                const session = await signIn(emails[user]);
                const tokens = [session.tokens.access_token, ...(refreshes ? [await refresh(session)] : [])];
                return { session, tokens };
              }),
            );
            for (const [index, { session }] of sessions.entries()) if (plan[index]?.signsOut) await session.signOut();
            for (const [index, { tokens }] of sessions.entries()) {
              for (const token of tokens) {
                const { status } = await officeSettings(token);
                expect(status).toBe(plan[index]?.signsOut ? 401 : 200);
              }
            }
          },
        ),
        { numRuns: 6 },
      );
    });
  });
}

signOutThrough({ name: 'memory' });

const availability = redisAvailability();
if (availability.available) {
  let redis: Redis | undefined;
  afterAll(async () => {
    if (redis) await closeRedis(redis);
  });
  signOutThrough({
    name: 'Redis',
    redis: () => (redis ??= connectRedis({ url: TEST_REDIS_URL, name: 'gateway-sign-out-test', logger: { warn: () => undefined } })),
  });
} else {
  const title = `sign-out through the gateway on Redis: skipped — ${availability.reason}`;
  // Straight to stderr: jest drops console output of a file whose tests are all skipped.
  process.stderr.write(`\n[skipped] ${title}\n`);
  test.skip(title, () => undefined);
}
