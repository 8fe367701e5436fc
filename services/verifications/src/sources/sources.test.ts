/**
 * GET /api/verifications/{id}/sources through the real app: the clearinghouse's 271 with its segments explained
 * beside the mapped plan, the portal's data, a rejected 271, jobs without an answer, office and organization
 * scope, the audit record, and no patient data in any log line while sources run and are read.
 */
import { Writable } from 'node:stream';
import { VerificationSources, type VerificationDetail } from '@dv/contracts';
import { createLogger } from '@dv/kit';
import { waitFor } from '@dv/kit/testing';
import { AUDIT_COLLECTION, type AuditDocument } from '../audit/audit.store';
import { createSandboxClearinghouse } from '../clearinghouse/sandbox';
import { sandboxMember, sandboxPatientInfo } from '../clearinghouse/sandbox-members';
import { type JobDocument } from '../jobs/jobs.store';
import { createHarness, USERS, type Harness } from '../testing/harness';

const MARIA = sandboxMember('DD100200300')!;
const ANTHEM = sandboxMember('ANT200100777')!;

let harness: Harness;

beforeAll(async () => {
  // office-a1 logs in to the Delta Dental portal: Maria's verifications have both sources.
  harness = await createHarness({ portalCredentials: ['deltadental'] });
});
afterAll(() => harness.close());

async function sourcesOf(id: string, as: keyof typeof USERS = 'staff', office?: string) {
  const response = await harness.call('GET', `/api/verifications/${id}/sources`, { as, ...(office === undefined ? {} : { office }) });
  return { response, body: response.statusCode === 200 ? VerificationSources.parse(response.json()) : undefined };
}

