/** Makes a store ready for this service, idempotently, at every start: the reports' and the outbox's indexes. */
import { ensureOutboxIndexes, type Store } from '@dv/kit';
import { ensureBugReportIndexes } from './reports/reports.store';

export async function prepareBugsStore(store: Pick<Store, 'ensureIndex'>): Promise<void> {
  await ensureBugReportIndexes(store);
  await ensureOutboxIndexes(store);
}
