/**
 * Re-verification through the service's API on a real embedded store, the sandbox clearinghouse (whose member
 * GEHA2468013 has claims paid between inquiries) and the portals service beside it.
 */
import {
  EVENT_TYPES,
  REVERIFICATION_MESSAGES,
  ReverificationDetail,
  ReverificationV3,
  TOPICS,
  type Page,
  type ReverificationListItem,
  type VerificationDetail,
} from '@dv/contracts';
import { waitFor } from '@dv/kit/testing';
import { type Clearinghouse } from '../clearinghouse/clearinghouse';
import { createSandboxClearinghouse } from '../clearinghouse/sandbox';
import { readPdfText } from '../pdf/pdf-text';
import { createHarness, type Harness } from '../testing/harness';

const RUTH = 'GEHA2468013';

async function reverify(harness: Harness, verificationId: string, as: 'staff' | 'staffmanager' = 'staff'): Promise<ReverificationDetail> {
  const response = await harness.call('POST', '/api/reverifications', { as, body: { verificationId } });
  expect({ status: response.statusCode, body: response.statusCode === 201 ? 'ok' : response.body }).toEqual({ status: 201, body: 'ok' });
  return ReverificationDetail.parse(response.json());
}

async function settledCheck(harness: Harness, id: string, as: 'staff' | 'staffmanager' = 'staff'): Promise<ReverificationDetail> {
  let detail: ReverificationDetail | undefined;
  await waitFor(async () => {
    const response = await harness.call('GET', `/api/reverifications/${id}`, { as });
    detail = ReverificationDetail.parse(response.json());
    return detail.status !== 'checking';
  }, `re-verification ${id} to settle`, 30_000);
  return detail!;
}

describe('re-verifying a verification', () => {
  let harness: Harness;
  let ticket: VerificationDetail;

  beforeAll(async () => {
    harness = await createHarness();
    ticket = await harness.settled(await harness.createFor(RUTH));
  });
  afterAll(() => harness.close());

  it('checks the eligibility again, keeps the plan and names what changed', async () => {
    const events = await harness.collect(TOPICS.verificationReady);
    const started = await reverify(harness, ticket.id);
    expect(started).toMatchObject({ verificationId: ticket.id, status: 'checking', rechecks: 1 });
    expect(started.checks.map((check) => [check.kind, check.status])).toEqual([
      ['verification', 'done'],
      ['reverification', 'checking'],
    ]);
    expect(started.checks[1]!.jobs.map((job) => job.source)).toEqual(['clearinghouse']);

    const done = await settledCheck(harness, started.id);
    expect(done.status).toBe('done');
    expect(ReverificationV3.parse(done.document).eligibility).toHaveLength(2);
    expect(done.document.eligibility.map((entry) => [entry.insuranceRemaining?.value, entry.isActive])).toEqual([
      [4720, true],
      [4470, true],
    ]);
    expect(done.checks[1]).toMatchObject({ eligibilityIndex: 1, startedBy: 'staff@a.test' });
    expect(done.checks[1]!.changes).toEqual([
      { field: 'insuranceRemaining', from: '$4,720.00', to: '$4,470.00', text: 'Remaining maximum went from $4,720.00 to $4,470.00' },
    ]);
    expect(done).toMatchObject({ changes: 1, coverageStatus: 'active', plan: { groupNumber: 'GEHAFED', planId: ticket.planId } });

    // The verification itself is what the office was told then: unchanged, its plan included.
    const after = (await harness.call('GET', `/api/verifications/${ticket.id}`)).json<VerificationDetail>();
    expect(after.patient.insuranceRemaining?.value).toBe(4720);
    expect(after.plan).toEqual(ticket.plan);
    expect(after.jobs).toEqual(ticket.jobs);

    // The office's browsers hear of each status, by ids only.
    const heard = await events.waitFor((event) => event.type === EVENT_TYPES.reverificationChanged && (event.payload as { status: string }).status === 'done', 'the check done');
    expect(heard.payload).toEqual({ reverificationId: started.id, verificationId: ticket.id, status: 'done', orgId: 'org-a', officeId: 'office-a1' });
  });

  it('adds a check to the same re-verification each time, comparing with the one before', async () => {
    const again = await settledCheck(harness, (await reverify(harness, ticket.id, 'staffmanager')).id);
    expect(again.rechecks).toBe(2);
    expect(again.document.eligibility.map((entry) => entry.insuranceRemaining?.value)).toEqual([4720, 4470, 4220]);
    expect(again.checks[2]!.changes.map((change) => change.text)).toEqual(['Remaining maximum went from $4,470.00 to $4,220.00']);
  });

  it('lists the office re-verifications, searched by name or member id, paged', async () => {
    const page = (await harness.call('GET', '/api/reverifications?q=fisch')).json<Page<ReverificationListItem>>();
    expect(page).toMatchObject({ total: 1, page: 1, pageSize: 20 });
    expect(page.items[0]).toMatchObject({ verificationId: ticket.id, patient: { lastName: 'Fischer', memberId: RUTH }, status: 'done', changes: 1 });
    expect((await harness.call('GET', '/api/reverifications?q=nobody')).json<Page<ReverificationListItem>>().total).toBe(0);
    expect((await harness.call('GET', `/api/reverifications?q=${RUTH.slice(2, 8)}`)).json<Page<ReverificationListItem>>().total).toBe(1);
    const ofTicket = (await harness.call('GET', `/api/reverifications?verificationId=${ticket.id}`)).json<Page<ReverificationListItem>>();
    expect(ofTicket.items.map((item) => item.verificationId)).toEqual([ticket.id]);
    expect((await harness.call('GET', '/api/reverifications?verificationId=other-ticket')).json<Page<ReverificationListItem>>().total).toBe(0);
    for (const query of ['page=0', 'pageSize=0', 'pageSize=101', 'page=abc', 'sort=dob', 'order=up', `q=${'x'.repeat(101)}`, 'verificationId=../x']) {
      const response = await harness.call('GET', `/api/reverifications?${query}`);
      expect({ query, status: response.statusCode }).toEqual({ query, status: 400 });
    }
  });

  it('prints the Re-verification PDF with the changes and the checks', async () => {
    const { items } = (await harness.call('GET', '/api/reverifications')).json<Page<ReverificationListItem>>();
    const response = await harness.call('GET', `/api/reverifications/${items[0]!.id}/pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="reverification-${ticket.id}.pdf"`);
    const text = await readPdfText(response.rawPayload);
    expect(text).toContain('Re-verification');
    expect(text).toContain('Remaining maximum went from $4,470.00 to $4,220.00');
    expect(text).toContain('Ruth');
    expect(text).toContain('GEHAFED');
  });

  it('refuses what cannot be re-checked with the field or the reason', async () => {
    const bad = async (body: unknown) => (await harness.call('POST', '/api/reverifications', { body })).statusCode;
    expect(await bad({})).toBe(400);
    expect(await bad({ verificationId: '../x' })).toBe(400);
    expect(await bad({ verificationId: 'x'.repeat(200) })).toBe(400);
    expect(await bad({ verificationId: ticket.id, extra: 1 })).toBe(400);
    expect(await bad({ verificationId: 'no-such-verification' })).toBe(404);
    const response = await harness.call('POST', '/api/reverifications', { body: { verificationId: 'no-such-verification' } });
    expect(response.json()).toMatchObject({ statusCode: 404, message: 'Verification not found' });
  });
});

