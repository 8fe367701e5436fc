/**
 * The statistics' queries, over the collections the verifications, source jobs and outsourcing stores own.
 *
 * The store port (services/kit store.ts) has filters, sort, skip and limit, and neither projections nor
 * aggregation, so the figures are computed in the service over bounded reads:
 * - the verifications created in the range, in batches of STATS_BATCH_SIZE in creation order, each batch after
 *   the last one read (keyset paging on createdAt then _id: no skip to walk, no row read twice nor missed);
 * - for each batch, its verifications' own source jobs and outsourcing states, by id ($in on an indexed field);
 * - at most STATS_MAX_VERIFICATIONS verifications per request: the reply says when the range held more.
 * Each batch is reduced to counts before the next is read, so memory holds one batch and the durations (a number
 * per ready verification). MongoDB serves each batch from the (orgId, officeId, createdAt) or (orgId, createdAt)
 * index; the embedded store matches and sorts the scope's verifications for every batch, hence few large batches
 * (10,000 verifications take some seconds there: stats-scale.test.ts). Whole documents are read, the ticket included (no projection): an organization whose
 * year holds hundreds of thousands of verifications needs an aggregation pipeline or counts kept by events
 * instead; STATS_MAX_VERIFICATIONS keeps a request's cost bounded until then.
 */
import { type BaseDocument, type Filter, type Store } from '@dv/kit';
import { JOBS_COLLECTION, type JobDocument } from '../jobs/jobs.store';
import { OUTSOURCED_TICKETS_COLLECTION, type OutsourcedTicketDocument } from '../outsourcing/outsourcing.store';
import { VERIFICATIONS_COLLECTION, type VerificationDocument, type VerificationScope } from '../verifications/verifications.store';

/** Verifications read per query. */
export const STATS_BATCH_SIZE = 2_000;
/** Verifications one request reads at most (a year of a busy office is some 15,000). */
export const STATS_MAX_VERIFICATIONS = 100_000;

/** Where the last batch ended: the next starts after it. */
export interface StatsCursor {
  readonly createdAt: string;
  readonly id: string;
}

export interface StatsStore {
  /** Verifications of the scope created in [start, end), oldest first, after the cursor. */
  createdBetween(scope: VerificationScope, range: { start: string; end: string }, after: StatsCursor | null, limit: number): Promise<VerificationDocument[]>;
  /** The verifications' own source jobs (not those of their re-checks). */
  jobsOf(verificationIds: readonly string[]): Promise<JobDocument[]>;
  /** The outsourcing states of those of the verifications that were ever outsourced, in the organization. */
  outsourcedOf(orgId: string, verificationIds: readonly string[]): Promise<OutsourcedTicketDocument[]>;
}

/**
 * Indexes the reads above need beside those their stores keep: the organization's verifications by creation
 * time (a super administrator's figures of every office; one office's use orgId, officeId, createdAt), and jobs
 * by verification alone (the embedded store serves $in only from an index of that one field).
 */
export async function ensureStatsIndexes(store: Pick<Store, 'ensureIndex'>): Promise<void> {
  await store.ensureIndex(VERIFICATIONS_COLLECTION, { fields: ['orgId', 'createdAt'] });
  await store.ensureIndex(JOBS_COLLECTION, { fields: ['verificationId'] });
}

/** Past the cursor, given createdAt at or after the cursor's: a later time, or the same time and a greater id. */
function afterCursor(after: StatsCursor | null): Filter {
  if (after === null) return {};
  return { $or: [{ createdAt: { $gt: after.createdAt } }, { _id: { $gt: after.id } }] };
}

export function statsStore(store: Pick<Store, 'collection'>): StatsStore {
  const collection = <T extends BaseDocument>(name: string) => store.collection<T>(name);
  return {
    createdBetween(scope, { start, end }, after, limit) {
      const filter: Filter = {
        orgId: scope.orgId,
        ...(scope.officeId === undefined ? {} : { officeId: scope.officeId }),
        createdAt: { $gte: after === null || after.createdAt < start ? start : after.createdAt, $lt: end },
        ...afterCursor(after),
      };
      return collection<VerificationDocument>(VERIFICATIONS_COLLECTION).find(filter, { sort: { createdAt: 1, _id: 1 }, limit });
    },
    jobsOf(verificationIds) {
      if (verificationIds.length === 0) return Promise.resolve([]);
      return collection<JobDocument>(JOBS_COLLECTION).find({ verificationId: { $in: [...verificationIds] }, reverificationId: { $exists: false } });
    },
    outsourcedOf(orgId, verificationIds) {
      if (verificationIds.length === 0) return Promise.resolve([]);
      return collection<OutsourcedTicketDocument>(OUTSOURCED_TICKETS_COLLECTION).find({ _id: { $in: [...verificationIds] }, orgId });
    },
  };
}
