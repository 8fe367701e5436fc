/**
 * The ticket API: creating (validation, jobs per source), reading tickets stored in versions 1 and 2, editing
 * with change history and validation errors, submitting, and the audit record of every read and write.
 */
import path from 'node:path';
import {
  validateTicket,
  type TicketWrapperV1,
  type TicketWrapperV2,
  type VerificationDetail,
  type VerificationJobView,
} from '@dv/contracts';
import { sandboxMember, sandboxPatientInfo } from '../clearinghouse/sandbox-members';
import { AUDIT_COLLECTION, SYSTEM_USER, type AuditDocument } from '../audit/audit.store';
import { createHarness, type Harness } from '../testing/harness';
import { userHashOf } from './ticket-edits';

// The shared document fixtures live in contracts' sources, outside this project's rootDir: loaded at run time.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- see above
const fixtures = require(path.join(__dirname, '../../../../contracts/src/testing/fixtures')) as {
  validTicketV1: TicketWrapperV1;
  validTicketV2: TicketWrapperV2;
};

const MARIA = sandboxMember('DD100200300')!;
const mariaInfo = sandboxPatientInfo(MARIA);

function wrapperOf(detail: VerificationDetail) {
  return { patient: detail.patient, plan: detail.plan, ticket: detail.ticket, schemaVersion: detail.schemaVersion };
}

let harness: Harness;

beforeAll(async () => {
  // office-a1 logs in to the Delta Dental portal: Maria's verifications have both sources.
  harness = await createHarness({ portalCredentials: ['deltadental'] });
});
afterAll(() => harness.close());

describe('POST /api/verifications', () => {
  const valid = { patient: mariaInfo, carrier: { payerId: '77777' } };

  it('answers 201 at once with the ticket id and one pending job per source', async () => {
    const response = await harness.call('POST', '/api/verifications', { body: valid });
    expect(response.statusCode).toBe(201);
    const body = response.json<{ id: string; jobs: VerificationJobView[] }>();
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.jobs.map((job) => [job.source, job.status])).toEqual([
      ['clearinghouse', 'pending'],
      ['portal', 'pending'],
    ]);
    // A payer no portal serves: the clearinghouse alone.
    const anthem = sandboxMember('ANT200100777')!;
    const clearinghouseOnly = await harness.call('POST', '/api/verifications', {
      body: { patient: sandboxPatientInfo(anthem), carrier: { payerId: anthem.payerId } },
    });
    expect((clearinghouseOnly.json<{ jobs: VerificationJobView[] }>()).jobs.map((job) => job.source)).toEqual(['clearinghouse']);
  });

  it('stores a version 3 ticket: Pending, its own id, an empty patient and no plan', async () => {
    const response = await harness.call('POST', '/api/verifications', {
      body: { ...valid, appointment: { date: '12/01/2030', provider: 'Dr. Chen' }, clientInfo: { name: 'Bright Smile Dental', npi: '1234567893' } },
    });
    const { id } = response.json<{ id: string }>();
    const detail = await harness.settled(id);
    expect(detail.ticket).toMatchObject({
      status: 'Pending',
      verificPlusInteralId: id,
      schemaVersion: 3,
      integrationPatientInfo: mariaInfo,
      integrationClientInfo: { name: 'Bright Smile Dental', npi: '1234567893' },
    });
    expect(detail.appointment).toEqual({ date: '12/01/2030', provider: 'Dr. Chen' });
    expect(detail.schemaVersion).toBe(3);
    expect(validateTicket(wrapperOf(detail), 3)).toEqual({ ok: true });
  });

  it.each([
    ['a missing required field', { patientFirstName: undefined }, 'patient.patientFirstName', 'This field is required'],
    ['a blank required field', { patientLastName: '   ' }, 'patient.patientLastName', 'This field is required'],
    ['a relation outside the enumeration', { patientRelationToSubscriber: 'Cousin' }, 'patient.patientRelationToSubscriber', 'Wrong relationship to subscriber'],
    ['a missing relation', { patientRelationToSubscriber: undefined }, 'patient.patientRelationToSubscriber', 'This field is required'],
    ['an impossible date of birth', { patientDOB: '02/30/1985' }, 'patient.patientDOB', 'Wrong date'],
    ['a date of birth in the future', { patientDOB: '01/01/2999' }, 'patient.patientDOB', 'A date of birth cannot be in the future'],
    ['a member id with spaces', { patientMemberId: 'DD 100' }, 'patient.patientMemberId', 'Use letters, digits and dashes only'],
  ])('refuses %s with the field and the reason', async (_case, change, field, message) => {
    const patient = { ...mariaInfo, ...change };
    const response = await harness.call('POST', '/api/verifications', { body: { ...valid, patient } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ details: expect.arrayContaining([expect.objectContaining({ path: field, message })]) });
  });

  it('refuses a carrier outside the catalogue and unknown fields', async () => {
    const unknown = await harness.call('POST', '/api/verifications', { body: { ...valid, carrier: { payerId: '00000' } } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ details: [{ path: 'carrier.payerId', message: expect.stringMatching(/^Unknown carrier/) }] });
    const extra = await harness.call('POST', '/api/verifications', { body: { ...valid, planId: 'x' } });
    expect(extra.statusCode).toBe(400);
  });

  it('needs an office: company users name it in the header', async () => {
    const withoutOffice = await harness.call('POST', '/api/verifications', { as: 'agent', office: null, body: valid });
    expect(withoutOffice.statusCode).toBe(400);
    expect(withoutOffice.json()).toMatchObject({ message: 'Name the office in the Connected-Dental-Office header' });
    const forOffice = await harness.call('POST', '/api/verifications', { as: 'agent', office: 'office-a2', body: valid });
    expect(forOffice.statusCode).toBe(201);
    const { id } = forOffice.json<{ id: string }>();
    expect((await harness.settled(id, 'agent')).officeId).toBe('office-a2');
    // Another organization's office is refused by the office check.
    expect((await harness.call('POST', '/api/verifications', { as: 'agent', office: 'office-b1', body: valid })).statusCode).toBe(403);
  });

  it('is for the roles of the verification pages', async () => {
    expect((await harness.call('POST', '/api/verifications', { as: 'groupmanager', body: valid })).statusCode).toBe(403);
    expect((await harness.call('POST', '/api/verifications', { as: 'goduser', office: 'office-a1', body: valid })).statusCode).toBe(403);
    expect((await harness.call('POST', '/api/verifications', { as: null, body: valid })).statusCode).toBe(401);
    expect((await harness.call('POST', '/api/verifications', { as: 'staffmanager', office: 'office-a1', body: valid })).statusCode).toBe(201);
  });
});