describe('re-checks that wait or overlap', () => {
  /** A clearinghouse that answers only when the test lets it. */
  function gatedClearinghouse(): Clearinghouse & { open(): void } {
    const sandbox = createSandboxClearinghouse();
    let release: () => void = () => undefined;
    let gate = new Promise<void>((resolve) => (release = resolve));
    let first = true;
    return {
      async eligibility(x270, options) {
        // The verification's own inquiry answers at once; re-checks wait for the gate.
        if (!first) await gate;
        first = false;
        return sandbox.eligibility(x270, options);
      },
      open() {
        release();
        gate = Promise.resolve();
      },
    };
  }

  it('refuses a second re-check while one runs, and a re-check before the verification answered', async () => {
    const clearinghouse = gatedClearinghouse();
    const harness = await createHarness({ clearinghouse });
    try {
      const ticket = await harness.settled(await harness.createFor(RUTH));
      const started = await reverify(harness, ticket.id);
      const second = await harness.call('POST', '/api/reverifications', { body: { verificationId: ticket.id } });
      expect(second.statusCode).toBe(409);
      expect(second.json()).toMatchObject({ message: REVERIFICATION_MESSAGES.alreadyRunning });
      clearinghouse.open();
      expect((await settledCheck(harness, started.id)).status).toBe('done');
    } finally {
      await harness.close();
    }
    const stopped = await createHarness({ startEngine: false });
    try {
      const pending = await stopped.createFor(RUTH);
      const early = await stopped.call('POST', '/api/reverifications', { body: { verificationId: pending } });
      expect({ status: early.statusCode, message: early.json<{ message: string }>().message }).toEqual({ status: 409, message: REVERIFICATION_MESSAGES.notReady });
    } finally {
      await stopped.close();
    }
  });

  it('waits for the office when the portal needs a credential, and a newer re-check closes the waiting one', async () => {
    const harness = await createHarness();
    try {
      // Delta Dental: the clearinghouse and the deltadental portal, for which office-a1 has no credential.
      const ticket = await harness.settled(await harness.createFor('DD100200300'));
      const first = await settledCheck(harness, (await reverify(harness, ticket.id)).id);
      expect(first.status).toBe('waiting');
      expect(first.checks[1]!.jobs.map((job) => [job.source, job.status])).toEqual([
        ['clearinghouse', 'done'],
        ['portal', 'credentialPending'],
      ]);
      // What the clearinghouse answered is kept while the portal waits.
      expect(first.checks[1]!.eligibilityIndex).toBe(1);

      const second = await settledCheck(harness, (await reverify(harness, ticket.id)).id);
      const closed = second.checks[1]!;
      expect(closed.status).toBe('done');
      expect(closed.jobs.find((job) => job.source === 'portal')).toMatchObject({ status: 'done', outcome: 'error', reason: 'A newer re-check of this verification replaced this one' });
      expect(second.checks[2]!.status).toBe('waiting');
      // The verification's own jobs are not the re-checks'.
      const own = (await harness.call('GET', `/api/verifications/${ticket.id}`)).json<VerificationDetail>();
      expect(own.jobs).toHaveLength(2);
    } finally {
      await harness.close();
    }
  });
});
