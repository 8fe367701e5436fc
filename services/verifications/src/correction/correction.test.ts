/**
 * /api/correction/tickets/{id}: the goduser reads a ticket's raw document with its validator's findings and
 * corrects it with a note; the correction is validated as a strict version 3 wrapper, stored with its audit
 * record, and seen by the office's search. Every other role is refused (403); another organization's ticket is
 * never found (404, generated cases); no log line carries the patient.
 */
import { Writable } from 'node:stream';
import {
  CORRECTION_MESSAGES,
  CorrectionTicket,
  VALIDATION_MESSAGES,
  type PatientInfoV3,
  type TicketWrapperV3,
} from '@dv/contracts';
import { createLogger } from '@dv/kit';
import fc from 'fast-check';
import { AUDIT_COLLECTION, type AuditDocument } from '../audit/audit.store';
import { createHarness, type Harness, type Response, USERS, type UserName } from '../testing/harness';
import { newTicket } from '../verifications/ticket-document';

const PATIENTS: Record<'A1' | 'A2' | 'B1', PatientInfoV3> = {
  A1: { patientFirstName: 'Rosalind', patientLastName: 'Quistgaard', patientDOB: '04/17/1958', patientMemberId: 'QX4417001', patientRelationToSubscriber: 'Self' },
  A2: { patientFirstName: 'Thaddeus', patientLastName: 'Vellacott', patientDOB: '09/02/1981', patientMemberId: 'VX9020002', patientRelationToSubscriber: 'Self' },
  B1: { patientFirstName: 'Ottoline', patientLastName: 'Brakspear', patientDOB: '12/24/1966', patientMemberId: 'BX1224003', patientRelationToSubscriber: 'Self' },
};
const OFFICES = { A1: ['org-a', 'office-a1'], A2: ['org-a', 'office-a2'], B1: ['org-b', 'office-b1'] } as const;
const LEAK = /Rosalind|Quistgaard|QX4417001|Thaddeus|Vellacott|VX9020002|Ottoline|Brakspear|BX1224003|04\/17\/1958|12\/24\/1966/;

type Refusal = { message: string; details?: { path: string; message: string }[] };

let harness: Harness;
const lines: string[] = [];

async function plantAll(): Promise<void> {
  for (const key of ['A1', 'A2', 'B1'] as const) {
    const [orgId, officeId] = OFFICES[key];
    await harness.plant({ id: `ticket-${key}`, document: newTicket({ id: `ticket-${key}`, patient: PATIENTS[key] }), orgId, officeId, patient: PATIENTS[key] });
  }
}

beforeAll(async () => {
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  harness = await createHarness({ startEngine: false, logger: createLogger({ name: 'correction-test', level: 'trace', destination }) });
  await plantAll();
});
afterAll(() => harness.close());

/** A goduser of org B: the kit's test tenants have none, so the token is signed here. */
const godB = () => harness.issuer.sign({ sub: 'user-god-b', email: 'god@b.test', org: 'org-b', roles: ['goduser'], allowedOfficeIds: [] });

async function callAs(token: string, method: 'GET' | 'PUT', url: string, body?: unknown): Promise<Response> {
  return harness.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(body === undefined ? {} : { payload: body as object }) });
}

const read = (id: string, as: UserName = 'goduser') => harness.call('GET', `/api/correction/tickets/${id}`, { as, office: null });
const correct = (id: string, body: unknown, as: UserName = 'goduser') => harness.call('PUT', `/api/correction/tickets/${id}`, { as, office: null, body });

async function current(id: string): Promise<CorrectionTicket> {
  const response = await read(id);
  expect(response.statusCode).toBe(200);
  return CorrectionTicket.parse(response.json());
}

function edited(ticket: CorrectionTicket, change: (wrapper: TicketWrapperV3) => void): TicketWrapperV3 {
  const wrapper = structuredClone(ticket.document) as TicketWrapperV3;
  change(wrapper);
  return wrapper;
}