describe('tickets stored in older schema versions', () => {
  it.each([
    ['1', fixtures.validTicketV1],
    ['2', fixtures.validTicketV2],
  ])('reads a version %s ticket as a valid version 3 wrapper', async (version, document) => {
    const id = `legacy-v${version}`;
    await harness.plant({
      id,
      document,
      patient: { patientFirstName: 'Maria', patientLastName: 'Lopez', patientDOB: '04/12/1985', patientMemberId: 'DD123456789' },
    });
    const response = await harness.call('GET', `/api/verifications/${id}`);
    expect(response.statusCode).toBe(200);
    const detail = response.json<VerificationDetail>();
    expect(detail.schemaVersion).toBe(3);
    expect(validateTicket(wrapperOf(detail), 3)).toEqual({ ok: true });
    expect(detail.patient.coverageStatus).toBe('unknown');
    expect(detail.ticket.integrationPatientInfo.patientDOB).toBe('04/12/1985');
    expect(Object.keys(detail.plan!.benefits.adaCodes).every((key) => /^(ADA:D\d{4}|CAT:|SUB:)/.test(key))).toBe(true);
    expect(detail.jobs).toEqual([]);
    // The stored document is left as it was by a read.
    const stored = await harness.engine.stores.verifications.findById(id);
    expect((stored?.document as { schemaVersion?: number }).schemaVersion).toBe(version === '1' ? 1 : 2);
  });

  it('writes an edited legacy ticket back as version 3', async () => {
    const edited = await harness.call('PATCH', '/api/verifications/legacy-v2', {
      body: { edits: [{ path: 'patient.insuranceRemaining', value: 1000 }] },
    });
    expect(edited.statusCode).toBe(200);
    const stored = await harness.engine.stores.verifications.findById('legacy-v2');
    expect((stored?.document as { schemaVersion: number }).schemaVersion).toBe(3);
    expect(validateTicket(stored?.document, 3)).toEqual({ ok: true });
  });
});

