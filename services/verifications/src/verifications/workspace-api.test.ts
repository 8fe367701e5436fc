/**
 * What the verification workspace asks of the ticket API: versions that refuse stale edits (two tabs), retrying a
 * source job, and a status event on every job change so the page's chips follow live.
 */
import {
  EVENT_TYPES,
  RETRYABLE_JOB_MESSAGE,
  TOPICS,
  VERIFICATION_EDIT_CONFLICT,
  VerificationReadyPayload,
  type EditConflictDetails,
  type VerificationDetail,
} from '@dv/contracts';
import fc from 'fast-check';
import { createHarness, type Harness } from '../testing/harness';

let harness: Harness;

beforeAll(async () => {
  harness = await createHarness();
});
afterAll(() => harness.close());

const annualMax = (value: number) => ({ path: 'plan.benefits.annualMax', value });

async function readyTicket(): Promise<VerificationDetail> {
  return harness.settled(await harness.createFor('DD100200300'));
}

describe('ticket versions', () => {
  it('starts a read ticket at a version and counts every write', async () => {
    const detail = await readyTicket();
    expect(detail.version).toBeGreaterThan(0);
    const edited = await harness.call('PATCH', `/api/verifications/${detail.id}`, { body: { edits: [annualMax(1800)], version: detail.version } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<VerificationDetail>().version).toBe(detail.version + 1);
  });

  it('refuses an edit made on an older version with 409, the message and the values stored now', async () => {
    const detail = await readyTicket();
    const first = await harness.call('PATCH', `/api/verifications/${detail.id}`, { body: { edits: [annualMax(2100)], version: detail.version } });
    expect(first.statusCode).toBe(200);

    // The second tab still holds the version it read.
    const second = await harness.call('PATCH', `/api/verifications/${detail.id}`, { body: { edits: [annualMax(900)], version: detail.version } });
    expect(second.statusCode).toBe(409);
    const body = second.json<{ message: string; details: EditConflictDetails }>();
    expect(body.message).toBe(VERIFICATION_EDIT_CONFLICT);
    expect(body.details).toEqual({ version: detail.version + 1, current: [{ path: 'plan.benefits.annualMax', value: 2100 }] });

    const after = (await harness.call('GET', `/api/verifications/${detail.id}`)).json<VerificationDetail>();
    expect(after.plan?.benefits.annualMax?.value).toBe(2100);
  });

  it('refuses every stale version, whichever it is, and loses nothing', async () => {
    const detail = await readyTicket();
    const saved = await harness.call('PATCH', `/api/verifications/${detail.id}`, { body: { edits: [annualMax(1234)], version: detail.version } });
    const current = saved.json<VerificationDetail>().version;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 10_000 }).filter((version) => version !== current),
        fc.integer({ min: 0, max: 99_999 }),
        async (version, value) => {
          const response = await harness.call('PATCH', `/api/verifications/${detail.id}`, { body: { edits: [annualMax(value)], version } });
          expect(response.statusCode).toBe(409);
        },
      ),
      { numRuns: 25 },
    );
    const after = (await harness.call('GET', `/api/verifications/${detail.id}`)).json<VerificationDetail>();
    expect([after.version, after.plan?.benefits.annualMax?.value]).toEqual([current, 1234]);
  });

  it.each([[-1], [1.5], ['3']])('refuses a version that is no count (%p) with 400', async (version) => {
    const detail = await readyTicket();
    const response = await harness.call('PATCH', `/api/verifications/${detail.id}`, { body: { edits: [annualMax(1)], version } });
    expect(response.statusCode).toBe(400);
  });
});

