/**
 * The sandbox's patient list lets a person verify without knowing the sandbox's tables: every listed patient
 * becomes a verification that gets ready, its clearinghouse job answered, its portal job too where a portal
 * serves the carrier (the office has a login for each of those portals).
 */
import { PAYER_PORTALS, type SandboxPatients, type VerificationDetail } from '@dv/contracts';
import { createHarness } from '../testing/harness';

it('lists the sandbox patients, and each of them verifies', async () => {
  const portals = [...new Set(PAYER_PORTALS.map((entry) => entry.portalId))];
  const harness = await createHarness({ concurrency: 8, portalCredentials: portals });
  try {
    const response = await harness.call('GET', '/api/verifications/sandbox/patients');
    expect(response.statusCode).toBe(200);
    const list = response.json<SandboxPatients>();
    expect(list.sandbox).toBe(true);
    expect(list.patients.length).toBeGreaterThanOrEqual(20);
    expect(list.hints.length).toBeGreaterThan(0);
    expect(list.patients).toContainEqual(
      expect.objectContaining({ label: 'Maria Lopez, subscriber', portalId: 'deltadental', coverage: 'active', carrier: { payerId: '77777', name: 'Delta Dental of California' } }),
    );

    const ids = await Promise.all(
      list.patients.map(async (entry) => {
        const created = await harness.call('POST', '/api/verifications', { body: { patient: entry.patient, carrier: { payerId: entry.carrier.payerId } } });
        expect(created.statusCode).toBe(201);
        return created.json<{ id: string }>().id;
      }),
    );
    const details: VerificationDetail[] = [];
    for (const id of ids) details.push(await harness.settled(id));
    details.forEach((detail, index) => {
      const entry = list.patients[index]!;
      expect([entry.label, detail.jobs[0]?.outcome]).toEqual([entry.label, 'success']);
      expect(detail.readyAt).not.toBeNull();
      expect(detail.plan).not.toBeNull();
      expect(detail.jobs.map((job) => job.source)).toEqual(entry.portalId === null ? ['clearinghouse'] : ['clearinghouse', 'portal']);
      // The sandbox portals know every sandbox member of the carriers they serve.
      expect([entry.label, detail.jobs.map((job) => job.outcome)]).toEqual([entry.label, detail.jobs.map(() => 'success')]);
      expect(detail.warnings).not.toContain('UNKNOWN_ERROR');
      expect(detail.plan!.score).toBeGreaterThanOrEqual(1);
    });
    expect(details.filter((detail) => detail.patient.coverageStatus === 'active').length).toBeGreaterThan(details.length / 2);
    expect((await harness.call('GET', '/api/verifications/sandbox/patients', { as: 'groupmanager' })).statusCode).toBe(403);
  } finally {
    await harness.close();
  }
  // Every sandbox patient is verified end to end through both sources, each with its simulated latency.
}, 120_000);

it('is empty when a real clearinghouse answers', async () => {
  const harness = await createHarness({ clearinghouse: { eligibility: () => Promise.reject(new Error('unused')) } });
  try {
    expect((await harness.call('GET', '/api/verifications/sandbox/patients')).json()).toEqual({ sandbox: false, patients: [], hints: [] });
  } finally {
    await harness.close();
  }
});
