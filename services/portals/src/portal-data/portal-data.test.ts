/**
 * Portal data requests answered over the real in-process bus and outbox, with the office's real credential (the
 * sandbox providers, short delays): every credential state, the requests that wait for the office and are answered
 * again, a repeated delivery, and a restart.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { EVENT_TYPES, PortalCredential, TOPICS, type PayerKey, type PortalDataRequestPayload } from '@dv/contracts';
import { openNedbStore } from '@dv/kit';
import { settle, waitFor } from '@dv/kit/testing';
import { SANDBOX_MESSAGES, sandboxPatientData } from '../providers/sandbox';
import { sandboxPortalMember } from '../providers/sandbox-portal-data';
import { createHarness, OFFICE_A1, OFFICE_A2, OFFICE_B1, ORG_A, ORG_B, USERS, type CallOptions, type Harness, type TestUser } from '../testing/harness';
import { PORTAL_DATA_MESSAGES } from './portal-data-decision';
import { portalRequestsIn, type PortalRequestDocument } from './portal-requests.store';

const PAYERS: Record<string, { name: string; payerKey: PayerKey }> = {
  '77777': { name: 'Delta Dental of California', payerKey: 'DELTA_DENTAL' },
  '65978': { name: 'MetLife Dental', payerKey: 'METLIFE' },
  '62308': { name: 'Cigna Dental', payerKey: 'CIGNA' },
  '73288': { name: 'Humana Dental', payerKey: 'HUMANA' },
  '64246': { name: 'Guardian Life', payerKey: 'GUARDIAN' },
  '47198': { name: 'Anthem Blue Cross Blue Shield Dental', payerKey: 'BLUE_CROSS_BLUE_SHIELD' },
};
const DELTA = 'Delta Dental Provider Tools';

const MANAGERS: Record<string, TestUser> = { [OFFICE_A1]: USERS.managerA1, [OFFICE_A2]: USERS.managerA2, [OFFICE_B1]: USERS.managerB1 };
const ORGS: Record<string, string> = { [OFFICE_A1]: ORG_A, [OFFICE_A2]: ORG_A, [OFFICE_B1]: ORG_B };

/** A request for a sandbox member (its subscriber) at the office, as the verifications service sends it. */
function requestFor(memberId: string, officeId: string, overrides: Partial<PortalDataRequestPayload> = {}): PortalDataRequestPayload {
  const member = sandboxPortalMember(memberId);
  const person = member?.people[0] ?? { firstName: 'Nora', lastName: 'Nobody', dob: '01/01/1990' };
  const payerId = member?.payerId ?? '77777';
  return {
    requestId: randomUUID(),
    verificationId: randomUUID(),
    orgId: ORGS[officeId]!,
    officeId,
    portalId: member?.portalId ?? 'deltadental',
    payer: { payerId, ...PAYERS[payerId]! },
    patient: { firstName: person.firstName, lastName: person.lastName, dob: person.dob, memberId, relationToSubscriber: 'Self' },
    ...overrides,
  };
}

async function addCredential(h: Harness, officeId: string, portalId: string, username: string, password: string) {
  const options: CallOptions = { as: MANAGERS[officeId]!, office: officeId };
  const response = await h.call('POST', `/api/portals/${portalId}/credentials/`, { ...options, body: { username, password } });
  expect(response.statusCode).toBe(201);
  return PortalCredential.parse(response.json());
}

async function held(h: Harness, requestId: string): Promise<PortalRequestDocument | null> {
  return portalRequestsIn(h.store).findById(requestId);
}