describe('GET /api/verifications/{id}/sources', () => {
  it('shows the clearinghouse 271 segment by segment, EB rows in words, beside the mapped plan and notes', async () => {
    const id = await harness.createFor(MARIA.memberId);
    const detail = await harness.settled(id);
    const { response, body } = await sourcesOf(id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(body!.verificationId).toBe(id);
    expect(body!.sources.map((source) => source.job.id)).toEqual(detail.jobs.map((job) => job.id));

    const clearinghouse = body!.sources.find((source) => source.job.source === 'clearinghouse')!;
    expect(clearinghouse.job).toMatchObject({ status: 'done', outcome: 'success' });
    if (clearinghouse.raw?.kind !== 'x12') throw new Error(`expected a 271, got ${JSON.stringify(clearinghouse.raw)}`);
    expect(clearinghouse.raw.text).toMatch(/^ISA\*/);
    expect(clearinghouse.raw.text).toContain('NM1*IL*1*LOPEZ*MARIA');
    const diagnostic = clearinghouse.raw.segments.find((segment) => segment.text === 'EB*A*IND*23*****0****Y')!;
    expect(diagnostic).toMatchObject({
      id: 'EB',
      loop: '2110C',
      loopName: 'Subscriber Eligibility or Benefit Information',
      explanation: 'Co-insurance, individual, Diagnostic Dental, patient pays 0% (plan pays 100%), in network',
    });
    expect(diagnostic.elements[0]).toEqual({ position: 'EB01', name: 'Eligibility or Benefit Information Code', value: 'A', meaning: 'Co-insurance' });
    expect(clearinghouse.mapped?.plan.payer.name).toBe('DELTA DENTAL OF CALIFORNIA');
    expect(clearinghouse.mapped?.patient).toBeDefined();
    expect(Array.isArray(clearinghouse.notes)).toBe(true);
  });

  it('shows the portal source with the portal\'s data as it came', async () => {
    const id = await harness.createFor(MARIA.memberId);
    await harness.settled(id);
    const { body } = await sourcesOf(id);
    const portal = body!.sources.find((source) => source.job.source === 'portal')!;
    expect(portal.job).toMatchObject({ status: 'done', outcome: 'success', sourceName: 'deltadental' });
    if (portal.raw?.kind !== 'portal') throw new Error(`expected portal data, got ${JSON.stringify(portal.raw)}`);
    expect(portal.raw.data.plan.benefits.length).toBeGreaterThan(0);
    expect(portal.mapped?.plan).toBeDefined();
  });

  it('keeps a rejected 271 with its AAA explained, and maps nothing from it', async () => {
    const patient = { ...sandboxPatientInfo(ANTHEM), patientMemberId: 'NOTFOUND0001', subscriberMemberId: 'NOTFOUND0001' };
    const created = await harness.call('POST', '/api/verifications', { body: { patient, carrier: { payerId: ANTHEM.payerId } } });
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ id: string }>();
    await harness.settled(id);
    const { body } = await sourcesOf(id);
    const [source] = body!.sources;
    expect(source!.job).toMatchObject({ source: 'clearinghouse', outcome: 'rejected' });
    expect(source!.mapped).toBeNull();
    if (source!.raw?.kind !== 'x12') throw new Error('expected the rejected 271');
    expect(source!.raw.segments.find((segment) => segment.id === 'AAA')).toMatchObject({
      loop: '2100C',
      explanation: expect.stringContaining('Subscriber/insured not found (75)'),
    });
  });

  it('maps a 271 with tolerated deviations, each shown as a mapping note and on its segment', async () => {
    const sandbox = createSandboxClearinghouse({ latencyMs: 0 });
    // The payer's SE02 does not repeat ST02 and its DTP02 qualifiers are in lower case: both read, both noted.
    const eligibility = async (x270: string) => (await sandbox.eligibility(x270)).replace(/SE\*(\d+)\*0001~/, 'SE*$1*0002~').replaceAll('*D8*', '*d8*');
    const deviating = await createHarness({ clearinghouse: { eligibility } });
    try {
      const id = await deviating.createFor(ANTHEM.memberId);
      await deviating.settled(id);
      const response = await deviating.call('GET', `/api/verifications/${id}/sources`, { as: 'staff' });
      const [source] = VerificationSources.parse(response.json()).sources;
      expect(source!.job).toMatchObject({ source: 'clearinghouse', outcome: 'success' });
      expect(source!.mapped?.plan).toBeDefined();
      expect(source!.notes).toContainEqual(expect.stringMatching(/^Tolerated: SE02 "0002" does not match ST02 "0001"/));
      expect(source!.notes).toContainEqual(expect.stringMatching(/^Tolerated: codes in lower case read in upper case: DTP02 "d8" as "D8"/));
      if (source!.raw?.kind !== 'x12') throw new Error('expected the 271');
      expect(source!.raw.segments.find((segment) => segment.id === 'SE')?.explanation).toMatch(/^Tolerated: SE02 "0002" does not match ST02 "0001"/);
    } finally {
      await deviating.close();
    }
  });

  it('answers a job without an answer (waiting, or stored before answers were kept) with raw null', async () => {
    // A Delta Dental ticket of an office without a portal credential: the portal job waits for one.
    const id = await harness.createFor(MARIA.memberId, { as: 'staffA2', office: 'office-a2' });
    await waitFor(async () => {
      const detail = (await harness.call('GET', `/api/verifications/${id}`, { as: 'staffA2' })).json<VerificationDetail>();
      return detail.jobs.some((job) => job.source === 'portal' && job.status === 'credentialPending');
    }, 'the portal job to wait for a credential');
    const { body } = await sourcesOf(id, 'staffA2');
    const waiting = body!.sources.find((source) => source.job.source === 'portal')!;
    expect(waiting).toMatchObject({ raw: null, mapped: null, notes: [] });

    const legacyId = 'legacy-sources-1';
    await harness.plant({ id: legacyId, document: { patient: {}, plan: null, ticket: {}, schemaVersion: 3 }, patient: sandboxPatientInfo(MARIA) });
    const at = new Date().toISOString();
    const legacyJob: JobDocument = {
      _id: 'legacy-job-1',
      verificationId: legacyId,
      orgId: 'org-a',
      officeId: 'office-a1',
      source: 'clearinghouse',
      sourceName: 'sandbox',
      status: 'done',
      outcome: 'error',
      reason: 'The clearinghouse could not be reached',
      attempts: 3,
      createdAt: at,
      startedAt: at,
      finishedAt: at,
      updatedAt: at,
      availableAt: 0,
      leaseOwner: null,
      leaseUntil: 0,
      deadlineAt: 0,
      requestId: null,
      resultJson: null,
    };
    await harness.store.transaction((tx) => harness.engine.stores.jobs.insert(tx, legacyJob));
    const legacy = await sourcesOf(legacyId);
    expect(legacy.response.statusCode).toBe(200);
    expect(legacy.body!.sources).toEqual([
      { job: expect.objectContaining({ id: 'legacy-job-1', outcome: 'error' }), raw: null, mapped: null, notes: [] },
    ]);
  });

  it('is another office\'s or organization\'s ticket: not found; company users of the organization read it', async () => {
    const id = await harness.createFor(MARIA.memberId);
    await harness.settled(id);
    for (const [as, office] of [['staffA2', 'office-a2'], ['staffB', 'office-b1'], ['adminB', undefined]] as const) {
      const { response } = await sourcesOf(id, as, office);
      expect([as, response.statusCode, response.json<{ message: string }>().message]).toEqual([as, 404, 'Verification not found']);
    }
    expect((await sourcesOf(id, 'agent', 'office-a1')).response.statusCode).toBe(200);
    expect((await sourcesOf('not a valid id!')).response.statusCode).toBe(400);
    expect((await harness.call('GET', `/api/verifications/${id}/sources`, { as: null })).statusCode).toBe(401);
    expect((await harness.call('GET', `/api/verifications/${id}/sources`, { as: 'goduser', office: 'office-a1' })).statusCode).toBe(403);
  });

  it('records the read in the audit trail, naming no patient value', async () => {
    const id = await harness.createFor(MARIA.memberId);
    await harness.settled(id);
    expect((await sourcesOf(id)).response.statusCode).toBe(200);
    const records = await harness.store.collection<AuditDocument>(AUDIT_COLLECTION).find({ ticketId: id, action: 'read', fields: ['sources'] });
    expect(records).toEqual([
      expect.objectContaining({ userId: USERS.staff.sub, orgId: 'org-a', officeId: 'office-a1', requestId: expect.any(String) }),
    ]);
  });
});

