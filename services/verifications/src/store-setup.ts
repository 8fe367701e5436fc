/**
 * Makes a store ready for this service, idempotently, at every start: every collection's indexes and the outbox's,
 * and the carrier catalogue's payers the store lacks (carriers/carrier-seed.ts).
 */
import { ensureOutboxIndexes, type Store } from '@dv/kit';
import { ensureAuditIndexes } from './audit/audit.store';
import { ensureCorrectionIndexes } from './correction/correction.store';
import { seedCarrierCatalogue } from './carriers/carrier-seed';
import { ensureCarrierIndexes } from './carriers/carriers.store';
import { ensureFormIndexes } from './forms/forms.store';
import { ensureJobIndexes } from './jobs/jobs.store';
import { ensureOutsourcingIndexes } from './outsourcing/outsourcing.store';
import { ensurePlanIndexes } from './plans/plans.store';
import { ensureReverificationIndexes } from './reverification/reverification.store';
import { ensureStatsIndexes } from './stats/stats.store';
import { ensureVerificationIndexes } from './verifications/verifications.store';

export async function prepareVerificationsStore(store: Pick<Store, 'ensureIndex' | 'collection'>): Promise<void> {
  await ensureVerificationIndexes(store);
  await ensureJobIndexes(store);
  await ensurePlanIndexes(store);
  await ensureAuditIndexes(store);
  await ensureCorrectionIndexes(store);
  await ensureOutsourcingIndexes(store);
  await ensureReverificationIndexes(store);
  await ensureFormIndexes(store);
  await ensureStatsIndexes(store);
  await ensureOutboxIndexes(store);
  await ensureCarrierIndexes(store);
  await seedCarrierCatalogue(store);
}
