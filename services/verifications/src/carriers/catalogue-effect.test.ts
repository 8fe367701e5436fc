/**
 * A change to the stored carrier catalogue reaches new work without a restart: the New Verification picker, the
 * sandbox patients, creating a verification, the schedule's requests, re-verification, and the coinsurance
 * convention the clearinghouse job and the source view read a 271 with. Also the seed (idempotent, never over an
 * edit) and the reader's copy (invalidated by a change here, read again after its lifetime, a transaction's own
 * read).
 */
import { randomUUID } from 'node:crypto';
import {
  CARRIER_MESSAGES,
  EVENT_TYPES,
  REVERIFICATION_MESSAGES,
  sandboxMember,
  sandboxPatientInfo,
  TOPICS,
  type CarrierCatalogue,
  type SandboxPatients,
  type VerificationDetail,
  type VerificationReadyPayload,
  type VerificationSources,
  type X271Preview,
} from '@dv/contracts';
import { createHarness, type Harness } from '../testing/harness';
import { INACTIVE_PAYER } from '../verifications/verification-requests';
import { seedCarrierCatalogue } from './carrier-seed';
import { carrierCatalogueReader } from './catalogue-reader';
import { CARRIERS_COLLECTION, type CarrierDocument } from './carriers.store';

let harness: Harness;
beforeAll(async () => {
  harness = await createHarness();
});
afterAll(() => harness.close());

const EDITOR = { sub: 'user-carrier-editor', email: 'carriers@a.test', org: 'org-a', roles: ['superadministrator'], allowedOfficeIds: [], editGlobalCarriers: true };

async function change(payerId: string, patch: Record<string, unknown>): Promise<void> {
  const token = await harness.issuer.sign(EDITOR);
  const response = await harness.app.inject({ method: 'PATCH', url: `/api/management/carriers/${payerId}`, headers: { authorization: `Bearer ${token}` }, payload: patch });
  expect(response.statusCode).toBe(200);
}

const pickerIds = async () => (await harness.call('GET', '/api/carriers')).json<CarrierCatalogue>().map((carrier) => carrier.payerId);

/** Every coinsurance level the plan states, by code. */
function levels(detail: Pick<VerificationDetail, 'plan'>): Record<string, number> {
  const codes = detail.plan?.benefits.adaCodes ?? {};
  return Object.fromEntries(
    Object.entries(codes).flatMap(([code, entry]) => {
      const level = entry?.benefitLevel?.value;
      return typeof level === 'number' ? [[code, level]] : [];
    }),
  );
}

describe('deactivating a carrier', () => {
  // Anthem: the clearinghouse alone verifies it.
  const ANTHEM = '47198';

  afterEach(() => change(ANTHEM, { active: true }));

  it('takes it out of the picker and the sandbox patients, and refuses new verifications of it; restoring brings it back', async () => {
    const earlier = await harness.settled(await harness.createFor('ANT200100777'));
    await change(ANTHEM, { active: false });

    expect(await pickerIds()).not.toContain(ANTHEM);
    const patients = (await harness.call('GET', '/api/verifications/sandbox/patients')).json<SandboxPatients>().patients;
    expect(patients.some((patient) => patient.carrier.payerId === ANTHEM)).toBe(false);
    const member = sandboxMember('ANT200100777')!;
    const refused = await harness.call('POST', '/api/verifications', { body: { patient: sandboxPatientInfo(member), carrier: { payerId: ANTHEM } } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ details: [{ path: 'carrier.payerId', message: CARRIER_MESSAGES.inactive }] });
    const recheck = await harness.call('POST', '/api/reverifications', { body: { verificationId: earlier.id } });
    expect([recheck.statusCode, recheck.json<{ message: string }>().message]).toEqual([409, REVERIFICATION_MESSAGES.noSource]);
    // The earlier ticket still names its carrier.
    expect((await harness.call('GET', `/api/verifications/${earlier.id}`)).json()).toMatchObject({ carrier: { payerId: ANTHEM } });

    await change(ANTHEM, { active: true });
    expect(await pickerIds()).toContain(ANTHEM);
    expect((await harness.call('POST', '/api/verifications', { body: { patient: sandboxPatientInfo(member), carrier: { payerId: ANTHEM } } })).statusCode).toBe(201);
  });

  it("answers the schedule's request for it with why nothing was created", async () => {
    await change(ANTHEM, { active: false });
    const ready = await harness.collect(TOPICS.verificationReady);
    const verificationId = randomUUID();
    await harness.bus.publish(TOPICS.scheduleVerificationRequests, {
      id: randomUUID(),
      key: verificationId,
      type: EVENT_TYPES.verificationRequested,
      occurredAt: new Date().toISOString(),
      payload: {
        verificationId,
        orgId: 'org-a',
        officeId: 'office-a1',
        patient: sandboxPatientInfo(sandboxMember('ANT200100777')!),
        carrier: { payerId: ANTHEM },
        appointment: { date: '12/01/2026', provider: 'Dr. Patel' },
        requestedBy: { userId: 'user-staff', name: 'staff@a.test' },
      },
    });
    const answer = await ready.waitFor((event) => (event.payload as VerificationReadyPayload).verificationId === verificationId, 'the refusal');
    expect(answer.payload).toMatchObject({ refused: true, attention: INACTIVE_PAYER, jobs: [] });
  });
});

