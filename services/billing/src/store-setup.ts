/** Makes a store ready for this service, idempotently, at every start: the accounts' indexes and the outbox's. */
import { ensureOutboxIndexes, type Store } from '@dv/kit';
import { ensureAccountIndexes } from './accounts/accounts.store';

export async function prepareBillingStore(store: Pick<Store, 'ensureIndex'>): Promise<void> {
  await ensureAccountIndexes(store);
  await ensureOutboxIndexes(store);
}
