/**
 * The billing service as `npm start` or a container without a Stripe key runs it: its own main.ts in a child
 * process, which starts the embedded Stripe sandbox (webhooks pointed at itself, data under
 * DATA_DIR/billing/stripe-sandbox), subscribes an office through the sandbox's checkout page and its own webhook,
 * and ends on SIGTERM with the outbox drained.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { outboxStatuses, startServiceUnderTest, TEST_USERS, waitFor } from '@dv/kit/testing';

const MAIN = path.join(__dirname, 'main.ts');
const AUDIENCE = 'https://api.billing.test';

describe('the billing process without a Stripe key', () => {
  it('runs the sandbox itself, is paid through its checkout page and webhook, and ends on SIGTERM', async () => {
    const { issuer, dataDir, service, stop, dispose } = await startServiceUnderTest(MAIN, { audience: AUDIENCE, env: { STRIPE_SANDBOX_PORT: '0' } });
    try {
      const token = await issuer.sign({ ...TEST_USERS.staffmanager });
      const call = (method: string, route: string, body?: unknown) =>
        fetch(`${service.url}${route}`, {
          method,
          headers: { authorization: `Bearer ${token}`, 'connected-dental-office': 'office-a1', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
      let plans: { id: string; name: string }[] = [];
      await waitFor(async () => {
        const response = await call('GET', '/api/stripe/list');
        if (response.ok) plans = (await response.json()) as typeof plans;
        return response.ok;
      }, 'the plans from the sandbox', 15_000);
      const standard = plans.find((plan) => plan.name === 'Standard')!;
      const reply = (await (await call('POST', '/api/stripe/subscription/create', { priceId: standard.id, couponCode: 'WELCOME20' })).json()) as { checkoutUrl: string };
      expect(new URL(reply.checkoutUrl).hostname).toBe('127.0.0.1');

      const form = new URLSearchParams({ cardNumber: '4242 4242 4242 4242', expiry: `12/${(new Date().getUTCFullYear() + 3) % 100}`, cvc: '123', name: 'Dr. Smile' });
      const paid = await fetch(reply.checkoutUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString(), redirect: 'manual' });
      expect(paid.status).toBe(303);
      expect(paid.headers.get('location')).toMatch(/^http:\/\/localhost:8080\/payment\/verify\?session_id=cs_/);
      await waitFor(async () => ((await (await call('GET', '/api/stripe/subscription/valid')).json()) as { valid: boolean }).valid, 'the subscription valid by webhook', 15_000);

      expect(await readdir(path.join(dataDir, 'billing', 'stripe-sandbox'))).not.toHaveLength(0);
      expect(await stop('SIGTERM')).toEqual({ code: 0, signal: null, errorLines: [] });
      const outbox = await outboxStatuses(dataDir, 'billing');
      expect(outbox.pending).toBeUndefined();
      expect(outbox.sent).toBeGreaterThanOrEqual(1);
    } finally {
      await dispose();
    }
  }, 60_000);
});
