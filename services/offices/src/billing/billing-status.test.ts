/**
 * The billing service's billing.status-changed, as the offices service keeps it (issue 17): the office's billing
 * validity and status, given to the payment gate through the internal profile, and its plan type; idempotent
 * (a redelivery changes nothing), in order (an older event changes nothing), and only for an office of the
 * event's organization.
 */
import { EVENT_TYPES, OFFICES_TOPICS, OfficeProfile, TOPICS, type BillingStatusPayload } from '@dv/contracts';
import { INTERNAL_TOKEN_HEADER, type BusEvent } from '@dv/kit';
import { waitFor } from '@dv/kit/testing';
import { randomUUID } from 'node:crypto';
import { createHarness, TEST_INTERNAL_TOKEN, type Harness } from '../testing/harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const profile = async (officeId: string): Promise<OfficeProfile> =>
  OfficeProfile.parse((await h.call('GET', `/internal/offices/${officeId}/profile`, { headers: { [INTERNAL_TOKEN_HEADER]: TEST_INTERNAL_TOKEN } })).json());

function statusEvent(payload: Partial<BillingStatusPayload> & Pick<BillingStatusPayload, 'officeId'>, occurredAt: string, id = randomUUID()): BusEvent {
  return {
    id,
    key: payload.officeId,
    type: EVENT_TYPES.billingStatusChanged,
    occurredAt,
    payload: { orgId: 'org-demo', status: 'active', planType: 'standard', valid: true, subscriptionId: 'sub_1', ...payload },
  };
}

/** Publishes, then waits until the consumer recorded the event (applied or not). */
async function deliver(event: BusEvent): Promise<void> {
  await h.bus.publish(TOPICS.billing, event);
  await waitFor(async () => (await h.store.collection('applied_events').findById(`offices.billing-status:${event.id}`)) !== null, `event ${event.id} consumed`);
}

describe('billing status of an office', () => {
  it('an office the billing service never spoke of has its payment type and no billing validity yet', async () => {
    const demo2 = await profile('office-demo-2');
    expect(demo2).toMatchObject({ planType: 'freemium', paymentType: 'auto' });
    expect(demo2.billingValid).toBeUndefined();
  });

  it('keeps validity and plan type; office.updated follows a plan type change; the payment type is left as it is', async () => {
    const offices = await h.collect(OFFICES_TOPICS.office);
    await deliver(statusEvent({ officeId: 'office-demo-2', planType: 'premium' }, new Date().toISOString()));
    expect(await profile('office-demo-2')).toMatchObject({ planType: 'premium', paymentType: 'auto', billingValid: true });
    expect((await offices.waitFor('office.updated', 'office-demo-2')).payload).toMatchObject({ planType: 'premium', settings: { paymentType: 'auto' } });
    const token = await h.tokenFor('staffmanager');
    expect((await h.call('GET', '/api/dentaloffice/office-demo-2', { token, headers: { 'connected-dental-office': 'office-demo-2' } })).json()).toMatchObject({ planType: 'premium' });
  });

  it('an older event than the one kept changes nothing; a redelivery changes nothing', async () => {
    const now = Date.now();
    const newer = statusEvent({ officeId: 'office-demo-1', status: 'past_due', valid: false }, new Date(now + 1_000).toISOString());
    await deliver(newer);
    await deliver(statusEvent({ officeId: 'office-demo-1', status: 'active', valid: true, planType: 'premium' }, new Date(now).toISOString()));
    expect(await profile('office-demo-1')).toMatchObject({ billingValid: false, planType: 'standard' });
    const stored = await h.store.collection('offices').findById('office-demo-1');
    await h.bus.publish(TOPICS.billing, newer);
    await deliver(statusEvent({ officeId: 'office-demo-1', status: 'past_due', valid: false }, new Date(now + 1_000).toISOString()));
    expect((await h.store.collection('offices').findById('office-demo-1'))?.billing).toEqual(stored?.billing);
  });

  it("an event naming another organization's office, or a malformed one, changes nothing", async () => {
    const before = await profile('office-acme-1');
    await deliver(statusEvent({ officeId: 'office-acme-1', orgId: 'org-demo', valid: false, status: 'canceled', planType: 'freemium' }, new Date().toISOString()));
    const malformed = { ...statusEvent({ officeId: 'office-acme-1' }, new Date().toISOString()), payload: { officeId: 'office-acme-1', orgId: 'org-acme', valid: 'yes' } };
    await deliver(malformed);
    expect(await profile('office-acme-1')).toEqual(before);
  });
});
