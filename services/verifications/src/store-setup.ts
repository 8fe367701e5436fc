/** Makes a store ready for this service, idempotently, at every start: every collection's indexes and the outbox's. */
import { ensureOutboxIndexes, type Store } from '@dv/kit';
import { ensureAuditIndexes } from './audit/audit.store';
import { ensureJobIndexes } from './jobs/jobs.store';
import { ensureOutsourcingIndexes } from './outsourcing/outsourcing.store';
import { ensurePlanIndexes } from './plans/plans.store';
import { ensureVerificationIndexes } from './verifications/verifications.store';

export async function prepareVerificationsStore(store: Pick<Store, 'ensureIndex'>): Promise<void> {
  await ensureVerificationIndexes(store);
  await ensureJobIndexes(store);
  await ensurePlanIndexes(store);
  await ensureAuditIndexes(store);
  await ensureOutsourcingIndexes(store);
  await ensureOutboxIndexes(store);
}
