/**
 * GET /api/verifications/{id}/recommendations through the app (sandbox clearinghouse and portals): what the
 * sandbox leaves missing, most urgent first; the office and organization scope and the roles of the verification
 * API, tried with generated outsiders; no patient data in a reply. The flag gate and the flag reader without I/O.
 */
import { VerificationRecommendations, type VerificationDetail } from '@dv/contracts';
import fc from 'fast-check';
import { seedCarrierLookup } from '../carriers/seed-lookup';
import { createHarness, type Harness, type UserName } from '../testing/harness';
import { flagChangesConsumer, officesFeatureFlags, type FeatureFlagReader } from './feature-flags';
import { recommendationService } from './recommendations.service';

let harness: Harness;
/** GEHA (no portal): no history, no remaining maximum, no remaining deductible. */
let geha: string;
/** Humana: its portal job waits for a credential the office has not added. */
let humana: string;

const GEHA_PATIENT = /Patricia|Young|GEHA7654321|07\/07\/1966/;

beforeAll(async () => {
  harness = await createHarness();
  geha = await harness.createFor('GEHA7654321');
  humana = await harness.createFor('H55512345');
  await harness.settled(geha);
  await harness.settled(humana);
});
afterAll(() => harness.close());

const url = (id: string) => `/api/verifications/${id}/recommendations`;

async function recommendationsOf(id: string, as: UserName = 'staff'): Promise<VerificationRecommendations> {
  const response = await harness.call('GET', url(id), { as });
  expect(response.statusCode).toBe(200);
  return VerificationRecommendations.parse(response.json());
}

describe('GET /api/verifications/:id/recommendations', () => {
  it('lists what the sources left missing, most urgent first, with the payer phone to call', async () => {
    const reply = await recommendationsOf(geha);
    expect(reply).toMatchObject({ verificationId: geha, enabled: true, sourcesWorking: false });
    expect(reply.recommendations.map((r) => [r.code, r.severity])).toEqual([
      ['MISSING_HISTORY', 'MEDIUM'],
      ['MISSING_INSURANCE_REMAINING', 'MEDIUM'],
      ['MISSING_DEDUCTIBLE_REMAINING', 'LOW'],
    ]);
    expect(reply.recommendations[0]!.actions).toEqual([
      { action: 'OUTSOURCE_BREAKDOWN', priority: 1 },
      { action: 'CONTACT_CARRIER', priority: 4, phone: expect.stringMatching(/^\d{10}$/) },
    ]);
    expect(reply.recommendations.every((r) => r.category === 'eligibilityMissing')).toBe(true);
  });

  it("offers the carrier's portal while its portal job waits for a credential", async () => {
    const { recommendations } = await recommendationsOf(humana);
    expect(recommendations.length).toBeGreaterThan(0);
    for (const recommendation of recommendations) {
      expect(recommendation.actions).toContainEqual({ action: 'CHECK_CARRIER_PORTAL', priority: 6, portalId: 'humana' });
    }
  });

  it('answers company users of the organization, with nothing of the patient in it', async () => {
    const response = await harness.call('GET', url(geha), { as: 'agent', office: null });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toMatch(GEHA_PATIENT);
  });

  it('waits while a source works: nothing recommended yet', async () => {
    const id = await harness.createFor('GEHA1234567');
    const reply = VerificationRecommendations.parse((await harness.call('GET', url(id))).json());
    if (reply.sourcesWorking) expect(reply.recommendations).toEqual([]);
    await harness.settled(id);
    expect((await recommendationsOf(id)).sourcesWorking).toBe(false);
  });

  it('names the id when it is not one', async () => {
    const response = await harness.call('GET', url('a%20b'));
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('id');
  });

  it('is not found for an unknown ticket, forbidden outside the verification pages, unauthorized without a token', async () => {
    expect((await harness.call('GET', url('no-such-ticket'))).statusCode).toBe(404);
    expect((await harness.call('GET', url(geha), { as: 'groupmanager' })).statusCode).toBe(403);
    expect((await harness.call('GET', url(geha), { as: null })).statusCode).toBe(401);
  });

  it("never answers another office's or organization's ticket (generated cases)", async () => {
    const outsiders: readonly UserName[] = ['staffA2', 'staffB', 'adminB', 'groupmanager', 'goduser'];
    const headers = fc.oneof(fc.constantFrom<string | null>(null, 'office-a1', 'office-a2', 'office-b1'), fc.stringMatching(/^[a-z0-9-]{1,20}$/));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...outsiders), headers, async (as, office) => {
        const response = await harness.call('GET', url(geha), { as, office });
        expect([400, 403, 404]).toContain(response.statusCode);
        expect(response.body).not.toMatch(GEHA_PATIENT);
        expect(response.body).not.toContain('recommendations');
      }),
      { numRuns: 40 },
    );
  });
});

