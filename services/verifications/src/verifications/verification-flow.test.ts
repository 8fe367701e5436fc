/**
 * Whole verifications through the API: both sources (the sandbox clearinghouse, and the portals service over the
 * bus, reading the sandbox portals with the office's real credential), job transitions, the merged plan, the
 * conflict records, the ready event on the bus; the portal waiting for a credential or an MFA code and resuming
 * once the office added one or entered the code through the portals API; rejections, malformed answers,
 * retries, timeouts, and jobs resumed after a restart.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TOPICS, validateTicket, type PortalDataRequestPayload, type VerificationDetail } from '@dv/contracts';
import { type BusEvent } from '@dv/kit';
import { settle, waitFor } from '@dv/kit/testing';
import { ClearinghouseError, type Clearinghouse } from '../clearinghouse/clearinghouse';
import { createSandboxClearinghouse } from '../clearinghouse/sandbox';
import { JOBS_COLLECTION, type JobDocument } from '../jobs/jobs.store';
import { createHarness, type Harness } from '../testing/harness';

const MARIA = 'DD100200300';

function wrapperOf(detail: VerificationDetail) {
  return { patient: detail.patient, plan: detail.plan, ticket: detail.ticket, schemaVersion: detail.schemaVersion };
}

function readyEventsFor(events: readonly BusEvent[], id: string) {
  return events.filter((event) => event.key === id && event.type === 'verification.ready');
}

/** The sandbox clearinghouse, holding every answer until `release()`. */
function gatedClearinghouse(): { clearinghouse: Clearinghouse; release: () => void; calls: () => number } {
  const sandbox = createSandboxClearinghouse({ latencyMs: 0 });
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let calls = 0;
  return {
    clearinghouse: {
      async eligibility(x270) {
        calls += 1;
        await gate;
        return sandbox.eligibility(x270);
      },
    },
    release: () => release(),
    calls: () => calls,
  };
}

