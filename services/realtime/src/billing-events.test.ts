/**
 * An office's subscription changed (issue 17): the billing service's `billing.status-changed` reaches the office's
 * open tabs (and its organization's company users) as the socket's `billing_status`, with the status and plan type
 * only: no subscription, customer or office id travels, and other offices hear nothing.
 */
import { randomUUID } from 'node:crypto';
import { EVENT_TYPES, SOCKET_EVENTS, TOPICS } from '@dv/contracts';
import { createInProcessBus, createLogger, type EventBus } from '@dv/kit';
import { createTestIssuer, settle, type TestIssuer } from '@dv/kit/testing';
import { startRealtime, type RunningRealtime } from './app';
import { loadRealtimeConfig } from './config';
import { connectClient, type TestClient } from './testing/test-client';

const users = {
  staffA1: { sub: 'u-staff-a1', org: 'org-a', roles: ['staff'], allowedOfficeIds: ['office-a1'] },
  staffA2: { sub: 'u-staff-a2', org: 'org-a', roles: ['staff'], allowedOfficeIds: ['office-a2'] },
  adminA: { sub: 'u-admin-a', org: 'org-a', roles: ['admin'], allowedOfficeIds: [] },
  adminB: { sub: 'u-admin-b', org: 'org-b', roles: ['admin'], allowedOfficeIds: [] },
};

let issuer: TestIssuer;
let bus: EventBus;
let realtime: RunningRealtime;
const clients: TestClient[] = [];

beforeAll(async () => {
  issuer = await createTestIssuer({ issuer: 'https://id.billing.test/', audience: 'https://api.billing.test' });
  const jwksUrl = await issuer.serveJwks();
  bus = createInProcessBus();
  const config = loadRealtimeConfig({ PORT: '0', OIDC_ISSUER: issuer.issuer, OIDC_AUDIENCE: issuer.audience, OIDC_JWKS_URL: jwksUrl });
  realtime = await startRealtime({ config, bus, logger: createLogger({ name: 'realtime', level: 'silent' }) });
});

afterAll(async () => {
  for (const connected of clients.splice(0)) connected.close();
  await realtime.close();
  await bus.close();
  await issuer.close();
});

async function signedIn(user: Record<string, unknown>): Promise<TestClient> {
  const connected = await connectClient(realtime.url);
  clients.push(connected);
  await connected.authorize(await issuer.sign(user));
  return connected;
}

function publish(payload: Record<string, unknown>, id = randomUUID()): Promise<void> {
  return bus.publish(TOPICS.billing, { key: String(payload.officeId), id, type: EVENT_TYPES.billingStatusChanged, payload, occurredAt: new Date().toISOString() });
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
