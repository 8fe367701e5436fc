/**
 * Makes a store ready for this service, idempotently, at every start: the reports' and the outbox's indexes, and
 * search grams for reports stored before they existed.
 */
import { ensureOutboxIndexes, type Store } from '@dv/kit';
import { addMissingSearchGrams, ensureBugReportIndexes } from './reports/reports.store';

export async function prepareBugsStore(store: Pick<Store, 'ensureIndex' | 'collection'>): Promise<void> {
  await ensureBugReportIndexes(store);
  await ensureOutboxIndexes(store);
  await addMissingSearchGrams(store);
}
