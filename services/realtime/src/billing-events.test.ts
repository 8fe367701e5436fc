/**
 * An office's subscription changed (issue 17): the billing service's `billing.status-changed` reaches the office's
 * open tabs (and its organization's company users) as the socket's `billing_status`, with the status and plan type
 * only: no subscription, customer or office id travels, and other offices hear nothing.
 */
import { randomUUID } from 'node:crypto';
import { EVENT_TYPES, SOCKET_EVENTS, TOPICS } from '@dv/contracts';
import { settle } from '@dv/kit/testing';
import { useBusRealtime } from './testing/bus-realtime';

const users = {
  staffA1: { sub: 'u-staff-a1', org: 'org-a', roles: ['staff'], allowedOfficeIds: ['office-a1'] },
  staffA2: { sub: 'u-staff-a2', org: 'org-a', roles: ['staff'], allowedOfficeIds: ['office-a2'] },
  adminA: { sub: 'u-admin-a', org: 'org-a', roles: ['admin'], allowedOfficeIds: [] },
  adminB: { sub: 'u-admin-b', org: 'org-b', roles: ['admin'], allowedOfficeIds: [] },
};

const { bus, signedIn } = useBusRealtime('billing');

function publish(payload: Record<string, unknown>, id = randomUUID()): Promise<void> {
  return bus().publish(TOPICS.billing, { key: String(payload.officeId), id, type: EVENT_TYPES.billingStatusChanged, payload, occurredAt: new Date().toISOString() });
}

describe('billing status', () => {
  it("goes to the office's room and its organization's company users with the status and plan type only", async () => {
    const [a1, a2, adminA, adminB] = await Promise.all([signedIn(users.staffA1), signedIn(users.staffA2), signedIn(users.adminA), signedIn(users.adminB)]);
    await publish({ orgId: 'org-a', officeId: 'office-a1', status: 'active', planType: 'standard', valid: true, subscriptionId: 'sub_secret123' });
    expect(await a1.waitForEvent(SOCKET_EVENTS.billingStatus)).toEqual({ status: 'active', planType: 'standard' });
    expect(await adminA.waitForEvent(SOCKET_EVENTS.billingStatus)).toEqual({ status: 'active', planType: 'standard' });
    await settle(100);
    expect(a2.named(SOCKET_EVENTS.billingStatus)).toEqual([]);
    expect(adminB.named(SOCKET_EVENTS.billingStatus)).toEqual([]);
    for (const connected of [a1, adminA]) {
      const wire = connected.frames.join('\n');
      expect(wire).not.toContain('sub_secret123');
      expect(wire).not.toContain('office-a1');
    }
  });

  it('a redelivered event is sent once; a payload outside the contract is not forwarded', async () => {
    const a1 = await signedIn(users.staffA1);
    await publish({ orgId: 'org-a', officeId: 'office-a1', status: 'past_due', planType: 'gold', valid: false, subscriptionId: null });
    const id = randomUUID();
    const payload = { orgId: 'org-a', officeId: 'office-a1', status: 'canceled', planType: null, valid: false, subscriptionId: null };
    await publish(payload, id);
    await publish(payload, id);
    expect(await a1.waitForEvent(SOCKET_EVENTS.billingStatus)).toEqual({ status: 'canceled', planType: null });
    await settle(150);
    expect(a1.named(SOCKET_EVENTS.billingStatus)).toEqual([{ status: 'canceled', planType: null }]);
  });
});
