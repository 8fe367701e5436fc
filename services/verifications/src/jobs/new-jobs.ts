/**
 * The source jobs a verification (or a re-check of it) starts: the clearinghouse when the carrier takes 270
 * inquiries, the portal that serves it when there is one. A carrier no source serves gets none.
 */
import { randomUUID } from 'node:crypto';
import { type CatalogueCarrier } from '../carriers/carrier-catalogue';
import { type JobDocument } from './jobs.store';

export interface NewJobsInput {
  readonly verificationId: string;
  readonly orgId: string;
  readonly officeId: string;
  readonly carrier: Pick<CatalogueCarrier, 'eligibility270' | 'portalId'>;
  /** The clearinghouse's name in job data. */
  readonly clearinghouseName: string;
  readonly at: Date;
  /** The re-check the jobs belong to; absent for the verification's own jobs. */
  readonly reverificationId?: string;
}

export function newSourceJobs(input: NewJobsInput): JobDocument[] {
  const { carrier, at } = input;
  const iso = at.toISOString();
  const sources = [
    ...(carrier.eligibility270 ? [{ source: 'clearinghouse' as const, sourceName: input.clearinghouseName }] : []),
    ...(carrier.portalId === null ? [] : [{ source: 'portal' as const, sourceName: carrier.portalId }]),
  ];
  return sources.map(({ source, sourceName }) => ({
    _id: randomUUID(),
    verificationId: input.verificationId,
    orgId: input.orgId,
    officeId: input.officeId,
    source,
    sourceName,
    status: 'pending',
    outcome: null,
    reason: null,
    attempts: 0,
    createdAt: iso,
    startedAt: null,
    finishedAt: null,
    updatedAt: iso,
    availableAt: at.getTime(),
    leaseOwner: null,
    leaseUntil: 0,
    deadlineAt: 0,
    requestId: null,
    resultJson: null,
    ...(input.reverificationId === undefined ? {} : { reverificationId: input.reverificationId }),
  }));
}