describe('answering with the office’s credential', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await createHarness({ loginDelayMs: 40, mfaDelayMs: 40 });
  });
  afterAll(() => h.close());

  it("answers ok with the patient's data when the credential is valid, and keeps nothing", async () => {
    const credential = await addCredential(h, OFFICE_A1, 'deltadental', 'frontdesk', 'portal-pass-1');
    await h.waitForStatus(credential.id, 'valid');
    const request = requestFor('DD100200300', OFFICE_A1);
    await h.requestPortalData(request);
    const answer = await h.waitForAnswer(request.requestId, 'ok');
    const portal = (await h.call('GET', '/api/portals', { as: USERS.managerA1, office: OFFICE_A1 })).json<{ id: string; name: string; url: string; carriers: string[] }[]>().find((entry) => entry.id === 'deltadental')!;
    const expected = sandboxPatientData(portal, request, new Date());
    expect(answer).toEqual({
      requestId: request.requestId,
      verificationId: request.verificationId,
      orgId: ORG_A,
      officeId: OFFICE_A1,
      status: 'ok',
      portalId: 'deltadental',
      data: expected.status === 'ok' ? expected.data : undefined,
    });
    const event = h.portalResults.find((candidate) => candidate.payload.requestId === request.requestId)!;
    expect(event).toMatchObject({ key: request.verificationId, type: EVENT_TYPES.portalDataResult });
    expect(await held(h, request.requestId)).toBeNull();
  });

  it('waits for a credential, then answers again with the data once the office adds one', async () => {
    const request = requestFor('DD123456789', OFFICE_A2);
    const otherOrg = requestFor('DD123456789', OFFICE_B1);
    await h.requestPortalData(request);
    await h.requestPortalData(otherOrg);
    const first = await h.waitForAnswer(request.requestId, 'credentialPending');
    expect(first).toMatchObject({ portalId: 'deltadental', message: PORTAL_DATA_MESSAGES.noCredential(DELTA) });
    expect(first.message).toContain('no credential');
    await h.waitForAnswer(otherOrg.requestId, 'credentialPending');
    expect(await held(h, request.requestId)).toMatchObject({ state: 'open', portalId: 'deltadental', answered: { status: 'credentialPending' } });

    await addCredential(h, OFFICE_A2, 'deltadental', 'frontdesk-a2', 'portal-pass-2');
    await h.waitForAnswer(request.requestId, 'ok');
    expect(h.answersTo(request.requestId).map((answer) => answer.status)).toEqual(['credentialPending', 'ok']);
    expect(await held(h, request.requestId)).toBeNull();
    // Another organization's office still has no credential: its request waits on.
    await settle(150);
    expect(h.answersTo(otherOrg.requestId).map((answer) => answer.status)).toEqual(['credentialPending']);
    expect(await held(h, otherOrg.requestId)).toMatchObject({ state: 'open' });
  });

  it('waits for an MFA code, then answers with the data once the office enters it', async () => {
    const credential = await addCredential(h, OFFICE_B1, 'metdental', 'mfa-desk', 'portal-pass-3');
    await h.waitForStatus(credential.id, 'mfaRequired');
    const request = requestFor('MET884412', OFFICE_B1);
    await h.requestPortalData(request);
    const first = await h.waitForAnswer(request.requestId, 'mfaRequired');
    expect(first.message).toBe(PORTAL_DATA_MESSAGES.mfaRequired('MetLife Dental (MetDental)'));

    const code = await h.call('POST', '/api/portals/credentials/metdental/mfa', { as: USERS.managerB1, office: OFFICE_B1, body: { code: '123456' } });
    expect(code.statusCode).toBe(201);
    const answer = await h.waitForAnswer(request.requestId, 'ok');
    expect(answer.data?.plan.planName).toBe('MetLife PDP Plus');
    expect(h.answersTo(request.requestId).map((entry) => entry.status)).toEqual(['mfaRequired', 'ok']);
  });

  it('answers error with the reason when the login was rejected', async () => {
    const credential = await addCredential(h, OFFICE_A1, 'humana', 'frontdesk', 'wrong');
    await h.waitForStatus(credential.id, 'invalid');
    const request = requestFor('H55512345', OFFICE_A1);
    await h.requestPortalData(request);
    const answer = await h.waitForAnswer(request.requestId, 'error');
    expect(answer.message).toBe('The login to the Humana Dental Providers portal failed: the portal rejected the username or password');
    expect(await held(h, request.requestId)).toBeNull();
  });

  it('waits for a login in progress and answers once it ends', async () => {
    await addCredential(h, OFFICE_A1, 'cigna', 'frontdesk', 'portal-pass-4');
    const request = requestFor('U4471190201', OFFICE_A1);
    await h.requestPortalData(request);
    await h.waitForAnswer(request.requestId, 'ok');
    expect(h.answersTo(request.requestId).map((answer) => answer.status)).toEqual(['ok']);
  });

  it("answers error for a patient the portal does not know, and for a payer no portal of the catalogue serves", async () => {
    const unknown = requestFor('ZZ0000000', OFFICE_A1);
    await h.requestPortalData(unknown);
    expect((await h.waitForAnswer(unknown.requestId, 'error')).message).toBe(SANDBOX_MESSAGES.unknownMember(DELTA));

    const anthem = requestFor('ANT200100777', OFFICE_A1, { portalId: null, payer: { payerId: '47198', ...PAYERS['47198']! } });
    await h.requestPortalData(anthem);
    const answer = await h.waitForAnswer(anthem.requestId, 'error');
    expect(answer.message).toBe(PORTAL_DATA_MESSAGES.noPortal('Anthem Blue Cross Blue Shield Dental'));
    expect(answer.portalId).toBeUndefined();
  });

  it('answers a request once, however often its event is delivered', async () => {
    const request = requestFor('DD100200300', OFFICE_A1);
    const event = await h.requestPortalData(request);
    await h.waitForAnswer(request.requestId, 'ok');
    await h.bus.publish(TOPICS.portalDataRequests, event);
    await settle(200);
    expect(h.answersTo(request.requestId)).toHaveLength(1);

    // While a request is held, the same request under another event id (sent twice) does not start it again.
    const waiting = requestFor('DD123456789', OFFICE_B1);
    await h.requestPortalData(waiting);
    await h.waitForAnswer(waiting.requestId, 'credentialPending');
    await h.requestPortalData(waiting);
    await settle(200);
    expect(h.answersTo(waiting.requestId)).toHaveLength(1);
  });

  it('keeps a waiting request waiting while the office fixes a rejected credential, then answers with the data', async () => {
    const request = requestFor('GRD00512345', OFFICE_B1);
    await h.requestPortalData(request);
    await h.waitForAnswer(request.requestId, 'credentialPending');
    const credential = await addCredential(h, OFFICE_B1, 'guardiananytime', 'frontdesk', 'wrong');
    await h.waitForStatus(credential.id, 'invalid');
    await waitForAnswers(h, request.requestId, 2);
    expect(h.answersTo(request.requestId)[1]).toMatchObject({
      status: 'credentialPending',
      message: 'The login to the Guardian Anytime portal failed (the portal rejected the username or password): fix the credential on the Portal Credentials page',
    });

    const fixed = await h.call('PUT', `/api/portals/credentials/${credential.id}`, {
      as: USERS.managerB1,
      office: OFFICE_B1,
      body: { username: 'frontdesk', password: 'portal-pass-5' },
    });
    expect(fixed.statusCode).toBe(200);
    await h.waitForAnswer(request.requestId, 'ok');
    expect(h.answersTo(request.requestId).map((answer) => answer.status)).toEqual(['credentialPending', 'credentialPending', 'ok']);
  });
});

