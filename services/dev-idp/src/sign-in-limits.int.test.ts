/**
 * Failed sign-ins are limited per account and per client address, through the real provider over HTTP, with the
 * attempt counters in memory and on the real Redis (REDIS_URL, default redis://127.0.0.1:6379). Clients are told
 * apart by their address: each test browser sends from its own loopback address of 127.0.0.0/8.
 *
 * Every run signs in as users and from addresses of its own (random), so runs sharing one Redis never meet.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { redisAvailability, TEST_REDIS_URL } from '@dv/kit/testing';
import fc from 'fast-check';
import { createDevIdp, type DevIdp } from './app';
import { SIGN_IN_ERROR } from './pages';
import { type SignInLimits } from './sign-in-throttle';
import { openSignInPage, silentLogger, submitSignIn, type SignInPage } from './testing';
import { USERS, type DemoUser } from './users';

const PASSWORD = 'correct horse';
const LIMITS: SignInLimits = { perAccount: { max: 3, windowSeconds: 60 }, perAddress: { max: 6, windowSeconds: 60 } };

/** A loopback address no other run or test uses (in practice). */
const freshAddress = () => `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
const freshUser = (template: DemoUser): DemoUser => ({ ...template, id: randomUUID(), email: `${randomUUID()}@limits.test` });

interface Backend {
  readonly name: string;
  readonly redisUrl?: string;
}

function limitsThrough(backend: Backend) {
  describe(`sign-in limits (${backend.name})`, () => {
    const users = [freshUser(USERS[0] as DemoUser), freshUser(USERS[1] as DemoUser), freshUser(USERS[2] as DemoUser)];
    const [alice, bob, carol] = users as [DemoUser, DemoUser, DemoUser];
    let idp: DevIdp;
    let url: string;

    const start = async () => {
      const started = createDevIdp({
        users,
        password: PASSWORD,
        signInLimits: LIMITS,
        logger: silentLogger,
        ...(backend.redisUrl === undefined ? {} : { redisUrl: backend.redisUrl }),
      });
      return { started, url: (await started.start()).url };
    };

    beforeAll(async () => {
      ({ started: idp, url } = await start());
    });
    afterAll(() => idp.close());

    const open = (address: string) => openSignInPage({ baseUrl: url, localAddress: address });
    const attempt = (page: SignInPage, email: string, password: string) => submitSignIn(url, page, email, password);

    async function expectLimited(response: Response) {
      expect(response.status).toBe(429);
      const retryAfter = Number(response.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(await response.text()).toContain('Too many failed sign-in attempts. Try again in 1 minute.');
    }

    it('refuses the attempt after the account has used up its failures (429, Retry-After), even with the right password', async () => {
      const page = await open(freshAddress());
      for (let failure = 0; failure < LIMITS.perAccount.max; failure += 1) {
        const response = await attempt(page, alice.email, 'wrong');
        expect(response.status).toBe(401);
        expect(await response.text()).toContain(SIGN_IN_ERROR);
      }
      await expectLimited(await attempt(page, alice.email, PASSWORD));
      // The account is limited from everywhere; another account from the same address is not.
      await expectLimited(await attempt(await open(freshAddress()), alice.email, PASSWORD));
      expect((await attempt(page, bob.email, PASSWORD)).status).toBe(303);
    });

    it('refuses the attempt after the address has used up its failures, whatever the account; other addresses go on', async () => {
      const address = freshAddress();
      const page = await open(address);
      for (let failure = 0; failure < LIMITS.perAddress.max; failure += 1) {
        // A different unknown account each time: only the address limit can stop this.
        expect((await attempt(page, `${randomUUID()}@limits.test`, 'wrong')).status).toBe(401);
      }
      await expectLimited(await attempt(page, bob.email, PASSWORD));
      await expectLimited(await attempt(await open(address), `${randomUUID()}@limits.test`, 'wrong'));
      expect((await attempt(await open(freshAddress()), bob.email, PASSWORD)).status).toBe(303);
    });

    it('does not count successful sign-ins', async () => {
      const address = freshAddress();
      for (let signIn = 0; signIn < LIMITS.perAddress.max + 2; signIn += 1) {
        expect((await attempt(await open(address), bob.email, PASSWORD)).status).toBe(303);
      }
    });

    it('counts unknown emails like wrong passwords: a known and an unknown account are limited alike', async () => {
      const answers = [];
      for (const email of [carol.email, `${randomUUID()}@limits.test`]) {
        const page = await open(freshAddress());
        for (let failure = 0; failure < LIMITS.perAccount.max; failure += 1) {
          expect((await attempt(page, email, 'wrong')).status).toBe(401);
        }
        const limited = await attempt(await open(freshAddress()), email, 'wrong');
        await expectLimited(limited.clone());
        answers.push((await limited.text()).replace(/\/interaction\/[^/"]+\//g, '/interaction/…/').replace(email, '…'));
      }
      expect(answers[0]).toBe(answers[1]);
    });

    it('keeps parallel guesses within the limit', async () => {
      const target = freshUser(USERS[3] as DemoUser);
      const pages = await Promise.all(Array.from({ length: 10 }, () => open(freshAddress())));
      const statuses = await Promise.all(pages.map(async (page) => (await attempt(page, target.email, 'wrong')).status));
      expect(statuses.filter((status) => status === 401)).toHaveLength(LIMITS.perAccount.max);
      expect(statuses.filter((status) => status === 429)).toHaveLength(10 - LIMITS.perAccount.max);
    });

    it('limits any mix of accounts and addresses: the attempt after the max-th failure of either is refused (generated cases)', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.record({ account: fc.integer({ min: 0, max: 2 }), address: fc.integer({ min: 0, max: 2 }) }), {
            minLength: 1,
            maxLength: 14,
          }),
          async (attempts) => {
            const accounts = [0, 1, 2].map(() => `${randomUUID()}@limits.test`);
            const addresses = [0, 1, 2].map(() => freshAddress());
            const pages = await Promise.all(addresses.map((address) => open(address)));
            const failures = { account: [0, 0, 0], address: [0, 0, 0] };
            for (const { account, address } of attempts) {
              const limited =
                (failures.account[account] ?? 0) >= LIMITS.perAccount.max ||
                (failures.address[address] ?? 0) >= LIMITS.perAddress.max;
              const response = await attempt(pages[address] as SignInPage, accounts[account] ?? '', 'wrong');
              if (limited) {
                await expectLimited(response);
              } else {
                expect(response.status).toBe(401);
                failures.account[account] = (failures.account[account] ?? 0) + 1;
                failures.address[address] = (failures.address[address] ?? 0) + 1;
              }
            }
          },
        ),
        { numRuns: 12 },
      );
    });

    if (backend.redisUrl !== undefined) {
      it('keeps the counts over a restart and between providers sharing the Redis', async () => {
        const target = freshUser(USERS[4] as DemoUser);
        const page = await open(freshAddress());
        for (let failure = 0; failure < LIMITS.perAccount.max; failure += 1) {
          expect((await attempt(page, target.email, 'wrong')).status).toBe(401);
        }
        const other = await start();
        try {
          const elsewhere = await openSignInPage({ baseUrl: other.url, localAddress: freshAddress() });
          await expectLimited(await submitSignIn(other.url, elsewhere, target.email, 'wrong'));
        } finally {
          await other.started.close();
        }
      });
    }
  });
}

limitsThrough({ name: 'memory' });

describe('sign-in limits without their Redis', () => {
  it('answers 503 with Retry-After, never signs in and never answers 500', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const user = freshUser(USERS[0] as DemoUser);
    const idp = createDevIdp({ users: [user], password: PASSWORD, logger: silentLogger, redisUrl: `redis://127.0.0.1:${port}` });
    const { url } = await idp.start();
    try {
      const page = await openSignInPage({ baseUrl: url });
      const response = await submitSignIn(url, page, user.email, PASSWORD);
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('5');
      expect(await response.text()).toContain('Sign-in is unavailable for a moment. Try again shortly.');
    } finally {
      await idp.close();
    }
  });
});

const availability = redisAvailability();
if (availability.available) {
  limitsThrough({ name: 'Redis', redisUrl: TEST_REDIS_URL });
} else {
  const title = `sign-in limits on Redis: skipped — ${availability.reason}`;
  // Straight to stderr: jest drops console output of a file whose tests are all skipped.
  process.stderr.write(`\n[skipped] ${title}\n`);
  test.skip(title, () => undefined);
}
