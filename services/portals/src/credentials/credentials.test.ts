/**
 * The credential calls of SPEC section 7 against the real app, a real embedded store, the outbox relay and the
 * in-process bus, with the sandbox providers (short delays). Statuses are observed as the SPA does: through the
 * `portal-credential.changed` events and through GET /api/portals/credentials.
 */
import { EVENT_TYPES, MESSAGES, PortalCredential, TOPICS } from '@dv/contracts';
import { settle, waitFor } from '@dv/kit/testing';
import { SANDBOX_MESSAGES } from '../providers/sandbox';
import { createHarness, OFFICE_A1, OFFICE_A2, OFFICE_B1, ORG_A, USERS, type CallOptions, type Harness } from '../testing/harness';
import { CREDENTIAL_MESSAGES } from './credentials.service';
import { credentialsIn } from './credentials.store';

let h: Harness;

beforeAll(async () => {
  h = await createHarness({ loginDelayMs: 40, mfaDelayMs: 40 });
});

afterAll(() => h.close());

const asManager: CallOptions = { as: USERS.managerA1, office: OFFICE_A1 };

async function addCredential(portalId: string, username: string, password: string, options: CallOptions = asManager) {
  const response = await h.call('POST', `/api/portals/${portalId}/credentials/`, { ...options, body: { username, password } });
  expect(response.statusCode).toBe(201);
  return PortalCredential.parse(response.json());
}

async function listCredentials(options: CallOptions = asManager) {
  const response = await h.call('GET', '/api/portals/credentials', options);
  expect(response.statusCode).toBe(200);
  return response.json<unknown[]>().map((item) => PortalCredential.parse(item));
}

async function removeCredential(id: string, options: CallOptions = asManager) {
  expect((await h.call('DELETE', `/api/portals/credentials/${id}`, options)).statusCode).toBe(204);
}

describe('GET /api/portals', () => {
  it('lists the seeded catalogue, AI portals included, with carrier lists', async () => {
    const response = await h.call('GET', '/api/portals', asManager);
    expect(response.statusCode).toBe(200);
    const portals = response.json<{ id: string; name: string; url: string; carriers: string[] }[]>();
    const ids = portals.map((portal) => portal.id);
    expect(ids).toEqual(expect.arrayContaining(['dnoaconnect', 'dentalofficetoolkit', 'cigna', 'deltadental', 'metdental']));
    expect(portals.length).toBeGreaterThanOrEqual(12);
    expect(portals.some((portal) => portal.carriers.length > 3)).toBe(true);
    for (const portal of portals) expect(portal.url).toMatch(/^https:\/\//);
  });

  it('answers the sandbox badge', async () => {
    const response = await h.call('GET', '/api/portals/sandbox', asManager);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ sandbox: true });
  });

  it('needs a token and a portal role', async () => {
    expect((await h.call('GET', '/api/portals', { as: null })).statusCode).toBe(401);
    expect((await h.call('GET', '/api/portals', { as: USERS.registrationA })).statusCode).toBe(403);
  });
});

