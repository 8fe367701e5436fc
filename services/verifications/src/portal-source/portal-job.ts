/**
 * The portal source job, first half: asks the portals service for the patient's data at a portal serving the
 * payer. The request (TOPICS.portalDataRequests) goes through the outbox in the same transaction that records
 * its id on the job; the job then waits in `processing` until the answer (portal-results.ts) or its deadline.
 */
import { randomUUID } from 'node:crypto';
import { type PortalDataRequestPayload } from '@dv/contracts';
import { type Outbox, type Store } from '@dv/kit';
import { portalDataRequestMessage } from '../events';
import { type JobHandler, type JobStep } from '../jobs/job-runner';
import { type JobStore } from '../jobs/jobs.store';
import { readTicket } from '../verifications/ticket-document';
import { type VerificationStore } from '../verifications/verifications.store';

export interface PortalJobDeps {
  readonly store: Pick<Store, 'transaction'>;
  readonly jobs: Pick<JobStore, 'updateIf'>;
  readonly verifications: Pick<VerificationStore, 'findById'>;
  readonly outbox: Pick<Outbox, 'add'>;
  /** How long to wait for the portals service's first answer. */
  readonly resultTimeoutMs: number;
  readonly now: () => Date;
}

export function portalJobHandler(deps: PortalJobDeps): JobHandler {
  return {
    async run(job): Promise<JobStep> {
      const verification = await deps.verifications.findById(job.verificationId);
      if (verification === null) return { kind: 'finished', outcome: 'error', reason: 'The verification no longer exists' };
      const info = readTicket(verification.document).ticket.integrationPatientInfo;
      const now = deps.now();
      const requestId = randomUUID();
      const subscriber = {
        ...(info.subscriberFirstName === undefined ? {} : { firstName: info.subscriberFirstName }),
        ...(info.subscriberLastName === undefined ? {} : { lastName: info.subscriberLastName }),
        ...(info.subscriberDOB === undefined ? {} : { dob: info.subscriberDOB }),
        ...(info.subscriberMemberId === undefined ? {} : { memberId: info.subscriberMemberId }),
      };
      const payload: PortalDataRequestPayload = {
        requestId,
        verificationId: verification._id,
        orgId: verification.orgId,
        officeId: verification.officeId,
        portalId: job.sourceName,
        payer: verification.carrier,
        patient: {
          firstName: info.patientFirstName,
          lastName: info.patientLastName,
          dob: info.patientDOB,
          memberId: info.patientMemberId,
          relationToSubscriber: info.patientRelationToSubscriber,
          ...(Object.keys(subscriber).length === 0 ? {} : { subscriber }),
        },
      };
      await deps.store.transaction(async (tx) => {
        const held = await deps.jobs.updateIf(
          job._id,
          { status: 'processing', ...(job.leaseOwner === null ? {} : { leaseOwner: job.leaseOwner }) },
          {
            requestId,
            deadlineAt: now.getTime() + deps.resultTimeoutMs,
            leaseOwner: null,
            leaseUntil: 0,
            updatedAt: now.toISOString(),
          },
          tx,
        );
        // A runner that lost its lease sends nothing: the job's new runner sends its own request.
        if (held) await deps.outbox.add(tx, portalDataRequestMessage(payload, now.toISOString()));
      });
      return { kind: 'waiting' };
    },
  };
}
