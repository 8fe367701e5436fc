/**
 * With STRIPE_SECRET_KEY the service talks to the Stripe configured (here a Stripe-compatible server at
 * STRIPE_API_URL, as stripe-mock or a staging proxy would be) and never starts the embedded sandbox.
 */
import { createServer } from 'node:net';
import path from 'node:path';
import { tmpdir } from 'node:os';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createInProcessBus, createLogger } from '@dv/kit';
import { createTestIssuer, TEST_USERS } from '@dv/kit/testing';
import { startBilling } from '../app';
import { loadBillingConfig } from '../config';
import { sandboxSeed, startStripeSandbox } from '../stripe-sandbox';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

it('uses the configured Stripe and leaves the sandbox port alone', async () => {
  const key = 'sk_test_configured_stripe_key';
  const external = await startStripeSandbox({ secretKey: key, seed: sandboxSeed(), billingIntervalMs: 0 });
  const issuer = await createTestIssuer({ issuer: 'https://id.billing.test/', audience: 'https://api.billing.test' });
  const jwksUrl = await issuer.serveJwks();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'billing-configured-'));
  const sandboxPort = await freePort();
  const bus = createInProcessBus();
  const billing = await startBilling({
    config: loadBillingConfig({
      PORT: '0',
      DATA_DIR: dataDir,
      OIDC_ISSUER: issuer.issuer,
      OIDC_AUDIENCE: issuer.audience,
      OIDC_JWKS_URL: jwksUrl,
      STRIPE_SECRET_KEY: key,
      STRIPE_WEBHOOK_SECRET: 'whsec_configured_secret',
      STRIPE_API_URL: external.url,
      STRIPE_SANDBOX_PORT: String(sandboxPort),
    }),
    bus,
    logger: createLogger({ name: 'billing', level: 'silent' }),
  });
  try {
    expect(billing.sandboxStripe).toBe(false);
    expect(billing.stripeSandboxUrl).toBeNull();
    const response = await fetch(`${billing.url}/api/stripe/list`, {
      headers: { authorization: `Bearer ${await issuer.sign({ ...TEST_USERS.staff })}`, 'connected-dental-office': 'office-a1' },
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as unknown[]).length).toBe(3);
    // Nothing listens on the sandbox's port, and no sandbox data was written.
    const listener = createServer();
    await new Promise<void>((resolve, reject) => listener.once('error', reject).listen(sandboxPort, '127.0.0.1', resolve));
    await new Promise<void>((resolve) => listener.close(() => resolve()));
    expect(await readdir(path.join(dataDir, 'billing'))).not.toContain('stripe-sandbox');
  } finally {
    await billing.close();
    await bus.close();
    await external.close();
    await issuer.close();
    await rm(dataDir, { recursive: true, force: true });
  }
});