describe('recommendationService', () => {
  const detail = (): VerificationDetail =>
    ({
      id: 'v1',
      carrier: { payerId: '39026', name: 'GEHA Connection Dental', payerKey: 'GEHA' },
      jobs: [],
      patient: { history: [], historyStatus: 'Unknown', coverageStatus: 'active' },
      plan: null,
    }) as unknown as VerificationDetail;

  it('answers disabled and empty while the flag is off, after the ticket was found', async () => {
    const get = jest.fn(() => Promise.resolve(detail()));
    const flags: FeatureFlagReader = jest.fn(() => Promise.resolve(false));
    const service = recommendationService({ verifications: { get }, flags, now: () => new Date(), carriers: seedCarrierLookup });
    const context = { actor: { userId: 'u1' } } as never;
    expect(await service.forVerification(context, 'v1')).toEqual({ verificationId: 'v1', enabled: false, sourcesWorking: false, recommendations: [] });
    expect(get).toHaveBeenCalledWith(context, 'v1');
    expect(flags).toHaveBeenCalledWith('RECOMMENDATIONS_ENABLED');
  });

  it('lets a not found ticket through before reading the flag', async () => {
    const flags = jest.fn(() => Promise.resolve(true));
    const service = recommendationService({ verifications: { get: () => Promise.reject(new Error('not found')) }, flags, now: () => new Date(), carriers: seedCarrierLookup });
    await expect(service.forVerification({} as never, 'v1')).rejects.toThrow('not found');
    expect(flags).not.toHaveBeenCalled();
  });

  it('derives while the flag is on', async () => {
    const service = recommendationService({ verifications: { get: () => Promise.resolve(detail()) }, flags: () => Promise.resolve(true), now: () => new Date(), carriers: seedCarrierLookup });
    const reply = await service.forVerification({} as never, 'v1');
    expect(reply.enabled).toBe(true);
    expect(reply.recommendations.map((r) => r.code)).toEqual(['MISSING_PLAN_STATUS']);
  });
});

describe('officesFeatureFlags', () => {
  const flagsReply = (isActive: boolean) =>
    new Response(JSON.stringify([{ name: 'RECOMMENDATIONS_ENABLED', type: 'none', value: null, isActive }]), { status: 200 });

  it('reads GET /api/features of the offices service and keeps the answer a while', async () => {
    let clock = 0;
    const fetchFlags = jest.fn((_url: URL) => Promise.resolve(flagsReply(true)));
    const read = officesFeatureFlags({ officesUrl: 'http://offices.test', fetch: fetchFlags as unknown as typeof fetch, now: () => clock, cacheTtlMs: 1_000 });
    expect(await Promise.all([read('RECOMMENDATIONS_ENABLED'), read('RECOMMENDATIONS_ENABLED')])).toEqual([true, true]);
    expect(fetchFlags).toHaveBeenCalledTimes(1);
    expect(String(fetchFlags.mock.calls[0]![0])).toBe('http://offices.test/api/features');
    expect(await read('MAINTANANCE_LOCK')).toBe(false);
    clock = 1_001;
    fetchFlags.mockResolvedValueOnce(flagsReply(false));
    expect(await read('RECOMMENDATIONS_ENABLED')).toBe(false);
    expect(fetchFlags).toHaveBeenCalledTimes(2);
  });

  it("forgets what it keeps when the offices service says a flag changed, so a switch applies at once", async () => {
    const fetchFlags = jest.fn((_url: URL) => Promise.resolve(flagsReply(false)));
    const read = officesFeatureFlags({ officesUrl: 'http://offices.test', fetch: fetchFlags as unknown as typeof fetch, now: () => 0, cacheTtlMs: 30_000 });
    expect(await read('RECOMMENDATIONS_ENABLED')).toBe(false);
    fetchFlags.mockResolvedValueOnce(flagsReply(true));
    const changes = flagChangesConsumer(read);
    await changes({ type: 'office.updated' });
    expect(await read('RECOMMENDATIONS_ENABLED')).toBe(false);
    await changes({ type: 'feature-flag.updated' });
    expect(await read('RECOMMENDATIONS_ENABLED')).toBe(true);
    expect(fetchFlags).toHaveBeenCalledTimes(2);
  });

  it('reads every flag as off while the offices service fails, and tries again later', async () => {
    let clock = 0;
    const warn = jest.fn();
    const fetchFlags = jest.fn(() => Promise.resolve(new Response('down', { status: 503 })));
    const read = officesFeatureFlags({ officesUrl: 'http://offices.test', fetch: fetchFlags, now: () => clock, failureTtlMs: 100, logger: { warn } });
    expect(await read('RECOMMENDATIONS_ENABLED')).toBe(false);
    expect(warn).toHaveBeenCalledTimes(1);
    fetchFlags.mockRejectedValueOnce(new Error('connection refused'));
    clock = 101;
    expect(await read('RECOMMENDATIONS_ENABLED')).toBe(false);
    fetchFlags.mockResolvedValueOnce(flagsReply(true));
    clock = 202;
    expect(await read('RECOMMENDATIONS_ENABLED')).toBe(true);
  });
});