describe('a verification with both sources', () => {
  let harness: Harness;
  const gated = gatedClearinghouse();

  beforeAll(async () => {
    // office-a1 has a valid credential for the Delta Dental portal.
    harness = await createHarness({ clearinghouse: gated.clearinghouse, portalCredentials: ['deltadental'] });
  });
  afterAll(() => harness.close());

  it('creates, runs both jobs, merges with conflicts and announces readiness once', async () => {
    const ready = await harness.collect(TOPICS.verificationReady);
    const portalRequests = await harness.collect(TOPICS.portalDataRequests);
    const created = await harness.call('POST', '/api/verifications', {
      body: {
        patient: {
          patientFirstName: 'Maria',
          patientLastName: 'Lopez',
          patientDOB: '04/12/1985',
          patientMemberId: MARIA,
          patientRelationToSubscriber: 'Self',
          subscriberFirstName: 'Maria',
          subscriberLastName: 'Lopez',
          subscriberDOB: '04/12/1985',
          subscriberMemberId: MARIA,
        },
        carrier: { payerId: '77777' },
        appointment: { date: new Date().toLocaleDateString('en-US', { month: '2-digit', day: '2-digit', year: 'numeric', timeZone: 'UTC' }), provider: 'Dr. Rivera' },
      },
    });
    expect(created.statusCode).toBe(201);
    const { id, jobs } = created.json<{ id: string; jobs: VerificationDetail['jobs'] }>();
    // Answered at once: both jobs wait to run.
    expect(jobs.map((job) => [job.source, job.sourceName, job.status, job.outcome])).toEqual([
      ['clearinghouse', 'sandbox', 'pending', null],
      ['portal', 'deltadental', 'pending', null],
    ]);

    // The portal answers while the clearinghouse is still held: clearinghouse processing, portal done.
    await waitFor(async () => {
      const detail = (await harness.call('GET', `/api/verifications/${id}`)).json<VerificationDetail>();
      const [clearinghouse, portal] = detail.jobs;
      return clearinghouse?.status === 'processing' && portal?.status === 'done';
    }, 'clearinghouse processing and portal done');
    const midway = (await harness.call('GET', `/api/verifications/${id}`)).json<VerificationDetail>();
    expect(midway.status).toBe('Pending');
    expect(midway.readyAt).toBeNull();
    expect(midway.jobs[1]).toMatchObject({ outcome: 'success', reason: null, attempts: 1 });
    expect(midway.plan?.payer.typeOfVerification).toBe('portal');
    expect(readyEventsFor(ready.events, id)).toHaveLength(0);

    // What the portal was asked: the patient identifiers and the payer, nothing more.
    const request = portalRequests.events.map((event) => event.payload as PortalDataRequestPayload).find((entry) => entry.verificationId === id);
    expect(request).toMatchObject({
      orgId: 'org-a',
      officeId: 'office-a1',
      portalId: 'deltadental',
      payer: { payerId: '77777', name: 'Delta Dental of California', payerKey: 'DELTA_DENTAL' },
      patient: { firstName: 'Maria', lastName: 'Lopez', dob: '04/12/1985', memberId: MARIA, relationToSubscriber: 'Self' },
    });

    gated.release();
    const detail = await harness.settled(id);
    expect(detail.jobs.map((job) => [job.source, job.status, job.outcome])).toEqual([
      ['clearinghouse', 'done', 'success'],
      ['portal', 'done', 'success'],
    ]);
    for (const job of detail.jobs) {
      expect(job.finishedAt).not.toBeNull();
      expect(job.durationMs).toBeGreaterThanOrEqual(0);
    }
    expect(detail.status).toBe('Pending');
    expect(detail.readyAt).not.toBeNull();
    expect(validateTicket(wrapperOf(detail), 3)).toEqual({ ok: true });

    // The merged plan: agreement raises scores, the portal's live remaining amount wins, disagreements are kept.
    const plan = detail.plan!;
    expect(plan.payer).toMatchObject({ id: '77777', name: 'Delta Dental of California', typeOfVerification: 'portal+clearinghouse' });
    expect(plan.benefits.annualMax).toEqual({ value: 1500, score: 3 });
    expect(plan.sponsor.groupNumber).toEqual({ value: '01234-0001', score: 3 });
    expect(plan.sponsor.sponsorName).toEqual({ value: 'Acme Manufacturing Inc.', score: 2 });
    expect(plan.benefits.adaCodes['SUB:Implant Services']?.benefitLevel).toEqual({ value: 50, score: 2 });
    expect(plan.benefits.adaCodes['ADA:D0120']?.limitation).toEqual({ value: { quantity: 1, frequency: 6, timePeriod: 'mo' }, score: 3 });
    expect(detail.patient.insuranceRemaining).toEqual({ value: 1110, score: 2 });
    expect(detail.patient.deductibleRemaining).toEqual({ value: 25, score: 3 });
    expect(detail.patient.coverageStatus).toBe('active');
    expect(detail.patient.historyStatus).toBe('Complete');
    expect(detail.patient.history.map((record) => record.code).sort()).toEqual(['ADA:D0120', 'ADA:D0274', 'ADA:D1110', 'ADA:D2391']);

    // Conflicts: patient-level in the details (portal kept, score unchanged), plan-level in the entry (score 1).
    expect(plan.details.mappingInfo).toContainEqual({
      message: 'CONFLICTS',
      path: 'patient.insuranceRemaining',
      detail: 'clearinghouse (sandbox) stated 1210 (score 2); kept portal (deltadental): 1110',
    });
    const bitewings = plan.benefits.adaCodes['ADA:D0274']!;
    expect(bitewings.limitation).toEqual({ value: { quantity: 1, frequency: 1, timePeriod: 'yr' }, score: 1 });
    expect(bitewings.mappingInfo).toEqual([
      expect.objectContaining({ message: 'CONFLICTS', path: 'limitation', detail: expect.stringContaining('clearinghouse (sandbox) stated {"frequency":12,"quantity":1,"timePeriod":"mo"}') }),
    ]);
    expect(plan.score).toBeGreaterThanOrEqual(1);
    expect(plan.score).toBeLessThanOrEqual(10);
    expect(detail.warnings).toEqual([]);
    expect(detail.planId).not.toBeNull();
    expect(plan.planHash).toMatch(/^[0-9a-f]{64}$/);

    // One ready event, through the outbox, with the jobs, the audience, and for services the coverage status.
    const event = await ready.waitFor((candidate) => readyEventsFor([candidate], id).length === 1, 'the ready event');
    expect(event.type).toBe('verification.ready');
    expect(event.payload).toEqual({
      verificationId: id,
      jobs: detail.jobs.map((job) => ({ id: job.id, status: 'done', source: job.source })),
      orgId: 'org-a',
      officeId: 'office-a1',
      coverageStatus: 'active',
      attention: null,
    });
    await settle(100);
    expect(readyEventsFor(ready.events, id)).toHaveLength(1);
  });
});