describe('POST /api/verifications/{id}/jobs/{jobId}/retry', () => {
  it('runs a finished job again and the ticket becomes ready again', async () => {
    const detail = await readyTicket();
    const job = detail.jobs.find((candidate) => candidate.source === 'clearinghouse')!;
    const retried = await harness.call('POST', `/api/verifications/${detail.id}/jobs/${job.id}/retry`);
    expect(retried.statusCode).toBe(200);
    const after = await harness.settled(detail.id);
    const again = after.jobs.find((candidate) => candidate.id === job.id)!;
    expect([again.status, again.outcome, again.attempts]).toEqual(['done', 'success', job.attempts + 1]);
    expect(after.readyAt).not.toBeNull();
    expect(after.plan).not.toBeNull();
  });

  it('answers 404 for an unknown job, another office user and another organization', async () => {
    const detail = await readyTicket();
    const job = detail.jobs[0]!;
    expect((await harness.call('POST', `/api/verifications/${detail.id}/jobs/nope/retry`)).statusCode).toBe(404);
    expect((await harness.call('POST', `/api/verifications/${detail.id}/jobs/${job.id}/retry`, { as: 'staffA2' })).statusCode).toBe(404);
    expect((await harness.call('POST', `/api/verifications/${detail.id}/jobs/${job.id}/retry`, { as: 'staffB' })).statusCode).toBe(404);
    expect((await harness.call('POST', `/api/verifications/${detail.id}/jobs/${job.id}/retry`, { as: 'groupmanager' })).statusCode).toBe(403);
  });

  it('refuses a job that is still working and a submitted ticket (409)', async () => {
    const id = await harness.createFor('DD100200300');
    const { jobs } = (await harness.call('GET', `/api/verifications/${id}`)).json<VerificationDetail>();
    const busy = jobs.find((job) => job.status === 'pending' || job.status === 'processing');
    if (busy) {
      const response = await harness.call('POST', `/api/verifications/${id}/jobs/${busy.id}/retry`);
      // It may have ended meanwhile; while it works it is refused.
      if (response.statusCode !== 200) expect(response.json<{ message: string }>().message).toBe(RETRYABLE_JOB_MESSAGE);
    }
    const detail = await harness.settled(id);
    expect((await harness.call('POST', `/api/verifications/${id}/submit`)).statusCode).toBe(200);
    expect((await harness.call('POST', `/api/verifications/${id}/jobs/${detail.jobs[0]!.id}/retry`)).statusCode).toBe(409);
  });
});

describe('job status events', () => {
  it('announces the claim and the end of each job, then readiness, with ids and statuses only', async () => {
    const events = await harness.collect(TOPICS.verificationReady);
    const id = await harness.createFor('DD100200300');
    await harness.settled(id);
    const ready = await events.waitFor((event) => event.type === EVENT_TYPES.verificationReady && (event.payload as { verificationId: string }).verificationId === id, 'ready');
    const mine = events.events.filter((event) => (event.payload as { verificationId: string }).verificationId === id);
    const changes = mine.filter((event) => event.type === EVENT_TYPES.verificationJobChanged);
    expect(changes.length).toBeGreaterThanOrEqual(1);
    for (const event of [...changes, ready]) {
      const payload = VerificationReadyPayload.strict().parse(event.payload);
      expect(JSON.stringify(payload)).not.toMatch(/Maria|Lopez|DD100200300/i);
    }
    const statuses = changes.flatMap((event) => (event.payload as VerificationReadyPayload).jobs.map((job) => job.status));
    expect(statuses).toContain('processing');
  });
});

describe('where values came from', () => {
  it('names the sources that state each value, the other values of a dispute, and the user after an edit', async () => {
    const both = await createHarness({ portalCredentials: ['deltadental'] });
    try {
      const detail = await both.settled(await both.createFor('DD100200300'));
      const sources = (path: string) => detail.fieldSources[path];
      expect(sources('plan.benefits.annualMax')?.stated.map((ref) => ref.source).sort()).toEqual(['clearinghouse', 'portal']);
      // The sandbox portal shows a later remaining amount than the 271: the portal's value is kept, the 271's listed.
      expect(sources('patient.insuranceRemaining')).toEqual({
        stated: [{ source: 'portal', sourceName: 'deltadental' }],
        disputed: [{ source: 'clearinghouse', sourceName: expect.any(String), value: 1210 }],
      });
      for (const [path, field] of Object.entries(detail.fieldSources)) {
        expect(path).toMatch(/^(plan|patient)\./);
        expect(field.stated.length + field.disputed.length).toBeGreaterThan(0);
      }
      const edited = await both.call('PATCH', `/api/verifications/${detail.id}`, { body: { edits: [annualMax(1999)] } });
      expect(edited.json<VerificationDetail>().fieldSources['plan.benefits.annualMax']).toEqual({
        stated: [{ source: 'user', sourceName: 'user' }],
        disputed: [],
      });
    } finally {
      await both.close();
    }
  });
});