describe('reading a ticket to correct', () => {
  it('shows the goduser the stored document, its version and what the validator says', async () => {
    const ticket = await current('ticket-A1');
    expect(ticket).toMatchObject({ id: 'ticket-A1', officeId: 'office-a1', schemaVersion: 3, problems: [], corrections: [], version: 0 });
    expect((ticket.document as TicketWrapperV3).ticket.integrationPatientInfo.patientLastName).toBe('Quistgaard');
  });

  it('shows an old (version 2) document as stored, judged by the version 2 validator', async () => {
    const v2 = {
      patient: { note: '', history: [], historyStatus: 'None' },
      plan: null,
      ticket: { integrationPatientInfo: PATIENTS.A2, resolvedDate: null, draft: [], status: 'Not a status', verificPlusInteralId: 'legacy-2', schemaVersion: 2 },
      schemaVersion: 2,
    };
    await harness.plant({ id: 'legacy-2', document: v2, orgId: 'org-a', officeId: 'office-a2', patient: PATIENTS.A2 });
    const ticket = await current('legacy-2');
    expect(ticket).toMatchObject({ schemaVersion: 2, document: v2 });
    expect(ticket.problems).toContainEqual({ path: 'ticket.status', message: VALIDATION_MESSAGES.wrongTicketStatus });
  });

  it('refuses every role but the goduser (403), and a caller without a token (401)', async () => {
    for (const as of Object.keys(USERS) as UserName[]) {
      if (as === 'goduser') continue;
      const office = USERS[as].allowedOfficeIds[0] ?? null;
      const got = await harness.call('GET', '/api/correction/tickets/ticket-A1', { as, office });
      const put = await harness.call('PUT', '/api/correction/tickets/ticket-A1', { as, office, body: { document: {}, note: 'x', expectedVersion: 0 } });
      expect({ as, get: got.statusCode, put: put.statusCode }).toEqual({ as, get: 403, put: 403 });
      expect(got.body).not.toMatch(LEAK);
    }
    expect((await harness.call('GET', '/api/correction/tickets/ticket-A1', { as: null })).statusCode).toBe(401);
  });

  it("never shows a goduser another organization's ticket, whatever the id (generated cases)", async () => {
    const tokens = { 'org-a': await harness.token('goduser'), 'org-b': await godB() };
    const ids = fc.oneof(fc.constantFrom('ticket-A1', 'ticket-A2', 'ticket-B1', 'legacy-2'), fc.stringMatching(/^[\w.:-]{1,40}$/));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom<'org-a' | 'org-b'>('org-a', 'org-b'), ids, fc.boolean(), async (org, id, write) => {
        const response = write
          ? await callAs(tokens[org], 'PUT', `/api/correction/tickets/${encodeURIComponent(id)}`, { document: { x: 1 }, note: 'probe', expectedVersion: 0 })
          : await callAs(tokens[org], 'GET', `/api/correction/tickets/${encodeURIComponent(id)}`);
        expect(response.statusCode).toBeLessThan(500);
        const owner = (['A1', 'A2', 'B1'] as const).find((key) => id === `ticket-${key}`);
        const ownOrg = owner === undefined ? id === 'legacy-2' && org === 'org-a' : OFFICES[owner][0] === org;
        if (!ownOrg) {
          expect(response.body).not.toMatch(LEAK);
          // Not found, or (an id the service never makes, like '.') refused as no id at all.
          if (!write) expect({ id, org, refused: [400, 404].includes(response.statusCode) }).toEqual({ id, org, refused: true });
        }
        if (!write && response.statusCode === 200) expect(ownOrg).toBe(true);
      }),
      { numRuns: 120 },
    );
    const other = await callAs(tokens['org-b'], 'GET', '/api/correction/tickets/ticket-A1');
    expect({ status: other.statusCode, message: other.json<Refusal>().message }).toEqual({ status: 404, message: CORRECTION_MESSAGES.notFound });
  });
});