describe('editing and submitting', () => {
  let id: string;

  beforeAll(async () => {
    id = await harness.createFor('DD100200300');
    await harness.settled(id);
  });

  it('records the change history of an edited field and makes it user-confirmed', async () => {
    const before = (await harness.call('GET', `/api/verifications/${id}`)).json<VerificationDetail>();
    const response = await harness.call('PATCH', `/api/verifications/${id}`, {
      body: { edits: [{ path: 'plan.benefits.annualMax', value: 2000 }] },
    });
    expect(response.statusCode).toBe(200);
    const detail = response.json<VerificationDetail>();
    const annualMax = detail.plan!.benefits.annualMax!;
    expect(annualMax.value).toBe(2000);
    expect(annualMax.score).toBe(4);
    expect(annualMax.changeHistory).toEqual([
      {
        userHash: userHashOf('user-staff'),
        updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        value: 2000,
        oldValue: 1500,
        newValue: 2000,
        oldScore: before.plan!.benefits.annualMax!.score,
        newScore: 4,
      },
    ]);
    expect(userHashOf('user-staff')).toMatch(/^[0-9a-f]{64}$/);
    expect(detail.plan!.userHashes).toEqual([userHashOf('user-staff')]);
    expect(validateTicket(wrapperOf(detail), 3)).toEqual({ ok: true });
  });

  it('settles a disputed field: the plan score counts it as agreed', async () => {
    const before = (await harness.call('GET', `/api/verifications/${id}`)).json<VerificationDetail>();
    const response = await harness.call('PATCH', `/api/verifications/${id}`, {
      body: {
        edits: [
          { path: 'plan.benefits.adaCodes.ADA:D0274.limitation.value', value: { quantity: 1, frequency: 12, timePeriod: 'mo' } },
          { path: 'patient.insuranceRemaining', value: 1110 },
        ],
      },
    });
    expect(response.statusCode).toBe(200);
    const detail = response.json<VerificationDetail>();
    expect(detail.plan!.benefits.adaCodes['ADA:D0274']!.limitation).toMatchObject({ value: { quantity: 1, frequency: 12, timePeriod: 'mo' }, score: 4 });
    expect(detail.patient.insuranceRemaining).toMatchObject({ value: 1110, score: 4 });
    expect(detail.plan!.score).toBeGreaterThanOrEqual(before.plan!.score);
    const stored = await harness.engine.stores.verifications.findById(id);
    expect(stored?.agreement.disputed).toEqual([]);
  });

  it('creates an entry for a code the sources did not state, and edits notes', async () => {
    const response = await harness.call('PATCH', `/api/verifications/${id}`, {
      body: {
        edits: [
          { path: 'plan.benefits.adaCodes.ADA:D2740.benefitLevel', value: 50 },
          { path: 'patient.note', value: 'Called the carrier to confirm the crown frequency.' },
        ],
      },
    });
    expect(response.statusCode).toBe(200);
    const detail = response.json<VerificationDetail>();
    expect(detail.plan!.benefits.adaCodes['ADA:D2740']).toMatchObject({
      category: 'Basic',
      subcategory: 'Crowns',
      code: 'ADA:D2740',
      benefitLevel: { value: 50, score: 4 },
    });
    expect(detail.patient.note).toBe('Called the carrier to confirm the crown frequency.');
  });

  it.each([
    ['a level above 100', 'plan.benefits.adaCodes.ADA:D2740.benefitLevel', 150, 'plan.benefits.adaCodes.ADA:D2740.benefitLevel.value', expect.stringContaining('100')],
    ['an unknown time period', 'plan.benefits.adaCodes.ADA:D0120.limitation', { quantity: 1, frequency: 6, timePeriod: 'weeks' }, 'plan.benefits.adaCodes.ADA:D0120.limitation.value.timePeriod', 'Wrong time period'],
    ['a wrong sponsor type', 'plan.sponsor.sponsorType', 'Company', 'plan.sponsor.sponsorType.value', 'Wrong sponor type'],
    ['a patient date that is no date', 'patient.effectiveDate', '2024-01-01', 'patient.effectiveDate.value', 'Wrong date'],
  ])('refuses %s with the validator path and message', async (_case, field, value, errorPath, message) => {
    const response = await harness.call('PATCH', `/api/verifications/${id}`, { body: { edits: [{ path: field, value }] } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Invalid edit', details: [{ location: 'body', path: errorPath, message }] });
  });

  it.each([
    ['the plan score', 'plan.score'],
    ['a code the table does not know', 'plan.benefits.adaCodes.ADA:D0001.benefitLevel'],
    ['a prototype key', 'plan.__proto__.polluted'],
  ])('refuses an edit of %s', async (_case, field) => {
    const response = await harness.call('PATCH', `/api/verifications/${id}`, { body: { edits: [{ path: field, value: 1 }] } });
    expect(response.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses edits that are not a list of path and value', async () => {
    expect((await harness.call('PATCH', `/api/verifications/${id}`, { body: { edits: [] } })).statusCode).toBe(400);
    expect((await harness.call('PATCH', `/api/verifications/${id}`, { body: { edits: [{ path: 'ticket.status', value: 'Closed' }] } })).statusCode).toBe(400);
    expect((await harness.call('PATCH', `/api/verifications/${id}`, { body: { edits: [{ path: 'plan.benefits.annualMax' }] } })).statusCode).toBe(400);
  });

  it('submits: Completed, ticket Resolved with its date; nothing changes afterwards', async () => {
    const response = await harness.call('POST', `/api/verifications/${id}/submit`);
    expect(response.statusCode).toBe(200);
    const detail = response.json<VerificationDetail>();
    expect(detail.status).toBe('Completed');
    expect(detail.ticket.status).toBe('Resolved');
    expect(detail.ticket.resolvedDate).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(detail.submittedAt).toBe(detail.ticket.resolvedDate);
    expect(detail.plan!.lastSubmission).toBe(detail.ticket.resolvedDate);
    expect(detail.ticket.submitPlanId).toBe(detail.planId);
    expect(validateTicket(wrapperOf(detail), 3)).toEqual({ ok: true });

    expect((await harness.call('POST', `/api/verifications/${id}/submit`)).statusCode).toBe(409);
    const edit = await harness.call('PATCH', `/api/verifications/${id}`, { body: { edits: [{ path: 'plan.benefits.annualMax', value: 1 }] } });
    expect(edit.statusCode).toBe(409);
  });
});

describe('the audit trail', () => {
  const AUDIT_KEYS = ['_id', 'action', 'at', 'fields', 'officeId', 'orgId', 'requestId', 'ticketId', 'userId'];

  it('records exactly one audit record per read and per write call, with no patient values', async () => {
    const audit = harness.store.collection<AuditDocument>(AUDIT_COLLECTION);
    const ofCall = (response: Awaited<ReturnType<Harness['call']>>) => audit.find({ requestId: String(response.headers['x-request-id']) });

    const created = await harness.call('POST', '/api/verifications', { body: { patient: mariaInfo, carrier: { payerId: '77777' } } });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ id: string }>().id;
    expect(await ofCall(created)).toEqual([expect.objectContaining({ action: 'create', ticketId: id, userId: 'user-staff' })]);
    const settled = await harness.settled(id);

    const byUsers = async () => (await audit.find({ ticketId: id })).filter((record) => record.userId !== SYSTEM_USER);
    const calls: [string, string, () => ReturnType<Harness['call']>][] = [
      ['read', 'user-staff', () => harness.call('GET', `/api/verifications/${id}`)],
      ['update', 'user-staff', () => harness.call('PATCH', `/api/verifications/${id}`, { body: { edits: [{ path: 'patient.deductibleRemaining', value: 987654 }] } })],
      ['list', 'user-staff', () => harness.call('GET', '/api/verifications?memberId=DD100200300')],
      ['submit', 'user-staff', () => harness.call('POST', `/api/verifications/${id}/submit`)],
      ['read', 'user-agent', () => harness.call('GET', `/api/verifications/${id}`, { as: 'agent', office: null })],
    ];
    for (const [action, userId, call] of calls) {
      const before = (await byUsers()).length;
      const response = await call();
      expect(response.statusCode).toBe(200);
      const records = await ofCall(response);
      // One record of this ticket per call; a list records each ticket it shows once.
      expect(records.filter((record) => record.ticketId === id)).toEqual([
        expect.objectContaining({ action, userId, orgId: 'org-a', officeId: 'office-a1', ticketId: id, at: expect.stringMatching(/^\d{4}-/) }),
      ]);
      if (action === 'list') {
        const listed = response.json<{ items: { id: string }[] }>().items.map((item) => item.id);
        expect(records.map((record) => record.ticketId).sort()).toEqual([...listed].sort());
      } else {
        expect(records).toHaveLength(1);
      }
      expect((await byUsers()).length).toBe(before + 1);
    }
    expect((await byUsers()).find((record) => record.action === 'update')).toMatchObject({ fields: ['patient.deductibleRemaining'] });

    // The service's own writes: one record per job change, the job's end recorded once.
    const system = (await audit.find({ ticketId: id })).filter((record) => record.userId === SYSTEM_USER);
    expect(system.every((record) => record.action === 'source-update')).toBe(true);
    const changes = system.map((record) => record.fields?.join());
    expect(new Set(changes).size).toBe(changes.length);
    for (const job of settled.jobs) expect(changes.filter((change) => change === `job:${job.id}:done`)).toHaveLength(1);

    const records = await audit.find({ ticketId: id });
    for (const record of records) expect(Object.keys(record).every((key) => AUDIT_KEYS.includes(key))).toBe(true);
    const text = JSON.stringify(records);
    for (const value of ['Maria', 'Lopez', 'DD100200300', '04/12/1985', '19850412', '987654', 'Acme', '1210']) {
      expect(text).not.toContain(value);
    }
  });
});
