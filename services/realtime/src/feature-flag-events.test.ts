/**
 * A feature flag changed (issue 18 item 4): the offices service's `feature-flag.updated` reaches every signed-in tab
 * as the socket's `feature_flag_changed`, with the flag's name only. Flags are global (one flag per name for every
 * organization), so every organization's sockets hear it, office and company users alike; a socket that has not
 * authorized hears nothing, and the value, type and state of the flag never travel.
 */
import { randomUUID } from 'node:crypto';
import { OFFICES_TOPICS, SOCKET_EVENTS } from '@dv/contracts';
import { settle } from '@dv/kit/testing';
import { useBusRealtime } from './testing/bus-realtime';

const users = {
  staffA1: { sub: 'u-staff-a1', org: 'org-a', roles: ['staff'], allowedOfficeIds: ['office-a1'] },
  managerA2: { sub: 'u-manager-a2', org: 'org-a', roles: { 'office-a2': ['staffmanager'] }, allowedOfficeIds: ['office-a2'] },
  superadminA: { sub: 'u-super-a', org: 'org-a', roles: ['superadministrator'], allowedOfficeIds: [] },
  staffB: { sub: 'u-staff-b', org: 'org-b', roles: ['staff'], allowedOfficeIds: ['office-b1'] },
  registering: { sub: 'u-new', org: 'org-b', roles: [], allowedOfficeIds: [] },
};

const { bus, signedIn, connected } = useBusRealtime('flags');

/** What the offices service publishes: the flag as stored, value included (an object value as JSON text). */
function publishFlag(flag: Record<string, unknown>, type = 'feature-flag.updated', id = randomUUID()): Promise<void> {
  return bus().publish(OFFICES_TOPICS.featureFlag, { key: String(flag.name) || 'no-name', id, type, payload: flag, occurredAt: new Date().toISOString() });
}

describe('feature flag changes', () => {
  it('reach every signed-in socket of every organization with the flag name only', async () => {
    const everyone = await Promise.all(Object.values(users).map(signedIn));
    const anonymous = await connected();
    await publishFlag({ name: 'DOMAIN_ENV_MAP', type: 'object', value: '{"secret.host.test":"production"}', isActive: true });

    for (const client of everyone) {
      expect(await client.waitForEvent(SOCKET_EVENTS.featureFlagChanged)).toEqual({ name: 'DOMAIN_ENV_MAP' });
      const wire = client.frames.join('\n');
      expect(wire).not.toContain('secret.host.test');
      expect(wire).not.toContain('isActive');
    }
    await settle(100);
    expect(anonymous.named(SOCKET_EVENTS.featureFlagChanged)).toEqual([]);
    expect(anonymous.frames.join('\n')).not.toContain('DOMAIN_ENV_MAP');
  });

  it("a redelivered event is sent once; other offices' events and payloads outside the contract are not forwarded", async () => {
    const staff = await signedIn(users.staffA1);
    await publishFlag({ name: 'MAINTANANCE_LOCK', type: 'none', value: null, isActive: true }, 'feature-flag.deleted');
    await publishFlag({ name: 'MAINTANANCE_LOCK', type: 'color', value: null, isActive: true });
    await publishFlag({ name: '', type: 'none', value: null, isActive: true });
    const id = randomUUID();
    const lock = { name: 'MAINTANANCE_LOCK', type: 'none', value: null, isActive: false };
    await publishFlag(lock, 'feature-flag.updated', id);
    await publishFlag(lock, 'feature-flag.updated', id);
    expect(await staff.waitForEvent(SOCKET_EVENTS.featureFlagChanged)).toEqual({ name: 'MAINTANANCE_LOCK' });
    await settle(150);
    expect(staff.named(SOCKET_EVENTS.featureFlagChanged)).toEqual([{ name: 'MAINTANANCE_LOCK' }]);
  });
});
