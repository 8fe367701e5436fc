/** The state file: a restart on the same folder keeps customers, subscriptions and events, and does not reseed. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STATE_FILE_NAME } from './persistence';
import { startStripeSandbox } from './sandbox';
import { sandboxSeed } from './seed';
import { sdkFor, TEST_SECRET_KEY } from './testing/harness';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'stripe-sandbox-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const seed = sandboxSeed([
  { email: 'office-demo-1@example.test', metadata: { officeId: 'office-demo-1' }, subscription: { plan: 'standard' } },
  { email: 'office-demo-2@example.test', metadata: { officeId: 'office-demo-2' } },
]);

const start = () => startStripeSandbox({ secretKey: TEST_SECRET_KEY, dataDir, seed, billingIntervalMs: 0 });

it('keeps subscriptions across a restart, and seeds only once', async () => {
  const first = await start();
  const stripe = sdkFor(first);
  const [demo2] = (await stripe.customers.search({ query: "metadata['officeId']:'office-demo-2'" })).data;
  const method = await stripe.paymentMethods.attach('pm_card_visa', { customer: demo2?.id ?? '' });
  const [premium] = (await stripe.prices.list({ lookup_keys: ['premium'] })).data;
  const sub = await stripe.subscriptions.create({ customer: demo2?.id ?? '', items: [{ price: premium?.id ?? '' }], default_payment_method: method.id });
  await first.close();

  const second = await start();
  const again = sdkFor(second);
  expect(await again.subscriptions.retrieve(sub.id)).toMatchObject({ status: 'active', customer: demo2?.id });
  // The invoice links follow the sandbox to its new port.
  const [invoice] = (await again.invoices.list({ subscription: sub.id })).data;
  expect(invoice?.hosted_invoice_url).toBe(`${second.url}/invoices/${invoice?.id}`);
  expect((await fetch(invoice?.invoice_pdf ?? '')).status).toBe(200);
  expect((await again.prices.list()).data).toHaveLength(3);
  expect((await again.customers.list()).data).toHaveLength(2);
  expect((await again.promotionCodes.list({ code: 'WELCOME20' })).data).toHaveLength(1);
  const events = await again.events.list({ type: 'customer.subscription.created' });
  expect(events.data.map((event) => event.data.object)).toEqual([expect.objectContaining({ id: sub.id })]);
  await second.close();
  const file: unknown = JSON.parse(readFileSync(join(dataDir, STATE_FILE_NAME), 'utf8'));
  expect(file).toMatchObject({ version: 1 });
});

it('refuses to start on a file that is not its state, rather than overwrite it', async () => {
  writeFileSync(join(dataDir, STATE_FILE_NAME), JSON.stringify({ something: 'else' }));
  await expect(start()).rejects.toThrow(/not a Stripe sandbox state file/);
});