describe('adding a credential and the login statuses', () => {
  it('valid: answers 201 inProgress, then the providers report valid (both providers on an AI portal)', async () => {
    const since = h.credentialEvents.length;
    const created = await addCredential('cigna', 'frontdesk', 'correct horse');
    expect(created).toEqual({
      id: expect.any(String),
      portalId: 'cigna',
      username: 'frontdesk',
      dentalXChange: { status: 'inProgress' },
      portalAi: { status: 'inProgress' },
    });
    const first = await h.waitForStatus(created.id, 'inProgress', { since });
    expect(first.type).toBe(EVENT_TYPES.credentialChanged);
    await h.waitForStatus(created.id, 'valid', { since });
    const [listed] = (await listCredentials()).filter((credential) => credential.id === created.id);
    expect(listed).toEqual({ ...created, dentalXChange: { status: 'valid' }, portalAi: { status: 'valid' } });
    await removeCredential(created.id);
  });

  it('a portal outside AI_PORTALS gets no portalAi status (null: not applicable)', async () => {
    const since = h.credentialEvents.length;
    const created = await addCredential('metdental', 'frontdesk', 'secret');
    expect(created.portalAi).toBeNull();
    expect(created.dentalXChange).toEqual({ status: 'inProgress' });
    const valid = await h.waitForStatus(created.id, 'valid', { since });
    expect(valid.payload).toMatchObject({ dentalXChange: { status: 'valid' }, portalAi: null });
    await removeCredential(created.id);
  });

  it('the event carries ids, statuses and the audience only', async () => {
    const since = h.credentialEvents.length;
    const created = await addCredential('metdental', 'who-am-i', 'secret');
    const event = await h.waitForStatus(created.id, 'valid', { since });
    expect(event.key).toBe(created.id);
    expect(event.payload).toEqual({
      credentialId: created.id,
      status: 'valid',
      dentalXChange: { status: 'valid' },
      portalAi: null,
      orgId: ORG_A,
      officeId: OFFICE_A1,
    });
    expect(JSON.stringify(h.busMessages)).not.toContain('who-am-i');
    await removeCredential(created.id);
  });

  it("invalid: password 'wrong'; a retry answers 422 with the reason", async () => {
    const since = h.credentialEvents.length;
    const created = await addCredential('dnoaconnect', 'frontdesk', 'wrong');
    await h.waitForStatus(created.id, 'invalid', { since });
    const retry = await h.call('POST', `/api/portals/credentials/${created.id}`, asManager);
    expect(retry.statusCode).toBe(422);
    expect(retry.json()).toMatchObject({ statusCode: 422, message: SANDBOX_MESSAGES.invalid });
    await removeCredential(created.id);
  });

  it("failed: a username with 'down'; a retry answers 502 with the reason", async () => {
    const since = h.credentialEvents.length;
    const created = await addCredential('humana', 'portal-down-today', 'secret');
    await h.waitForStatus(created.id, 'failed', { since });
    const retry = await h.call('POST', `/api/portals/credentials/${created.id}`, asManager);
    expect(retry.statusCode).toBe(502);
    expect(retry.json()).toMatchObject({ message: SANDBOX_MESSAGES.failed });
    await removeCredential(created.id);
  });

  it('a retry that succeeds answers 200 with the credential, after inProgress', async () => {
    const created = await addCredential('principal', 'frontdesk', 'secret');
    await h.waitForStatus(created.id, 'valid');
    const since = h.credentialEvents.length;
    const retry = await h.call('POST', `/api/portals/credentials/${created.id}`, asManager);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual({ ...created, dentalXChange: { status: 'valid' } });
    await h.waitForStatus(created.id, 'inProgress', { since });
    await h.waitForStatus(created.id, 'valid', { since });
    await removeCredential(created.id);
  });

  it('answers 404 for a portal not in the catalogue, 409 for a second credential of a portal', async () => {
    const unknown = await h.call('POST', '/api/portals/nope/credentials/', { ...asManager, body: { username: 'a', password: 'b' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: CREDENTIAL_MESSAGES.portalNotFound });
    const created = await addCredential('sunlife', 'frontdesk', 'secret');
    const again = await h.call('POST', '/api/portals/sunlife/credentials', { ...asManager, body: { username: 'b', password: 'c' } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: CREDENTIAL_MESSAGES.duplicate });
    await removeCredential(created.id);
  });
});

describe('MFA', () => {
  let credentialId: string;

  beforeEach(async () => {
    const since = h.credentialEvents.length;
    credentialId = (await addCredential('dentalofficetoolkit', 'mfa-frontdesk', 'secret')).id;
    await h.waitForStatus(credentialId, 'mfaRequired', { since });
  });

  afterEach(() => removeCredential(credentialId));

  it('a wrong code answers 400 with the SPA text and leaves mfaRequired', async () => {
    const response = await h.call('POST', '/api/portals/credentials/dentalofficetoolkit/mfa', { ...asManager, body: { code: '000000' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: MESSAGES.MFA_FAILED });
    const [listed] = await listCredentials();
    expect(listed).toMatchObject({ id: credentialId, dentalXChange: { status: 'mfaRequired' }, portalAi: { status: 'mfaRequired' } });
  });

  it('code 123456: 201, then inProgress, then valid through an event', async () => {
    const since = h.credentialEvents.length;
    const response = await h.call('POST', '/api/portals/credentials/dentalofficetoolkit/mfa', {
      ...asManager,
      body: { code: ' 123456 ' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({});
    await h.waitForStatus(credentialId, 'inProgress', { since });
    const valid = await h.waitForStatus(credentialId, 'valid', { since });
    expect(valid.payload).toMatchObject({ dentalXChange: { status: 'valid' }, portalAi: { status: 'valid' } });
  });

  it('code 111111: 200 { success: true }, valid at once', async () => {
    const since = h.credentialEvents.length;
    const response = await h.call('POST', '/api/portals/credentials/dentalofficetoolkit/mfa', { ...asManager, body: { code: '111111' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    const [listed] = await listCredentials();
    expect(listed).toMatchObject({ dentalXChange: { status: 'valid' }, portalAi: { status: 'valid' } });
    await h.waitForStatus(credentialId, 'valid', { since });
  });

  it('the credential id is accepted in place of the portal id', async () => {
    const response = await h.call('POST', `/api/portals/credentials/${credentialId}/mfa`, { ...asManager, body: { code: '111111' } });
    expect(response.statusCode).toBe(200);
  });

  it('an empty code is refused; a code nobody waits for is a 409', async () => {
    const empty = await h.call('POST', '/api/portals/credentials/dentalofficetoolkit/mfa', { ...asManager, body: { code: '  ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: MESSAGES.FIELD_REQUIRED });
    expect((await h.call('POST', '/api/portals/credentials/dentalofficetoolkit/mfa', { ...asManager, body: { code: '111111' } })).statusCode).toBe(200);
    const late = await h.call('POST', '/api/portals/credentials/dentalofficetoolkit/mfa', { ...asManager, body: { code: '111111' } });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ message: CREDENTIAL_MESSAGES.noMfaPending });
  });

  it('a portal without a credential of this office is a 404', async () => {
    const response = await h.call('POST', '/api/portals/credentials/cigna/mfa', { ...asManager, body: { code: '123456' } });
    expect(response.statusCode).toBe(404);
  });
});

describe('validation messages (SPEC section 5)', () => {
  it('adding needs a username and a password', async () => {
    const noUsername = await h.call('POST', '/api/portals/cigna/credentials/', { ...asManager, body: { username: ' ', password: 'x' } });
    expect(noUsername.statusCode).toBe(400);
    expect(noUsername.json()).toMatchObject({ message: MESSAGES.USERNAME_REQUIRED, details: [{ path: 'username' }] });
    const noPassword = await h.call('POST', '/api/portals/cigna/credentials/', { ...asManager, body: { username: 'frontdesk' } });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json()).toMatchObject({ message: MESSAGES.PASSWORD_REQUIRED });
    const emptyPassword = await h.call('POST', '/api/portals/cigna/credentials/', { ...asManager, body: { username: 'frontdesk', password: '' } });
    expect(emptyPassword.json()).toMatchObject({ message: MESSAGES.PASSWORD_REQUIRED });
    expect(await listCredentials()).toEqual([]);
  });

  it('editing needs a username', async () => {
    const created = await addCredential('ameritas', 'frontdesk', 'secret');
    const response = await h.call('PUT', `/api/portals/credentials/${created.id}`, { ...asManager, body: { username: '', password: '' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: MESSAGES.USERNAME_REQUIRED });
    await removeCredential(created.id);
  });
});

describe('editing', () => {
  it('an empty or absent password keeps the current one; a new one replaces it', async () => {
    let since = h.credentialEvents.length;
    const created = await addCredential('uhcdental', 'frontdesk', 'wrong');
    await h.waitForStatus(created.id, 'invalid', { since });

    since = h.credentialEvents.length;
    const renamed = await h.call('PUT', `/api/portals/credentials/${created.id}`, { ...asManager, body: { username: 'reception', password: '' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: created.id, username: 'reception', dentalXChange: { status: 'inProgress' } });
    // Still the stored password 'wrong': the login is invalid again.
    await h.waitForStatus(created.id, 'invalid', { since });

    since = h.credentialEvents.length;
    expect((await h.call('PUT', `/api/portals/credentials/${created.id}`, { ...asManager, body: { username: 'reception' } })).statusCode).toBe(200);
    await h.waitForStatus(created.id, 'invalid', { since });

    since = h.credentialEvents.length;
    expect(
      (await h.call('PUT', `/api/portals/credentials/${created.id}`, { ...asManager, body: { username: 'reception', password: 'fixed' } })).statusCode,
    ).toBe(200);
    await h.waitForStatus(created.id, 'valid', { since });
    expect((await listCredentials()).find((credential) => credential.id === created.id)).toMatchObject({
      username: 'reception',
      dentalXChange: { status: 'valid' },
    });
    await removeCredential(created.id);
  });

  it('an outcome of an older attempt is dropped: the latest edit decides', async () => {
    const created = await addCredential('guardiananytime', 'frontdesk', 'wrong');
    // Edited before the first login answered: only the second login's outcome counts.
    const since = h.credentialEvents.length;
    await h.call('PUT', `/api/portals/credentials/${created.id}`, { ...asManager, body: { username: 'frontdesk', password: 'right' } });
    await h.waitForStatus(created.id, 'valid', { since });
    await settle(100);
    expect(h.credentialEvents.slice(since).some((event) => event.key === created.id && event.payload.status === 'invalid')).toBe(false);
    await removeCredential(created.id);
  });
});

describe('deleting', () => {
  it('publishes the removal through the outbox, keyed by the credential, with its office and organization only', async () => {
    const created = await addCredential('metdental', 'frontdesk', 'wrong');
    await h.waitForStatus(created.id, 'invalid');
    await removeCredential(created.id);
    await waitFor(() => h.removalEvents.some((event) => event.key === created.id), 'the removal event');
    const removals = h.removalEvents.filter((event) => event.key === created.id);
    expect(removals).toHaveLength(1);
    expect(removals[0]).toMatchObject({ type: EVENT_TYPES.credentialRemoved, payload: { credentialId: created.id, orgId: ORG_A, officeId: OFFICE_A1 } });
    expect(Object.keys(removals[0]!.payload).sort()).toEqual(['credentialId', 'officeId', 'orgId']);
    const rows = (await h.outboxDocuments()).filter((row) => row.key === created.id && row.type === EVENT_TYPES.credentialRemoved);
    expect(rows.map((row) => row.topic)).toEqual([TOPICS.portalCredentials]);

    // Nothing is published for a delete that found nothing (another office's, or already gone).
    expect((await h.call('DELETE', `/api/portals/credentials/${created.id}`, asManager)).statusCode).toBe(404);
    const other = await addCredential('cigna', 'frontdesk', 'secret', { as: USERS.managerA2, office: OFFICE_A2 });
    expect((await h.call('DELETE', `/api/portals/credentials/${other.id}`, asManager)).statusCode).toBe(404);
    await settle(100);
    expect(h.removalEvents.filter((event) => event.key === created.id || event.key === other.id)).toHaveLength(1);
    await removeCredential(other.id, { as: USERS.managerA2, office: OFFICE_A2 });
  });

  it('removes the credential; a second delete is a 404; a login still running records nothing', async () => {
    const created = await addCredential('cigna', 'frontdesk', 'secret');
    const since = h.credentialEvents.length;
    await removeCredential(created.id);
    expect(await listCredentials()).toEqual([]);
    expect((await h.call('DELETE', `/api/portals/credentials/${created.id}`, asManager)).statusCode).toBe(404);
    await settle(120);
    // The creation's inProgress event may arrive late (relay); no outcome of the aborted login follows it.
    const later = h.credentialEvents.slice(since).filter((event) => event.key === created.id);
    expect(later.map((event) => event.payload.status).filter((status) => status !== 'inProgress')).toEqual([]);
    expect(await credentialsIn(h.store).findById(created.id)).toBeNull();
  });
});

describe('offices and organizations are walled off', () => {
  let credentialId: string;

  beforeAll(async () => {
    credentialId = (await addCredential('cigna', 'frontdesk', 'secret')).id;
    await h.waitForStatus(credentialId, 'valid');
  });

  afterAll(() => removeCredential(credentialId));

  const calls = (id: string) =>
    [
      ['PUT', `/api/portals/credentials/${id}`, { username: 'x', password: 'y' }],
      ['POST', `/api/portals/credentials/${id}`, undefined],
      ['DELETE', `/api/portals/credentials/${id}`, undefined],
      ['POST', `/api/portals/credentials/${id}/mfa`, { code: '123456' }],
      ['POST', '/api/portals/credentials/cigna/mfa', { code: '123456' }],
    ] as const;

  it("another office's manager neither sees nor touches it (404)", async () => {
    const other: CallOptions = { as: USERS.managerA2, office: OFFICE_A2 };
    expect(await listCredentials(other)).toEqual([]);
    for (const [method, url, body] of calls(credentialId)) {
      const response = await h.call(method, url, { ...other, body });
      expect([method, url, response.statusCode]).toEqual([method, url, 404]);
      expect(response.body).not.toContain('frontdesk');
    }
  });

  it('a user of both offices sees it only with the header of its office', async () => {
    expect((await listCredentials({ as: USERS.mixedA, office: OFFICE_A2 })).map((credential) => credential.id)).toEqual([]);
    expect((await listCredentials({ as: USERS.mixedA, office: OFFICE_A1 })).map((credential) => credential.id)).toEqual([credentialId]);
  });

  it("another organization's users cannot name the office (403) nor reach the credential from their own (404)", async () => {
    for (const user of [USERS.managerB1, USERS.adminB]) {
      expect((await h.call('GET', '/api/portals/credentials', { as: user, office: OFFICE_A1 })).statusCode).toBe(403);
      for (const [method, url, body] of calls(credentialId)) {
        expect((await h.call(method, url, { as: user, office: OFFICE_A1, body })).statusCode).toBe(403);
      }
    }
    const own: CallOptions = { as: USERS.managerB1, office: OFFICE_B1 };
    expect(await listCredentials(own)).toEqual([]);
    for (const [method, url, body] of calls(credentialId)) {
      expect((await h.call(method, url, { ...own, body })).statusCode).toBe(404);
    }
  });

  it("a company user of the organization acts for the office named in the header", async () => {
    const listed = await listCredentials({ as: USERS.adminA, office: OFFICE_A1 });
    expect(listed.map((credential) => credential.id)).toEqual([credentialId]);
    expect(await listCredentials({ as: USERS.agentA, office: OFFICE_A2 })).toEqual([]);
  });

  it('state is unchanged after all of that', async () => {
    const stored = await credentialsIn(h.store).findById(credentialId);
    expect(stored).toMatchObject({ username: 'frontdesk', officeId: OFFICE_A1, providers: { dentalXChange: { status: 'valid' } } });
  });
});

describe('roles and the office header', () => {
  it('a credential call without the office header is a 400', async () => {
    const response = await h.call('GET', '/api/portals/credentials', { as: USERS.adminA });
    expect(response.statusCode).toBe(400);
  });

  it('staff read, retry and answer MFA but do not add, edit or delete', async () => {
    const staff: CallOptions = { as: USERS.staffA1, office: OFFICE_A1 };
    expect((await h.call('GET', '/api/portals/credentials', staff)).statusCode).toBe(200);
    const add = await h.call('POST', '/api/portals/cigna/credentials/', { ...staff, body: { username: 'a', password: 'b' } });
    expect(add.statusCode).toBe(403);
    const created = await addCredential('cigna', 'frontdesk', 'secret');
    await h.waitForStatus(created.id, 'valid');
    expect((await h.call('POST', `/api/portals/credentials/${created.id}`, staff)).statusCode).toBe(200);
    expect((await h.call('PUT', `/api/portals/credentials/${created.id}`, { ...staff, body: { username: 'x' } })).statusCode).toBe(403);
    expect((await h.call('DELETE', `/api/portals/credentials/${created.id}`, staff)).statusCode).toBe(403);
    // The same person as a manager of office 1 (roles keyed by office) may.
    await removeCredential(created.id, { as: USERS.mixedA, office: OFFICE_A1 });
  });

  it('a company admin adds credentials for an office of the organization', async () => {
    const created = await addCredential('cigna', 'frontdesk', 'secret', { as: USERS.adminA, office: OFFICE_A2 });
    expect((await listCredentials({ as: USERS.managerA2, office: OFFICE_A2 })).map((credential) => credential.id)).toEqual([created.id]);
    await removeCredential(created.id, { as: USERS.adminA, office: OFFICE_A2 });
  });
});

describe('every status change is an outbox event on the credential topic', () => {
  it('outbox rows name the topic, type and key, and are sent by the relay', async () => {
    const created = await addCredential('metdental', 'outbox-check', 'secret');
    await h.waitForStatus(created.id, 'valid');
    const rows = (await h.outboxDocuments()).filter((row) => row.key === created.id);
    expect(rows.length).toBe(2);
    for (const row of rows) expect(row).toMatchObject({ topic: TOPICS.portalCredentials, type: EVENT_TYPES.credentialChanged, status: 'sent' });
    await removeCredential(created.id);
  });
});
