/**
 * The schedule service's verification requests on the bus: one verification per requested id however often the
 * request comes, its readiness with coverage and what needs the office, and requests that cannot be served.
 */
import { randomUUID } from 'node:crypto';
import { EVENT_TYPES, sandboxMember, sandboxPatientInfo, TOPICS, type VerificationReadyPayload } from '@dv/contracts';
import { waitFor } from '@dv/kit/testing';
import { createHarness, type Harness } from '../testing/harness';
import { NO_SOURCE_ANSWERED, readinessFacts } from './readiness';
import { UNKNOWN_PAYER } from './verification-requests';
import { VERIFICATIONS_COLLECTION } from './verifications.store';

describe('readinessFacts', () => {
  const job = (status: 'done' | 'processing' | 'credentialPending', outcome: 'success' | 'error' | 'rejected' | null, reason: string | null = null) => ({ status, outcome, reason });
  it.each([
    ['ready and active', 'active', [job('done', 'success')], null],
    ['waiting for a credential', 'active', [job('done', 'success'), job('credentialPending', null, 'Add a login')], 'Add a login'],
    ['rejected by the payer', 'unknown', [job('done', 'rejected', 'AAA 75 Subscriber/insured not found')], 'AAA 75 Subscriber/insured not found'],
    ['failed without a reason', 'unknown', [job('done', 'error')], NO_SOURCE_ANSWERED],
    ['inactive coverage', 'inactive', [job('done', 'success')], 'Coverage is inactive'],
    ['unknown coverage once answered', 'unknown', [job('done', 'success')], 'The sources did not say whether the coverage is active'],
    ['still running', 'unknown', [job('processing', null)], null],
  ] as const)('%s', (_name, coverage, jobs, attention) => {
    expect(readinessFacts(coverage, jobs)).toEqual({ coverageStatus: coverage, attention });
  });
});

describe('verification requests from the schedule', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await createHarness();
  });
  afterAll(() => harness.close());

  function request(memberId: string, verificationId = randomUUID(), payerId?: string) {
    const member = sandboxMember(memberId)!;
    return {
      verificationId,
      orgId: 'org-a',
      officeId: 'office-a1',
      patient: sandboxPatientInfo(member),
      carrier: { payerId: payerId ?? member.payerId },
      appointment: { date: '12/01/2026', provider: 'Dr. Patel' },
      requestedBy: { userId: 'user-staff', name: 'staff@a.test' },
    };
  }

  const publish = (payload: unknown) =>
    harness.bus.publish(TOPICS.scheduleVerificationRequests, { id: randomUUID(), key: 'k', type: EVENT_TYPES.verificationRequested, payload, occurredAt: new Date().toISOString() });

  const readyOf = (events: { type: string; payload: unknown }[], id: string) =>
    events.filter((event) => event.type === EVENT_TYPES.verificationReady && (event.payload as VerificationReadyPayload).verificationId === id).map((event) => event.payload as VerificationReadyPayload);

  it('creates the verification once, under the requested id, and says when it is ready with its coverage', async () => {
    const ready = await harness.collect(TOPICS.verificationReady);
    const asked = request('GEHA1234567');
    await publish(asked);
    await publish(asked);
    await ready.waitFor((event) => readyOf([event], asked.verificationId).length > 0, 'the verification ready');
    const detail = await harness.settled(asked.verificationId);
    expect(detail).toMatchObject({ id: asked.verificationId, officeId: 'office-a1', appointment: { date: '12/01/2026', provider: 'Dr. Patel' } });
    expect(await harness.store.collection(VERIFICATIONS_COLLECTION).count({ _id: asked.verificationId })).toBe(1);
    expect(readyOf(ready.events, asked.verificationId)[0]).toMatchObject({ coverageStatus: 'active', attention: null, orgId: 'org-a', officeId: 'office-a1' });

    // Sent again later (the schedule restarted): the ready state comes again, nothing new is created.
    const before = readyOf(ready.events, asked.verificationId).length;
    await publish(asked);
    await waitFor(() => readyOf(ready.events, asked.verificationId).length > before, 'the ready state again');
    expect(await harness.store.collection(VERIFICATIONS_COLLECTION).count({ _id: asked.verificationId })).toBe(1);
  });

  it('answers a payer nobody verifies, and a rejected member, with what needs the office', async () => {
    const ready = await harness.collect(TOPICS.verificationReady);
    const unknown = request('GEHA1234567', randomUUID(), '00000');
    await publish(unknown);
    const refused = await ready.waitFor((event) => readyOf([event], unknown.verificationId).length > 0, 'the refusal');
    expect(refused.payload).toMatchObject({ jobs: [], coverageStatus: 'unknown', attention: UNKNOWN_PAYER, refused: true });
    expect(await harness.store.collection(VERIFICATIONS_COLLECTION).count({ _id: unknown.verificationId })).toBe(0);

    const rejected = { ...request('GEHA1234567'), patient: { ...request('GEHA1234567').patient, patientMemberId: 'NOTFOUND123', subscriberMemberId: 'NOTFOUND123' } };
    await publish(rejected);
    const answer = await ready.waitFor((event) => readyOf([event], rejected.verificationId).length > 0, 'the rejection');
    expect((answer.payload as VerificationReadyPayload).attention).toMatch(/^AAA 75/);
  });

  it('ignores a malformed request and another organization cannot reuse an id', async () => {
    const ready = await harness.collect(TOPICS.verificationReady);
    await publish({ verificationId: 'x' });
    const mine = request('GEHA1234567');
    await publish(mine);
    await ready.waitFor((event) => readyOf([event], mine.verificationId).length > 0, 'the verification ready');
    const count = readyOf(ready.events, mine.verificationId).length;
    // The same id from another office: nothing is created nor re-published for it.
    await publish({ ...mine, orgId: 'org-b', officeId: 'office-b1' });
    const marker = request('GEHA1234567');
    await publish(marker);
    await ready.waitFor((event) => readyOf([event], marker.verificationId).length > 0, 'a later request served');
    expect(readyOf(ready.events, mine.verificationId)).toHaveLength(count);
    expect((await harness.call('GET', `/api/verifications/${mine.verificationId}`, { as: 'staffB' })).statusCode).toBe(404);
  });
});
