/**
 * Makes a store ready for this service, idempotently, at every start: indexes of every collection (the outbox's
 * too) and the default feature flags. Safe to run from several replicas at once.
 */
import { ensureOutboxIndexes, type Store } from '@dv/kit';
import { ensureDefaultFeatureFlags } from './features/features.service';
import { ensureGroupIndexes } from './groups/groups.store';
import { ensureOfficeIndexes } from './offices/offices.store';
import { ensureOrganizationIndexes } from './organizations/organizations.store';
import { ensureUserIndexes } from './users/users.store';

export async function prepareOfficesStore(store: Pick<Store, 'ensureIndex' | 'transaction'>): Promise<void> {
  await ensureOrganizationIndexes(store);
  await ensureOfficeIndexes(store);
  await ensureGroupIndexes(store);
  await ensureUserIndexes(store);
  await ensureOutboxIndexes(store);
  await store.transaction((tx) => ensureDefaultFeatureFlags(tx));
}
