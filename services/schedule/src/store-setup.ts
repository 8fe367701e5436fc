/** Makes a store ready for this service, idempotently, at every start: every collection's indexes and the outbox's. */
import { ensureOutboxIndexes, type Store } from '@dv/kit';
import { ensureBatchIndexes } from './batch/batch.store';
import { ensureScheduleIndexes } from './schedule/schedule.store';

export async function prepareScheduleStore(store: Pick<Store, 'ensureIndex'>): Promise<void> {
  await ensureScheduleIndexes(store);
  await ensureBatchIndexes(store);
  await ensureOutboxIndexes(store);
}
