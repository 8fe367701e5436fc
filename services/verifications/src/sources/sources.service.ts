/**
 * The source view of a verification (GET /api/verifications/{id}/sources): per source job, the answer as it
 * came (the 271 with its segments explained, or the portal's data) beside what was mapped from it and the
 * mapping's notes. The caller reaches the ticket as they reach it on the ticket page (readScope: their office's,
 * or their organization's for company users); another office's ticket is not found. Each read is audited.
 */
import { type SourceRawAnswer, type VerificationSources, type VerificationSourceView } from '@dv/contracts';
import { NotFound } from '@dv/kit';
import { type AuditLog } from '../audit/audit.store';
import { type CarrierLookup } from '../carriers/carrier-catalogue';
import { invertsCoinsurance } from '../clearinghouse/carriers';
import { jobRawOf, jobResultOf, jobView, type JobDocument, type JobStore } from '../jobs/jobs.store';
import { NOT_FOUND, readScope, type RequestContext } from '../verifications/verifications.service';
import { type VerificationDocument, type VerificationStore } from '../verifications/verifications.store';
import { explain271 } from '../x12/explain-271';

export interface SourcesServiceDeps {
  readonly verifications: Pick<VerificationStore, 'findInScope'>;
  readonly jobs: Pick<JobStore, 'ofVerification'>;
  readonly audit: Pick<AuditLog, 'record'>;
  readonly carriers: Pick<CarrierLookup, 'carrier'>;
}

export interface SourcesService {
  sources(context: RequestContext, id: string): Promise<VerificationSources>;
}

/**
 * The coinsurance convention map271 uses for this ticket's carrier (clearinghouse-job.ts): the stored catalogue's,
 * else, for a payer it lacks, what map271 itself would assume.
 */
async function invertFor(carriers: Pick<CarrierLookup, 'carrier'>, doc: VerificationDocument): Promise<boolean> {
  const carrier = await carriers.carrier(doc.carrier.payerId);
  return carrier?.invertsCoinsurance ?? invertsCoinsurance({ payerId: doc.carrier.payerId, payerKey: doc.carrier.payerKey });
}

function rawOf(job: JobDocument, invertCoinsurance: boolean): SourceRawAnswer | null {
  const raw = jobRawOf(job);
  if (raw === null) return null;
  switch (raw.kind) {
    case 'x12':
      return { kind: 'x12', text: raw.text, segments: explain271(raw.text, { invertCoinsurance }) };
    case 'portal':
      return { kind: 'portal', data: raw.data };
  }
}

export function sourceView(job: JobDocument, invertCoinsurance: boolean): VerificationSourceView {
  const result = jobResultOf(job);
  return {
    job: jobView(job),
    raw: rawOf(job, invertCoinsurance),
    mapped: result === null ? null : { plan: result.plan, patient: result.patient },
    notes: result === null ? [] : [...result.notes],
  };
}

export function sourcesService({ verifications, jobs, audit, carriers }: SourcesServiceDeps): SourcesService {
  return {
    async sources(context, id) {
      const doc = await verifications.findInScope(readScope(context.actor), id);
      if (doc === null) throw new NotFound(NOT_FOUND);
      const invert = await invertFor(carriers, doc);
      const answer: VerificationSources = {
        verificationId: doc._id,
        sources: (await jobs.ofVerification(doc._id)).map((job) => sourceView(job, invert)),
      };
      // Recorded before the answer leaves: a read that cannot be recorded is not answered.
      await audit.record({
        orgId: doc.orgId,
        officeId: doc.officeId,
        userId: context.actor.userId,
        ticketId: doc._id,
        action: 'read',
        fields: ['sources'],
        ...(context.requestId === undefined ? {} : { requestId: context.requestId }),
      });
      return answer;
    },
  };
}