describe('the portal waits for the office', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await createHarness();
  });
  afterAll(() => harness.close());

  it('goes credentialPending without a credential, announces what it has, and resumes when one is added', async () => {
    const ready = await harness.collect(TOPICS.verificationReady);
    const id = await harness.createFor(MARIA);

    const waiting = await harness.settled(id);
    const [clearinghouse, portal] = waiting.jobs;
    expect(clearinghouse).toMatchObject({ status: 'done', outcome: 'success' });
    expect(portal).toMatchObject({ status: 'credentialPending', outcome: null, reason: expect.stringContaining('no credential for the Delta Dental Provider Tools portal') });
    expect(waiting.status).toBe('portalpending');
    // The clearinghouse's data alone, nothing disputed.
    expect(waiting.patient.insuranceRemaining).toEqual({ value: 1210, score: 2 });
    expect(waiting.plan?.payer.typeOfVerification).toBe('clearinghouse');
    const first = await ready.waitFor((event) => readyEventsFor([event], id).length === 1, 'the first ready event');
    expect((first.payload as { jobs: unknown }).jobs).toEqual([
      { id: clearinghouse!.id, status: 'done', source: 'clearinghouse' },
      { id: portal!.id, status: 'credentialPending', source: 'portal' },
    ]);

    // The office's manager adds the Delta Dental login on the Portal Credentials page.
    await harness.portals.addCredential('deltadental', { office: 'office-a1', username: 'frontdesk' });
    await waitFor(() => readyEventsFor(ready.events, id).length === 2, 'the second ready event', 10_000);
    const [, second] = readyEventsFor(ready.events, id);
    expect((second!.payload as { jobs: { status: string }[] }).jobs.map((job) => job.status)).toEqual(['done', 'done']);
    const resumed = (await harness.call('GET', `/api/verifications/${id}`)).json<VerificationDetail>();
    expect(resumed.status).toBe('Pending');
    expect(resumed.jobs[1]).toMatchObject({ status: 'done', outcome: 'success', reason: null });
    expect(resumed.patient.insuranceRemaining).toEqual({ value: 1110, score: 2 });
    expect(resumed.plan?.payer.typeOfVerification).toBe('portal+clearinghouse');
  });

  it('goes mfaRequired when the portal asks for a code, keeps a user edit, and resumes once the code is entered', async () => {
    const ready = await harness.collect(TOPICS.verificationReady);
    const member = 'DD123456789';
    // office-a2's login makes the portal ask for a verification code.
    const credential = await harness.portals.addCredential('deltadental', { office: 'office-a2', username: 'mfa-frontdesk' });
    await harness.portals.waitForCredential(credential.id, 'mfaRequired', 'office-a2');
    const id = await harness.createFor(member, { as: 'staffA2' });

    const waiting = await harness.settled(id, 'staffA2');
    expect(waiting.jobs[1]).toMatchObject({ source: 'portal', status: 'mfaRequired', reason: expect.stringContaining('verification code') });
    expect(waiting.status).toBe('portalpending');
    const first = await ready.waitFor((event) => readyEventsFor([event], id).length === 1, 'the first ready event');
    expect((first.payload as { jobs: { status: string }[] }).jobs.map((job) => job.status)).toEqual(['done', 'mfaRequired']);

    // The office corrects a value meanwhile: the late portal data does not override it.
    const edited = await harness.call('PATCH', `/api/verifications/${id}`, {
      as: 'staffA2',
      body: { edits: [{ path: 'plan.benefits.annualMax', value: 1750 }] },
    });
    expect(edited.statusCode).toBe(200);

    // The code the portal sent: 201, the login finishes a moment later.
    expect(await harness.portals.submitMfaCode('deltadental', '123456', 'office-a2')).toBe(201);
    await waitFor(() => readyEventsFor(ready.events, id).length === 2, 'the second ready event', 10_000);
    const resumed = (await harness.call('GET', `/api/verifications/${id}`, { as: 'staffA2' })).json<VerificationDetail>();
    expect(resumed.jobs.map((job) => job.status)).toEqual(['done', 'done']);
    expect(resumed.jobs[1]?.outcome).toBe('success');
    expect(resumed.plan?.benefits.annualMax).toMatchObject({ value: 1750, score: 4 });
    expect(resumed.plan?.benefits.annualMax?.changeHistory).toHaveLength(1);
    expect(resumed.plan?.payer.typeOfVerification).toBe('portal+clearinghouse');
    // Portal and clearinghouse agree for this member: corroborated values.
    expect(resumed.patient.insuranceRemaining).toEqual({ value: 1210, score: 3 });
    expect(validateTicket(wrapperOf(resumed), 3)).toEqual({ ok: true });
  });

  it("ends the portal job in error with the portal's reason when the login is rejected", async () => {
    const credential = await harness.portals.addCredential('metdental', { office: 'office-a1', password: 'wrong' });
    await harness.portals.waitForCredential(credential.id, 'invalid');
    const detail = await harness.settled(await harness.createFor('MET884412'));
    expect(detail.jobs[1]).toMatchObject({
      source: 'portal',
      sourceName: 'metdental',
      status: 'done',
      outcome: 'error',
      reason: 'The login to the MetLife Dental (MetDental) portal failed: the portal rejected the username or password',
    });
    expect(detail.jobs[0]).toMatchObject({ status: 'done', outcome: 'success' });
  });
});