async function waitForAnswers(h: Harness, requestId: string, count: number): Promise<void> {
  await waitFor(() => h.answersTo(requestId).length >= count, `${count} answers to ${requestId}`, 20_000);
}

it('answers credentialPending when a login takes longer than a request may wait, and the data when it ends', async () => {
  const h = await createHarness({ loginDelayMs: 600, mfaDelayMs: 40, portalDataLoginWaitMs: 50 });
  try {
    const credential = await addCredential(h, OFFICE_A1, 'deltadental', 'frontdesk', 'portal-pass-6');
    const request = requestFor('DD100200300', OFFICE_A1);
    await h.requestPortalData(request);
    expect((await h.waitForAnswer(request.requestId, 'credentialPending')).message).toBe(PORTAL_DATA_MESSAGES.loginSlow(DELTA));
    await h.waitForStatus(credential.id, 'valid');
    await h.waitForAnswer(request.requestId, 'ok');
    expect(h.answersTo(request.requestId).map((answer) => answer.status)).toEqual(['credentialPending', 'ok']);
  } finally {
    await h.close();
  }
});

it('decides at start what a stopped process held, and ends requests that waited too long', async () => {
  let clock = Date.parse('2025-06-01T08:00:00.000Z');
  const now = () => new Date(clock);
  const first = await createHarness({ now, portalDataWaitDays: 1 });
  const old = requestFor('DD100200300', OFFICE_A1);
  await first.requestPortalData(old);
  await first.waitForAnswer(old.requestId, 'credentialPending');
  await first.close({ keepDir: true });

  // Two days later; meanwhile a request was recorded by a process that stopped before deciding it.
  clock += 2 * 86_400_000;
  const recent = requestFor('DD123456789', OFFICE_A1);
  const at = now().toISOString();
  const stopped = await openNedbStore({ dir: path.join(first.dir, 'store'), compactionIntervalMs: 0 });
  await portalRequestsIn(stopped).insert({
    _id: recent.requestId,
    orgId: recent.orgId,
    officeId: recent.officeId,
    verificationId: recent.verificationId,
    portalId: 'deltadental',
    request: recent,
    state: 'new',
    answered: null,
    loginWaitUntil: 0,
    version: 0,
    receivedAt: at,
    updatedAt: at,
  });
  await stopped.close();

  const second = await createHarness({ now, portalDataWaitDays: 1, dir: first.dir });
  try {
    const expired = await second.waitForAnswer(old.requestId, 'error');
    expect(expired.message).toBe(PORTAL_DATA_MESSAGES.expired(DELTA, 1));
    expect((await second.waitForAnswer(recent.requestId, 'credentialPending')).message).toBe(PORTAL_DATA_MESSAGES.noCredential(DELTA));
    await addCredential(second, OFFICE_A1, 'deltadental', 'frontdesk', 'portal-pass-7');
    await second.waitForAnswer(recent.requestId, 'ok');
    expect(await portalRequestsIn(second.store).count()).toBe(0);
  } finally {
    await second.close();
  }
});
