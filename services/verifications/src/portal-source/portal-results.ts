/**
 * The portal source job, second half: the portals service's answers (TOPICS.portalDataResults), consumed
 * idempotently (each event applied once, in one transaction with its effects):
 * - credentialPending: the office has no credential for a portal serving the payer; the job waits;
 * - mfaRequired: the portal asked for a code; the job waits, and resumes when a later answer arrives;
 * - error: the job ends in error with the portals service's reason;
 * - ok: the portal's data is mapped (map-portal-data.ts) and the job ends in success; the data itself is kept on
 *   the job for the source view (also when it did not map), never logged.
 * An answer for a request the service does not know, or for a job that already ended, is ignored.
 */
import { EVENT_TYPES, PortalDataResultPayload } from '@dv/contracts';
import { idempotent, type EventHandler, type Logger, type Store, type TransactionalHandler } from '@dv/kit';
import { type JobCompletion } from '../jobs/job-completion';
import { type JobStore } from '../jobs/jobs.store';
import { type VerificationStore } from '../verifications/verifications.store';
import { mapPortalData, PortalDataError } from './map-portal-data';

export const PORTAL_RESULTS_CONSUMER = 'verifications.portal-results';

export interface PortalResultsDeps {
  readonly store: Pick<Store, 'transaction'>;
  readonly jobs: Pick<JobStore, 'findByRequest'>;
  readonly verifications: Pick<VerificationStore, 'findById'>;
  readonly completion: JobCompletion;
  readonly now: () => Date;
  readonly logger?: Logger;
}

export function portalResultsHandler(deps: PortalResultsDeps): TransactionalHandler {
  return async (event, tx) => {
    if (event.type !== EVENT_TYPES.portalDataResult) return;
    const parsed = PortalDataResultPayload.safeParse(event.payload);
    if (!parsed.success) {
      deps.logger?.warn({ eventId: event.id, issues: parsed.error.issues.length }, 'ignoring a malformed portal data result');
      return;
    }
    const result = parsed.data;
    const job = await deps.jobs.findByRequest(result.requestId, tx);
    if (job === null || job.source !== 'portal' || job.verificationId !== result.verificationId || job.orgId !== result.orgId) {
      deps.logger?.warn({ eventId: event.id, requestId: result.requestId }, 'ignoring a portal data result for no known request');
      return;
    }
    const expect = { requestId: result.requestId };
    const sourceName = result.portalId === undefined ? {} : { sourceName: result.portalId };
    switch (result.status) {
      case 'credentialPending':
        await deps.completion.apply(tx, job._id, {
          status: 'credentialPending',
          reason: result.message ?? 'No credential for a portal serving this carrier: add one on the Portal Credentials page',
          ...sourceName,
          expect,
        });
        return;
      case 'mfaRequired':
        await deps.completion.apply(tx, job._id, {
          status: 'mfaRequired',
          reason: result.message ?? 'The portal asked for a verification code: enter it on the Portal Credentials page',
          ...sourceName,
          expect,
        });
        return;
      case 'error':
        await deps.completion.apply(tx, job._id, {
          status: 'done',
          outcome: 'error',
          reason: result.message ?? 'The portal could not provide the data',
          ...sourceName,
          expect,
        });
        return;
      case 'ok': {
        const verification = await deps.verifications.findById(job.verificationId, tx);
        if (verification === null || result.data === undefined) return;
        const raw = { kind: 'portal' as const, data: result.data };
        try {
          const mapped = mapPortalData(result.data, {
            carrier: verification.carrier,
            portalId: result.portalId ?? job.sourceName,
            today: deps.now(),
          });
          await deps.completion.apply(tx, job._id, {
            status: 'done',
            outcome: 'success',
            reason: null,
            result: { plan: mapped.plan, patient: mapped.patient, warnings: mapped.warnings, notes: mapped.notes },
            raw,
            ...sourceName,
            expect,
          });
        } catch (error) {
          if (!(error instanceof PortalDataError)) throw error;
          deps.logger?.warn({ jobId: job._id, err: error }, 'portal data did not map');
          await deps.completion.apply(tx, job._id, { status: 'done', outcome: 'error', reason: error.message, raw, ...sourceName, expect });
        }
        return;
      }
    }
  };
}

/** The bus handler: each result applied once (kit `idempotent`), its effects in the same transaction. */
export function portalResultsConsumer(deps: PortalResultsDeps & { readonly store: Pick<Store, 'transaction'> }): EventHandler {
  return idempotent(deps.store, PORTAL_RESULTS_CONSUMER, portalResultsHandler(deps));
}
