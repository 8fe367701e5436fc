/** The clearinghouse source job on its own: the time limit it waits for an answer, and the day its 270 asks about. */
import { seedCarrierLookup } from '../carriers/seed-lookup';
import { type Clearinghouse } from '../clearinghouse/clearinghouse';
import { createSandboxClearinghouse } from '../clearinghouse/sandbox';
import { SANDBOX_MEMBERS, sandboxPatientInfo } from '../clearinghouse/sandbox-members';
import { type JobDocument } from '../jobs/jobs.store';
import { newTicket, searchKeysOf } from '../verifications/ticket-document';
import { type VerificationDocument } from '../verifications/verifications.store';
import { clearinghouseJobHandler } from './clearinghouse-job';

const NOW = new Date('2024-05-20T15:00:00.000Z');
const member = SANDBOX_MEMBERS[0]!;

function verification(appointment: VerificationDocument['appointment']): VerificationDocument {
  return {
    _id: 'verification-1',
    orgId: 'org-1',
    officeId: 'office-1',
    createdBy: 'user-1',
    createdAt: NOW.toISOString(),
    updatedAt: NOW.toISOString(),
    status: 'Pending',
    carrier: { payerId: member.payerId, name: 'Carrier', payerKey: 'DEFAULT' },
    appointment,
    search: searchKeysOf(sandboxPatientInfo(member)),
    document: newTicket({ id: 'verification-1', patient: sandboxPatientInfo(member) }),
    warnings: [],
    agreement: { compared: 0, agreed: 0, disputed: [] },
    planId: null,
    planScore: null,
    readyAt: null,
    submittedAt: null,
  };
}

function handler(clearinghouse: Clearinghouse, timeoutMs: number, appointment: VerificationDocument['appointment'] = null) {
  return clearinghouseJobHandler({
    clearinghouse,
    verifications: { findById: () => Promise.resolve(verification(appointment)) },
    provider: { npi: '1234567893', name: 'TEST DENTAL' },
    timeoutMs,
    now: () => NOW,
    carriers: seedCarrierLookup,
  });
}

const job = { _id: 'job-1', verificationId: 'verification-1', source: 'clearinghouse' } as JobDocument;

describe('clearinghouse job', () => {
  it('stops waiting once the time is up, and aborts the signal the clearinghouse was handed', async () => {
    let handed: AbortSignal | undefined;
    const silent: Clearinghouse = {
      eligibility: (_x270, options) => {
        handed = options?.signal;
        return new Promise<string>(() => {});
      },
    };
    const started = Date.now();
    await expect(handler(silent, 50).run(job)).resolves.toEqual({ kind: 'retry', reason: 'The clearinghouse did not answer in time' });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(handed?.aborted).toBe(true);
  });

  it('lets the sandbox give up its round trip when the signal aborts', async () => {
    const slow = createSandboxClearinghouse({ latencyMs: 60_000, now: () => NOW });
    const started = Date.now();
    await expect(handler(slow, 50).run(job)).resolves.toEqual({ kind: 'retry', reason: 'The clearinghouse did not answer in time' });
    expect(Date.now() - started).toBeLessThan(2_000);
    await expect(slow.eligibility('ISA', { signal: AbortSignal.abort() })).rejects.toThrow();
  });

  it('asks about the appointment day, else today', async () => {
    const asked: string[] = [];
    const sandbox = createSandboxClearinghouse({ now: () => NOW });
    const recording: Clearinghouse = {
      eligibility: (x270, options) => {
        asked.push(x270);
        return sandbox.eligibility(x270, options);
      },
    };
    await expect(handler(recording, 5_000, { date: '02/29/2024' }).run(job)).resolves.toMatchObject({ kind: 'finished', outcome: 'success' });
    await handler(recording, 5_000).run(job);
    expect(asked.map((x270) => /~DTP\*291\*D8\*(\d{8})~/.exec(x270)?.[1])).toEqual(['20240229', '20240520']);
  });
});
