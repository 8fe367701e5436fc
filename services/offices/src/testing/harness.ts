/**
 * Test support: the offices service built in-process by the kit's harness (a real embedded store in a temporary
 * folder, a real in-process bus fed by the outbox relay, tokens of a test issuer whose keys are served over HTTP),
 * seeded with the development identity provider's demo data. Tokens of demo users carry exactly the claims the
 * development provider would issue.
 */
import { DEMO_GROUP, DEMO_OFFICES, DEMO_ORGANIZATION, USERS, sessionClaimsFor } from '@dv/dev-idp';
import { createServiceHarness, type ServiceHarness, type SignOptions } from '@dv/kit/testing';
import { officesService } from '../app';
import { type OfficesConfig } from '../config';
import { type DemoSeed } from '../seed/seed';

export const TEST_INTERNAL_TOKEN = 'internal-token-for-tests-0123456789';
export const TEST_CLIENT_ID = 'verific-web-test';

export const DEMO_SEED: DemoSeed = { organization: DEMO_ORGANIZATION, offices: DEMO_OFFICES, group: DEMO_GROUP, users: USERS };

export interface Harness extends ServiceHarness<OfficesConfig, object> {
  /** A token with the claims the development provider issues for the demo user `{role}@demo.test`. */
  tokenFor(role: string, options?: SignOptions): Promise<string>;
}

/**
 * The demo data unless `seed` says otherwise (null: an empty store but for the default flags); `devIdpAccounts`
 * runs it as beside the development identity provider (invitations make a password, /internal/dev-accounts).
 */
export async function createHarness(options: { seed?: DemoSeed | null; devIdpAccounts?: boolean } = {}): Promise<Harness> {
  const seed = options.seed === undefined ? DEMO_SEED : options.seed;
  const harness = await createServiceHarness(officesService, {
    config: { oidcClientId: TEST_CLIENT_ID, internalApiToken: TEST_INTERNAL_TOKEN, devIdpAccounts: options.devIdpAccounts ?? false },
    ...(seed ? { options: { seed } } : {}),
  });
  return {
    ...harness,
    async tokenFor(role, signOptions) {
      const user = USERS.find((candidate) => candidate.email === `${role}@demo.test`);
      if (!user) throw new Error(`No demo user for role ${role}`);
      return harness.sign({ sub: user.id, ...sessionClaimsFor(user, DEMO_OFFICES) }, signOptions);
    },
  };
}
