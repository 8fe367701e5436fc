/**
 * Billing through the whole stack (issue 17): the gateway, the billing service with its embedded Stripe sandbox and
 * the sandbox's demo customers, the offices service keeping each office's billing validity from the billing events,
 * and the verifications service's payment gate. office-demo-1 pays a Standard subscription from the start;
 * office-demo-2 has none: with the payment flag on, its verifications are refused with 402 until its manager
 * subscribes on the sandbox's checkout page (the coupon applied), after which they go through.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request } from 'undici';
import { BILLING_MESSAGES, FEATURE_FLAGS } from '@dv/contracts';
import { INTERNAL_TOKEN_HEADER } from '@dv/kit';
import { waitFor } from '@dv/kit/testing';
import { startStandalone, type RunningStandalone } from './start';
import { devToken } from './testing/dev-token';

const DEMO_HOST = 'demo.localhost';
const INTERNAL_TOKEN = 'standalone-billing-internal-token-0123';
const PATIENT = {
  patientFirstName: 'Maria',
  patientLastName: 'Lopez',
  patientDOB: '04/12/1985',
  patientMemberId: 'DD100200300',
  patientRelationToSubscriber: 'Self',
};

describe('billing and the payment gate through the gateway and the real services', () => {
  let dataDir: string;
  let running: RunningStandalone;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'dv-billing-'));
    running = await startStandalone({ dataDir, port: 0, idpPort: 0, logLevel: 'silent', internalApiToken: INTERNAL_TOKEN, webDistDir: path.join(dataDir, 'no-web') });
  });
  afterAll(async () => {
    await running.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const token = (email: string) => devToken(running, email);

  async function call(role: string, method: string, urlPath: string, office: string | null, body?: unknown) {
    const response = await request(new URL(urlPath, running.loopback.gateway), {
      method: method as 'GET',
      headers: {
        // As a browser sends it, port included: Checkout's return pages are at the office's own host.
        host: `${DEMO_HOST}:${running.port}`,
        authorization: `Bearer ${await token(`${role}@demo.test`)}`,
        ...(office === null ? {} : { 'connected-dental-office': office }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.statusCode, json: (await response.body.json()) as Record<string, unknown> };
  }

  const billingValid = async (officeId: string) => {
    const response = await request(new URL(`/internal/offices/${officeId}/profile`, running.loopback.offices), { headers: { [INTERNAL_TOKEN_HEADER]: INTERNAL_TOKEN } });
    return ((await response.body.json()) as { billingValid?: boolean }).billingValid;
  };
  const verify = (office: string) => call('staffmanager', 'POST', '/api/verifications', office, { patient: PATIENT, carrier: { payerId: '77777' } });

  it("office-demo-1 pays the sandbox's Standard plan from the start; office-demo-2 has no subscription", async () => {
    expect(running.sandboxStripe).toBe(true);
    expect(await call('staffmanager', 'GET', '/api/stripe/subscription/valid', 'office-demo-1')).toEqual({ status: 200, json: { valid: true } });
    expect((await call('staffmanager', 'GET', '/api/stripe/settings', 'office-demo-1')).json).toMatchObject({ status: 'active', plan: { name: 'Standard' }, card: { brand: 'visa', last4: '4242' } });
    expect(await call('groupmanager', 'GET', '/api/stripe/subscription/valid', 'office-demo-2')).toEqual({ status: 200, json: { valid: false } });
    await waitFor(async () => (await billingValid('office-demo-1')) === true, "office-demo-1's billing kept by the offices service");
    expect(await billingValid('office-demo-2')).toBeUndefined();
  });

  it('with the payment flag on, office-demo-2 verifies nothing until its manager subscribes; then it does', async () => {
    const flag = await call('superadministrator', 'PUT', `/api/management/features/${FEATURE_FLAGS.PAYMENTS_CONTINUOUS.name}`, null, { isActive: true });
    expect(flag.status).toBe(200);
    expect((await verify('office-demo-1')).status).toBe(201);
    const refused = await verify('office-demo-2');
    expect(refused).toMatchObject({ status: 402, json: { message: BILLING_MESSAGES.paymentRequired } });

    const plans = (await call('groupmanager', 'GET', '/api/stripe/list', 'office-demo-2')).json as unknown as { id: string; name: string }[];
    const standard = plans.find((plan) => plan.name === 'Standard')!;
    const reply = await call('groupmanager', 'POST', '/api/stripe/subscription/create', 'office-demo-2', { priceId: standard.id, couponCode: 'WELCOME20' });
    expect(reply.json).toMatchObject({ valid: false, error: 'checkout_required' });
    const form = new URLSearchParams({ cardNumber: '4242 4242 4242 4242', expiry: `12/${(new Date().getUTCFullYear() + 3) % 100}`, cvc: '123', name: 'Gale Groupmanager' });
    const paid = await fetch(reply.json.checkoutUrl as string, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString(), redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toMatch(new RegExp(`^http://demo\\.localhost:${running.port}/payment/verify\\?session_id=cs_`));

    await waitFor(async () => (await call('groupmanager', 'GET', '/api/stripe/subscription/valid', 'office-demo-2')).json.valid === true, 'the subscription valid by webhook');
    await waitFor(async () => (await billingValid('office-demo-2')) === true, "office-demo-2's billing kept by the offices service");
    expect((await verify('office-demo-2')).status).toBe(201);
    expect((await call('groupmanager', 'GET', '/api/stripe/settings', 'office-demo-2')).json).toMatchObject({ plan: { name: 'Standard' }, discount: { percentOff: 20 } });
  });
});