describe('correcting a ticket', () => {
  it('stores a valid version 3 document with its audit record, and the office finds the corrected name', async () => {
    const before = await current('ticket-A1');
    const document = edited(before, (wrapper) => {
      wrapper.ticket.integrationPatientInfo.patientFirstName = 'Rosamund';
      wrapper.ticket.status = 'Open';
    });
    const response = await correct('ticket-A1', { document, note: '  First name misspelled at intake ', expectedVersion: before.version });
    expect(response.statusCode).toBe(200);
    const after = CorrectionTicket.parse(response.json());
    expect(after).toMatchObject({ version: before.version + 1, document, problems: [] });
    expect(after.corrections).toEqual([
      {
        id: expect.any(String),
        at: expect.any(String),
        userId: USERS.goduser.sub,
        userEmail: 'god@a.test',
        ticketId: 'ticket-A1',
        note: 'First name misspelled at intake',
        fromVersion: before.version,
        toVersion: before.version + 1,
        fields: ['ticket.integrationPatientInfo.patientFirstName', 'ticket.status'],
        fieldCount: 2,
      },
    ]);
    const audit = await harness.store.collection<AuditDocument>(AUDIT_COLLECTION).find({ ticketId: 'ticket-A1', action: 'update' });
    expect(audit).toEqual([expect.objectContaining({ userId: USERS.goduser.sub, orgId: 'org-a', officeId: 'office-a1', fields: after.corrections[0]!.fields })]);
    const found = await harness.call('GET', '/api/verifications?patientName=rosamund', { as: 'staff' });
    expect(found.json<{ items: { id: string }[] }>().items.map((item) => item.id)).toEqual(['ticket-A1']);
  });

  it('refuses a correction made on an older version (409) and one that changes nothing (400)', async () => {
    const ticket = await current('ticket-A1');
    const document = edited(ticket, (wrapper) => {
      wrapper.patient.note = 'Called the payer';
    });
    const stale = await correct('ticket-A1', { document, note: 'late', expectedVersion: ticket.version - 1 });
    expect({ status: stale.statusCode, message: stale.json<Refusal>().message }).toEqual({ status: 409, message: CORRECTION_MESSAGES.stale });
    const same = await correct('ticket-A1', { document: ticket.document, note: 'nothing', expectedVersion: ticket.version });
    expect({ status: same.statusCode, message: same.json<Refusal>().message }).toEqual({ status: 400, message: CORRECTION_MESSAGES.unchanged });
    expect((await current('ticket-A1')).version).toBe(ticket.version);
  });

  it.each<[string, (wrapper: TicketWrapperV3) => void, string, string | RegExp]>([
    ['an unknown key (strict version 3)', (w) => Object.assign(w.ticket, { surprise: true }), 'document.ticket', /surprise/],
    ['a wrong coverage status', (w) => Object.assign(w.patient, { coverageStatus: 'maybe' }), 'document.patient.coverageStatus', VALIDATION_MESSAGES.wrongCoverageStatus],
    ['a wrong ticket status', (w) => Object.assign(w.ticket, { status: 'Done-ish' }), 'document.ticket.status', VALIDATION_MESSAGES.wrongTicketStatus],
    ['a missing patient', (w) => Reflect.deleteProperty(w.ticket.integrationPatientInfo, 'patientLastName'), 'document.ticket.integrationPatientInfo.patientLastName', /./],
    ["another ticket's internal id", (w) => Object.assign(w.ticket, { verificPlusInteralId: 'ticket-B1' }), 'document.ticket.verificPlusInteralId', CORRECTION_MESSAGES.idChanged],
  ])('refuses %s with the validator’s message at its path (400)', async (_name, change, path, message) => {
    const ticket = await current('ticket-A2');
    const response = await correct('ticket-A2', { document: edited(ticket, change), note: 'probe', expectedVersion: ticket.version });
    expect(response.statusCode).toBe(400);
    const body = response.json<Refusal>();
    expect(body.message).toBe(CORRECTION_MESSAGES.invalid);
    expect(body.details).toContainEqual(expect.objectContaining({ path, message: typeof message === 'string' ? message : expect.stringMatching(message) }));
    expect((await current('ticket-A2')).version).toBe(ticket.version);
  });

  it('refuses a body that is no JSON, no object, or has no note (400, never 500)', async () => {
    const token = await harness.token('goduser');
    const broken = await harness.app.inject({
      method: 'PUT',
      url: '/api/correction/tickets/ticket-A2',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '{"document": {"patient": ',
    });
    expect(broken.statusCode).toBe(400);
    for (const body of [{ document: [], note: 'x', expectedVersion: 0 }, { document: {}, note: '   ', expectedVersion: 0 }, { document: {}, expectedVersion: 0 }, { document: {}, note: 'x' }]) {
      const response = await correct('ticket-A2', body);
      expect({ body, status: response.statusCode }).toEqual({ body, status: 400 });
    }
    const noNote = await correct('ticket-A2', { document: {}, note: '', expectedVersion: 0 });
    expect(noNote.json<Refusal>().details).toContainEqual(expect.objectContaining({ path: 'note', message: CORRECTION_MESSAGES.noteRequired }));
  });

  it('never answers 500 to a generated document, and stores none the validator refuses (generated cases)', async () => {
    const ticket = await current('ticket-A2');
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 5 }), async (document) => {
        const response = await correct('ticket-A2', { document, note: 'generated', expectedVersion: ticket.version });
        expect([400, 409]).toContain(response.statusCode);
      }),
      { numRuns: 60 },
    );
    expect((await current('ticket-A2')).version).toBe(ticket.version);
  });

  it('corrects an old document into version 3', async () => {
    const legacy = await current('legacy-2');
    const document = newTicket({ id: 'legacy-2', patient: PATIENTS.A2 });
    const response = await correct('legacy-2', { document, note: 'Rewritten as version 3', expectedVersion: legacy.version });
    expect(response.statusCode).toBe(200);
    expect(CorrectionTicket.parse(response.json())).toMatchObject({ schemaVersion: 3, problems: [], version: legacy.version + 1 });
  });

  it('logs no patient data on the way, refusals included', () => {
    const log = lines.join('');
    expect(log).toContain('/api/correction/tickets');
    expect(log).not.toMatch(LEAK);
    expect(log).not.toContain('Rosamund');
  });
});
