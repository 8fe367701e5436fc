/**
 * The verifications service as a container runs it: its own main.ts in a child process, with only the environment
 * it needs (the keys found through OIDC_ISSUER's discovery document, no OIDC_JWKS_URL, the sandbox clearinghouse),
 * a verification created and run to its end (its events go through the outbox), then SIGTERM: the process exits 0
 * with nothing left in its outbox.
 */
import path from 'node:path';
import { type VerificationDetail } from '@dv/contracts';
import { outboxStatuses, startServiceUnderTest, waitFor } from '@dv/kit/testing';
import { sandboxMember, sandboxPatientInfo } from './clearinghouse/sandbox-members';
import { USERS } from './testing/harness';

const AUDIENCE = 'https://api.verifications.test';
/** Anthem has no portal: the clearinghouse alone answers, so the verification ends without the portals service. */
const ANTHEM = sandboxMember('ANT200100777')!;

it('starts with OIDC_ISSUER alone, runs a verification, and stops on SIGTERM with its outbox drained', async () => {
  const { issuer, dataDir, service, stop, dispose } = await startServiceUnderTest(path.join(__dirname, 'main.ts'), {
    audience: AUDIENCE,
    env: { SANDBOX_CLEARINGHOUSE_LATENCY_MS: '0' },
  });
  try {
    const headers = {
      authorization: `Bearer ${await issuer.sign({ ...USERS.staff })}`,
      'connected-dental-office': 'office-a1',
      'content-type': 'application/json',
    };
    const created = await fetch(`${service.url}/api/verifications`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ patient: sandboxPatientInfo(ANTHEM), carrier: { payerId: ANTHEM.payerId } }),
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('private, no-store');
    const { id } = (await created.json()) as { id: string };

    let detail: VerificationDetail | undefined;
    await waitFor(async () => {
      detail = (await (await fetch(`${service.url}/api/verifications/${id}`, { headers })).json()) as VerificationDetail;
      return detail.jobs.every((job) => job.status === 'done');
    }, 'the clearinghouse job to end', 15_000);
    expect(detail!.jobs).toEqual([expect.objectContaining({ source: 'clearinghouse', outcome: 'success' })]);
    // The sandbox clearinghouse answers: its patients are listed for the UI's 'sandbox' badge.
    const sandbox = await fetch(`${service.url}/api/verifications/sandbox/patients`, { headers });
    expect(await sandbox.json()).toMatchObject({ sandbox: true });

    expect(await stop('SIGTERM')).toEqual({ code: 0, signal: null, errorLines: [] });
    const statuses = await outboxStatuses(dataDir, 'verifications');
    expect(statuses.sent).toBeGreaterThan(0);
    expect(statuses).toEqual({ sent: statuses.sent });
  } finally {
    await dispose();
  }
});
