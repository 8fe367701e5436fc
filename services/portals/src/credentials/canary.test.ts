/**
 * A planted canary password must never leave the service in clear: not in a response (body or headers), not in
 * a log line (the logger runs at trace level here), not in an outbox row, not in a bus message (portal data
 * answers, read with that password, included), and not in any file the embedded store writes. (Socket frames:
 * services/realtime's slice test.)
 */
import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type PortalDataRequestPayload } from '@dv/contracts';
import { createHarness, OFFICE_A1, USERS, type Harness } from '../testing/harness';
import { credentialsIn } from './credentials.store';

let h: Harness;
const canary = `canary-${randomUUID()}`;
const secondCanary = `canary-${randomUUID()}`;
const forms = (secret: string) => [
  secret,
  Buffer.from(secret, 'utf8').toString('base64'),
  Buffer.from(secret, 'utf8').toString('hex'),
  encodeURIComponent(secret),
];

beforeAll(async () => {
  h = await createHarness({ loginDelayMs: 20, mfaDelayMs: 20 });
});

afterAll(() => h.close());

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : Promise.resolve([path.join(dir, entry.name)]))),
  );
  return nested.flat();
}

it('never shows the password anywhere, through every call and status', async () => {
  const manager = { as: USERS.managerA1, office: OFFICE_A1 };

  // valid, then edited with a new password, then retried
  const valid = await h.call('POST', '/api/portals/cigna/credentials/', { ...manager, body: { username: 'frontdesk', password: canary } });
  expect(valid.statusCode).toBe(201);
  const { id } = valid.json<{ id: string }>();
  await h.waitForStatus(id, 'valid');
  let since = h.credentialEvents.length;
  expect((await h.call('PUT', `/api/portals/credentials/${id}`, { ...manager, body: { username: 'frontdesk', password: secondCanary } })).statusCode).toBe(200);
  await h.waitForStatus(id, 'valid', { since });
  expect((await h.call('POST', `/api/portals/credentials/${id}`, manager)).statusCode).toBe(200);

  // MFA through 201 and the event
  const mfa = await h.call('POST', '/api/portals/dnoaconnect/credentials', { ...manager, body: { username: 'mfa-desk', password: canary } });
  const mfaId = mfa.json<{ id: string }>().id;
  await h.waitForStatus(mfaId, 'mfaRequired');
  since = h.credentialEvents.length;
  expect((await h.call('POST', '/api/portals/credentials/dnoaconnect/mfa', { ...manager, body: { code: '123456' } })).statusCode).toBe(201);
  await h.waitForStatus(mfaId, 'valid', { since });

  // failed and invalid, with their error answers
  const down = await h.call('POST', '/api/portals/humana/credentials/', { ...manager, body: { username: 'down-desk', password: canary } });
  const downId = down.json<{ id: string }>().id;
  await h.waitForStatus(downId, 'failed');
  expect((await h.call('POST', `/api/portals/credentials/${downId}`, manager)).statusCode).toBe(502);

  // portal data read with the canary credentials: the edited one (ok), and the one whose portal is down (error)
  const portalRequest = (requestId: string, memberId: string, payer: PortalDataRequestPayload['payer'], person: [string, string, string]): PortalDataRequestPayload => ({
    requestId,
    verificationId: `v-${requestId}`,
    orgId: 'org-a',
    officeId: OFFICE_A1,
    portalId: null,
    payer,
    patient: { firstName: person[0], lastName: person[1], dob: person[2], memberId, relationToSubscriber: 'Self' },
  });
  const cignaRequest = portalRequest(randomUUID(), 'U4471190201', { payerId: '62308', name: 'Cigna Dental', payerKey: 'CIGNA' }, ['Olivia', 'Brown', '07/22/1988']);
  const humanaRequest = portalRequest(randomUUID(), 'H55512345', { payerId: '73288', name: 'Humana Dental', payerKey: 'HUMANA' }, ['Grace', 'Miller', '10/10/1959']);
  await h.requestPortalData(cignaRequest);
  await h.requestPortalData(humanaRequest);
  expect((await h.waitForAnswer(cignaRequest.requestId, 'ok')).data?.plan.planName).toBe('Cigna Dental PPO');
  await h.waitForAnswer(humanaRequest.requestId, 'error');

  // refused requests that carry the password
  expect((await h.call('POST', '/api/portals/metdental/credentials/', { ...manager, body: { username: '', password: canary } })).statusCode).toBe(400);
  expect((await h.call('POST', '/api/portals/cigna/credentials/', { ...manager, body: { username: 'again', password: canary } })).statusCode).toBe(409);
  expect((await h.call('POST', '/api/portals/nope/credentials/', { ...manager, body: { username: 'x', password: canary } })).statusCode).toBe(404);
  expect((await h.call('POST', '/api/portals/cigna/credentials/', { as: USERS.staffA1, office: OFFICE_A1, body: { username: 'x', password: canary } })).statusCode).toBe(403);
  expect((await h.call('POST', '/api/portals/cigna/credentials/', { as: null, office: OFFICE_A1, body: { username: 'x', password: canary } })).statusCode).toBe(401);
  expect(
    (await h.call('POST', '/api/portals/cigna/credentials/', { ...manager, body: `{"username":"x","password":"${canary}"`, headers: { 'content-type': 'application/json' } })).statusCode,
  ).toBe(400);

  await h.relay.runOnce();
  const outbox = JSON.stringify(await h.outboxDocuments());
  const files = await filesUnder(h.dir);
  expect(files.some((file) => file.endsWith('portal_credentials.db'))).toBe(true);
  const stored = await Promise.all(files.map((file) => readFile(file, 'utf8')));
  const places: Record<string, string> = {
    responses: h.responses.join('\n'),
    logs: h.logText(),
    outbox,
    bus: h.busMessages.join('\n'),
    'store files': stored.join('\n'),
  };
  // The captures work: they hold what may be there (the username in replies, the credential id in logs and events).
  expect(places.responses).toContain('mfa-desk');
  expect(places.logs).toContain(mfaId);
  expect(places.bus).toContain(mfaId);
  expect(places.outbox).toContain(downId);
  expect(places.bus).toContain(cignaRequest.requestId);
  expect(places.outbox).toContain('Cigna Dental PPO');
  expect(places.logs).toContain(humanaRequest.requestId);
  for (const secret of [canary, secondCanary]) {
    for (const form of forms(secret)) {
      for (const [place, text] of Object.entries(places)) expect([place, text.includes(form)]).toEqual([place, false]);
    }
  }

  // What is stored is a GCM ciphertext of the right length, nothing else.
  const document = await credentialsIn(h.store).findById(id);
  expect(Object.keys(document?.password ?? {}).sort()).toEqual(['ciphertext', 'iv', 'keyVersion', 'tag']);
  expect(Buffer.from(document?.password.ciphertext ?? '', 'base64').length).toBe(Buffer.byteLength(secondCanary));
});