describe('edits the breakdown tables make', () => {
  it.each([['CAT:Adjunctive General Services'], ['SUB:Implant Services'], ['SUB:Oral & Maxillofacial Surgery']])(
    'sets the plan-pays percentage of %s, a key with spaces',
    async (key) => {
      const detail = await readyTicket();
      const path = `plan.benefits.adaCodes.${key}.benefitLevel`;
      const response = await harness.call('PATCH', `/api/verifications/${detail.id}`, { body: { edits: [{ path, value: 70 }], version: detail.version } });
      expect(response.statusCode).toBe(200);
      expect(response.json<VerificationDetail>().plan?.benefits.adaCodes[key]?.benefitLevel).toMatchObject({ value: 70, score: 4 });
    },
  );

  it.each([['plan. benefits.annualMax'], ['plan.benefits .annualMax'], ['plan..annualMax'], ['plan.benefits.adaCodes.SUB:Crowns .benefitLevel']])(
    'still refuses a path with a segment that starts or ends with a space, or is empty (%p)',
    async (path) => {
      const detail = await readyTicket();
      const response = await harness.call('PATCH', `/api/verifications/${detail.id}`, { body: { edits: [{ path, value: 1 }] } });
      expect(response.statusCode).toBe(400);
    },
  );

  it.each([['min', 6], ['max', 15]])('sets the %s age of a code that had no age: the other end is created as not stated', async (end, value) => {
    const detail = await readyTicket();
    const path = `plan.benefits.adaCodes.ADA:D0120.age.${end}`;
    const response = await harness.call('PATCH', `/api/verifications/${detail.id}`, { body: { edits: [{ path, value }], version: detail.version } });
    expect(response.statusCode).toBe(200);
    const age = response.json<VerificationDetail>().plan?.benefits.adaCodes['ADA:D0120']?.age;
    const other = end === 'min' ? 'max' : 'min';
    expect(age?.[end as 'min' | 'max']).toMatchObject({ value, score: 4 });
    expect(age?.[other]).toEqual({ value: null, score: 1 });
  });
});

describe('values a user may not enter', () => {
  const MONEY = ['plan.benefits.annualMax', 'plan.benefits.deductible.individual', 'patient.insuranceRemaining', 'plan.benefits.adaCodes.CAT:Orthodontics.lifetimeMaximum'];

  it('refuses any negative amount with a clear 400 and keeps what was stored (generated cases)', async () => {
    const detail = await readyTicket();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...MONEY), fc.double({ max: -Number.MIN_VALUE, noNaN: true, noDefaultInfinity: true }), async (path, value) => {
        const response = await harness.call('PATCH', `/api/verifications/${detail.id}`, { body: { edits: [{ path, value }] } });
        expect(response.statusCode).toBe(400);
        expect(response.json<{ details: { message: string }[] }>().details[0]?.message).toBe('A value cannot be negative');
      }),
      { numRuns: 30 },
    );
    const after = (await harness.call('GET', `/api/verifications/${detail.id}`)).json<VerificationDetail>();
    expect(after.version).toBe(detail.version);
    expect(after.plan?.benefits.annualMax).toEqual(detail.plan?.benefits.annualMax);
  });

  it.each([
    [{ quantity: 0, frequency: 12, timePeriod: 'mo' }],
    [{ quantity: 2, frequency: -1, timePeriod: 'mo' }],
  ])('refuses a limitation of no services or no period: %j', async (value) => {
    const detail = await readyTicket();
    const response = await harness.call('PATCH', `/api/verifications/${detail.id}`, {
      body: { edits: [{ path: 'plan.benefits.adaCodes.ADA:D0120.limitation', value }] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ details: { message: string }[] }>().details[0]?.message).toBe('Quantity and frequency must be more than 0');
  });

  it('still says which time period is wrong', async () => {
    const detail = await readyTicket();
    const response = await harness.call('PATCH', `/api/verifications/${detail.id}`, {
      body: { edits: [{ path: 'plan.benefits.adaCodes.ADA:D0120.limitation', value: { quantity: 2, frequency: 12, timePeriod: 'fortnight' } }] },
    });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain('Wrong time period');
  });
});
