/**
 * The payment gate on the server (issue 17): with PAYMENTS_CONTINUOUS active, an office that pays by card and whose
 * subscription is not valid creates no verification, by POST /api/verifications (402 and the billing message) or by
 * the schedule's requests (answered as needing attention, nothing created). Valid offices, offices billed by
 * invoice, company users, and everyone while the flag is off, go on as before.
 */
import { randomUUID } from 'node:crypto';
import { BILLING_MESSAGES, EVENT_TYPES, sandboxMember, sandboxPatientInfo, TOPICS, type OfficeProfile, type VerificationReadyPayload } from '@dv/contracts';
import { createHarness, type Harness, type UserName } from '../testing/harness';
import { paymentGate, paymentMissing } from './payment-gate';
import { VERIFICATIONS_COLLECTION } from './verifications.store';

/** office-a1 paid; office-a2 pays by card and has not; office-b1 is billed by invoice. */
const profiles: Record<string, OfficeProfile> = {
  'office-a1': { id: 'office-a1', orgId: 'org-a', planType: 'standard', scheduleIntegration: null, paymentType: 'auto', billingValid: true },
  'office-a2': { id: 'office-a2', orgId: 'org-a', planType: 'freemium', scheduleIntegration: null, paymentType: 'auto', billingValid: false },
  'office-b1': { id: 'office-b1', orgId: 'org-b', planType: 'premium', scheduleIntegration: null, paymentType: 'invoice' },
};
let flagActive = true;
let harness: Harness;

beforeAll(async () => {
  harness = await createHarness({
    serviceOptions: {
      featureFlags: (key) => Promise.resolve(key === 'PAYMENTS_CONTINUOUS' ? flagActive : true),
      officeProfiles: (officeId) => Promise.resolve(profiles[officeId] ?? null),
    },
  });
});
afterAll(() => harness.close());

const member = sandboxMember('GEHA1234567')!;
const create = (as: UserName, office?: string) =>
  harness.call('POST', '/api/verifications', { as, ...(office === undefined ? {} : { office }), body: { patient: sandboxPatientInfo(member), carrier: { payerId: member.payerId } } });
const countOf = (officeId: string) => harness.store.collection(VERIFICATIONS_COLLECTION).count({ officeId });

describe('paymentMissing', () => {
  it('gates offices that pay by card (auto, locked, unset) without a valid subscription', () => {
    for (const paymentType of ['auto', 'locked', null, undefined] as const) {
      expect(paymentMissing({ paymentType, billingValid: false })).toBe(true);
      expect(paymentMissing({ paymentType })).toBe(true);
      expect(paymentMissing({ paymentType, billingValid: true })).toBe(false);
    }
    for (const paymentType of ['manual', 'invoice'] as const) expect(paymentMissing({ paymentType, billingValid: false })).toBe(false);
  });

  it('reads a cached refusal again before refusing: an office that just paid goes on at once', async () => {
    const unpaid = { ...profiles['office-a2']! };
    const gate = paymentGate({
      flags: () => Promise.resolve(true),
      profiles: () => Promise.resolve(unpaid),
      freshProfiles: () => Promise.resolve({ ...unpaid, billingValid: true }),
    });
    expect(await gate.refusal('office-a2')).toBeNull();
  });
});

describe('POST /api/verifications behind the payment gate', () => {
  it('refuses an unpaid office with 402 and the billing message; nothing is created', async () => {
    flagActive = true;
    const before = await countOf('office-a2');
    const response = await create('staffA2');
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({ statusCode: 402, message: BILLING_MESSAGES.paymentRequired });
    expect(await countOf('office-a2')).toBe(before);
  });

  it('lets a paid office, an office billed by invoice and a company user through', async () => {
    flagActive = true;
    expect((await create('staff')).statusCode).toBe(201);
    expect((await create('staffB')).statusCode).toBe(201);
    expect((await create('admin', 'office-a2')).statusCode).toBe(201);
  });

  it('refuses nobody while the payment flag is off', async () => {
    flagActive = false;
    expect((await create('staffA2')).statusCode).toBe(201);
    flagActive = true;
  });
});

describe("the schedule's requests behind the payment gate", () => {
  const publish = (officeId: string, orgId = 'org-a') => {
    const payload = {
      verificationId: randomUUID(),
      orgId,
      officeId,
      patient: sandboxPatientInfo(member),
      carrier: { payerId: member.payerId },
      appointment: { date: '12/01/2026' },
      requestedBy: { userId: 'user-staff', name: 'staff@a.test' },
    };
    return harness.bus
      .publish(TOPICS.scheduleVerificationRequests, { id: randomUUID(), key: payload.verificationId, type: EVENT_TYPES.verificationRequested, payload, occurredAt: new Date().toISOString() })
      .then(() => payload.verificationId);
  };
  const readyFor = async (id: string) => {
    const ready = await harness.collect(TOPICS.verificationReady);
    return ready.waitFor((event) => (event.payload as VerificationReadyPayload).verificationId === id, `ready ${id}`);
  };

  it("answers an unpaid office's request as needing payment and creates nothing; a paid office's is verified", async () => {
    flagActive = true;
    const refusedId = await publish('office-a2');
    expect((await readyFor(refusedId)).payload).toMatchObject({ jobs: [], attention: BILLING_MESSAGES.paymentRequired, refused: true });
    expect(await harness.store.collection(VERIFICATIONS_COLLECTION).count({ _id: refusedId })).toBe(0);

    const paidId = await publish('office-a1');
    const answered = (await readyFor(paidId)).payload as VerificationReadyPayload;
    expect(answered).toMatchObject({ officeId: 'office-a1' });
    expect(answered.refused).toBeUndefined();
    expect(await harness.store.collection(VERIFICATIONS_COLLECTION).count({ _id: paidId })).toBe(1);
  });
});