describe('logs while sources run and are read', () => {
  it('carry no 271 text, no portal data, no patient names, birth dates or member ids', async () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const logger = createLogger({ name: 'verifications-test', level: 'trace', destination });
    const logged = await createHarness({ concurrency: 2, logger });
    try {
      // Anthem has no portal: the clearinghouse alone answers.
      const created = await logged.call('POST', '/api/verifications', {
        body: { patient: sandboxPatientInfo(ANTHEM), carrier: { payerId: ANTHEM.payerId } },
      });
      expect(created.statusCode).toBe(201);
      const { id } = created.json<{ id: string }>();
      let sources: VerificationSources | undefined;
      await waitFor(async () => {
        const response = await logged.call('GET', `/api/verifications/${id}/sources`);
        sources = VerificationSources.parse(response.json());
        return sources.sources.every((source) => source.raw !== null);
      }, 'the clearinghouse answer');
      expect(sources!.sources[0]?.raw?.kind).toBe('x12');

      const log = lines.join('');
      expect(log).toContain(id);
      const { subscriber } = ANTHEM;
      const [month, day, year] = subscriber.dob.split('/');
      for (const secret of [ANTHEM.memberId, subscriber.lastName.toUpperCase(), subscriber.lastName, `${year}${month}${day}`, subscriber.dob, 'ISA*', 'EB*']) {
        expect([secret, log.includes(secret)]).toEqual([secret, false]);
      }
    } finally {
      await logged.close();
    }
  });
});