describe('the coinsurance convention', () => {
  // GEHA: no portal, so the plan is the clearinghouse's alone.
  const GEHA = '39026';
  afterAll(() => change(GEHA, { invertsCoinsurance: false }));

  it('is read from the stored catalogue by the next verification and its source view', async () => {
    const before = levels(await harness.settled(await harness.createFor('GEHA1234567')));
    expect(Object.keys(before).length).toBeGreaterThan(0);

    await change(GEHA, { invertsCoinsurance: true });
    const afterId = await harness.createFor('GEHA1234567');
    const after = levels(await harness.settled(afterId));
    expect(after).toEqual(Object.fromEntries(Object.entries(before).map(([code, level]) => [code, Math.round((100 - level) * 100) / 100])));
    const sources = (await harness.call('GET', `/api/verifications/${afterId}/sources`)).json<VerificationSources>();
    expect(JSON.stringify(sources)).toContain("this payer states the plan's share");

    // The 271 preview tool reads the 271 as the job did.
    const raw = sources.sources.find((source) => source.raw?.kind === 'x12')?.raw;
    const x12 = raw?.kind === 'x12' ? raw.text : '';
    const preview = await harness.call('POST', '/api/management/x271/preview', { as: 'admin', office: null, body: { x12, payerId: GEHA } });
    expect(levels({ plan: preview.json<X271Preview>().plan })).toEqual(after);
  });
});

describe('the seed', () => {
  it('adds what the store lacks and never writes over a change', async () => {
    const carriers = harness.store.collection<CarrierDocument>(CARRIERS_COLLECTION);
    await change('62308', { phone: '(800) 555-0199' });
    await carriers.delete({ _id: '65978' });
    expect(await seedCarrierCatalogue(harness.store)).toBe(1);
    expect(await seedCarrierCatalogue(harness.store)).toBe(0);
    expect(await carriers.findById('62308')).toMatchObject({ phone: '(800) 555-0199', updatedBy: 'carriers@a.test' });
    expect(await carriers.findById('65978')).toMatchObject({ name: 'MetLife Dental', active: true, createdBy: null });
  });
});

describe('the reader', () => {
  it("answers from its copy until it is invalidated or its lifetime is over, and loads a transaction's own copy", async () => {
    let clock = Date.parse('2026-03-01T10:00:00Z');
    const reader = carrierCatalogueReader({ store: harness.store, now: () => new Date(clock), ttlMs: 5_000 });
    const carriers = harness.store.collection<CarrierDocument>(CARRIERS_COLLECTION);
    expect(await reader.carrier('cx014')).toMatchObject({ name: 'DentaQuest', active: true });

    // Written behind its back (another replica): unseen while the copy lives, seen once it is over.
    await carriers.update({ _id: 'CX014' }, { set: { name: 'DentaQuest (renamed)' } });
    clock += 4_999;
    expect(await reader.carrier('CX014')).toMatchObject({ name: 'DentaQuest' });
    clock += 1;
    expect(await reader.carrier('CX014')).toMatchObject({ name: 'DentaQuest (renamed)' });

    // A change here: seen at once.
    await carriers.update({ _id: 'CX014' }, { set: { name: 'DentaQuest' } });
    reader.invalidate();
    expect(await reader.carrier('CX014')).toMatchObject({ name: 'DentaQuest' });

    // Inside a transaction (nedb runs one at a time): a stale copy is read again through it, without waiting.
    clock += 10_000;
    const inside = await harness.store.transaction((tx) => reader.carrier('CX014', tx));
    expect(inside).toMatchObject({ payerId: 'CX014' });
    expect(await reader.carrier('NOPE1')).toBeUndefined();
  });

  it('never keeps a copy loaded before an invalidation', async () => {
    const reader = carrierCatalogueReader({ store: harness.store, now: () => new Date() });
    const carriers = harness.store.collection<CarrierDocument>(CARRIERS_COLLECTION);
    const loading = reader.carriers();
    await carriers.update({ _id: 'CX014' }, { set: { active: false } });
    reader.invalidate();
    await loading;
    expect(await reader.carrier('CX014')).toMatchObject({ active: false });
    await carriers.update({ _id: 'CX014' }, { set: { active: true } });
  });
});
