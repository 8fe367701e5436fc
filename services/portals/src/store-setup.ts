/** Makes a store ready for this service, idempotently, at every start: the indexes of every collection. */
import { ensureOutboxIndexes, type Store } from '@dv/kit';
import { ensurePortalIndexes } from './catalogue/portals.store';
import { ensureCredentialIndexes } from './credentials/credentials.store';
import { ensurePortalRequestIndexes } from './portal-data/portal-requests.store';

export async function preparePortalsStore(store: Pick<Store, 'ensureIndex'>): Promise<void> {
  await ensurePortalIndexes(store);
  await ensureCredentialIndexes(store);
  await ensurePortalRequestIndexes(store);
  await ensureOutboxIndexes(store);
}