describe('sources that fail', () => {
  it('records AAA rejections and portal errors as the jobs outcome, with the reason', async () => {
    const harness = await createHarness({ portalCredentials: ['deltadental'] });
    try {
      const created = await harness.call('POST', '/api/verifications', {
        body: {
          patient: { patientFirstName: 'Nora', patientLastName: 'Nobody', patientDOB: '01/01/1990', patientMemberId: 'NOTFOUND123', patientRelationToSubscriber: 'Self' },
          carrier: { payerId: '77777' },
        },
      });
      const id = (created.json<{ id: string }>()).id;
      const detail = await harness.settled(id);
      expect(detail.jobs[0]).toMatchObject({ source: 'clearinghouse', status: 'done', outcome: 'rejected', reason: 'AAA 75 Subscriber/insured not found (Please correct and resubmit)' });
      expect(detail.jobs[1]).toMatchObject({ source: 'portal', status: 'done', outcome: 'error', reason: expect.stringContaining('no member') });
      expect(detail.plan).toBeNull();
      expect(detail.patient.coverageStatus).toBe('unknown');
      expect(detail.warnings).toEqual(['UNKNOWN_ERROR']);
      expect(detail.readyAt).not.toBeNull();
    } finally {
      await harness.close();
    }
  });

  it('ends a clearinghouse job in error on a malformed 271, never with half a plan', async () => {
    const harness = await createHarness({ clearinghouse: { eligibility: () => Promise.resolve('ISA*00*this is not X12~') } });
    try {
      const id = await harness.createFor('ANT200100777'); // a payer without a portal: clearinghouse only
      const detail = await harness.settled(id);
      expect(detail.jobs).toHaveLength(1);
      expect(detail.jobs[0]).toMatchObject({ status: 'done', outcome: 'error', reason: expect.stringMatching(/^The clearinghouse answered malformed X12: /) });
      expect(detail.plan).toBeNull();
      expect(detail.warnings).toEqual(['UNKNOWN_ERROR']);
    } finally {
      await harness.close();
    }
  });

  it('retries a clearinghouse that cannot be reached, then succeeds', async () => {
    const sandbox = createSandboxClearinghouse({ latencyMs: 0 });
    let calls = 0;
    const flaky: Clearinghouse = {
      eligibility(x270) {
        calls += 1;
        return calls === 1 ? Promise.reject(new ClearinghouseError('The clearinghouse answered 503', true, 503)) : sandbox.eligibility(x270);
      },
    };
    const harness = await createHarness({ clearinghouse: flaky });
    try {
      const id = await harness.createFor('ANT200100777');
      const detail = await harness.settled(id);
      expect(detail.jobs[0]).toMatchObject({ status: 'done', outcome: 'success', attempts: 2 });
      expect(calls).toBe(2);
    } finally {
      await harness.close();
    }
  });

  it('gives up after three transient failures', async () => {
    const harness = await createHarness({
      clearinghouse: { eligibility: () => Promise.reject(new ClearinghouseError('The clearinghouse could not be reached', true)) },
    });
    try {
      const id = await harness.createFor('ANT200100777');
      const detail = await harness.settled(id);
      expect(detail.jobs[0]).toMatchObject({
        status: 'done',
        outcome: 'error',
        attempts: 3,
        reason: 'The clearinghouse could not be reached (gave up after 3 attempts)',
      });
    } finally {
      await harness.close();
    }
  });

  it('ends a portal job in error when the portals service does not answer in time', async () => {
    const harness = await createHarness({ portalResultTimeoutMs: 100 });
    try {
      // No portals service on the bus any more.
      await harness.portals.stop();
      const id = await harness.createFor(MARIA);
      const detail = await harness.settled(id);
      expect(detail.jobs[1]).toMatchObject({ source: 'portal', status: 'done', outcome: 'error', reason: 'The portals service did not answer within 0.1 s' });
      expect(detail.jobs[0]).toMatchObject({ status: 'done', outcome: 'success' });
      expect(detail.plan?.payer.typeOfVerification).toBe('clearinghouse');
    } finally {
      await harness.close();
    }
  });
});

describe('a restart', () => {
  it('resumes pending jobs and jobs whose run was interrupted', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'verifications-restart-'));
    try {
      const before = await createHarness({ dir, startEngine: false });
      const pendingId = await before.createFor('ANT200100777');
      const interruptedId = await before.createFor('LFG40088123');
      // A process died while running the second one: its job is processing under a lease that ran out.
      const jobs = before.store.collection<JobDocument>(JOBS_COLLECTION);
      await jobs.update({ verificationId: interruptedId }, { set: { status: 'processing', attempts: 1, leaseOwner: 'runner-dead', leaseUntil: Date.now() - 1 } });
      expect((await jobs.find({ verificationId: pendingId })).map((job) => job.status)).toEqual(['pending']);
      await before.close();

      const after = await createHarness({ dir });
      try {
        const resumed = await after.settled(pendingId);
        expect(resumed.jobs[0]).toMatchObject({ status: 'done', outcome: 'success', attempts: 1 });
        const rerun = await after.settled(interruptedId);
        expect(rerun.jobs[0]).toMatchObject({ status: 'done', outcome: 'success', attempts: 2 });
        expect(rerun.plan).not.toBeNull();
      } finally {
        await after.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
