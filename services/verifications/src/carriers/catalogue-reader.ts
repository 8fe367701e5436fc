/**
 * The stored carrier catalogue as the engine reads it, from a copy in memory: the catalogue is small (at most
 * CARRIER_CATALOGUE_MAX carriers) and read on every new verification, job and source view.
 *
 * How fresh the copy is:
 * - in this process, every change through the management API calls `invalidate()` once its write is done, so the
 *   next read loads the catalogue afresh: a change reaches the next verification at once;
 * - another replica's change reaches this one within `ttlMs` (contracts CARRIER_CACHE_TTL_MS, 5 s), after which
 *   the copy is read again from the store.
 * A load that began before an invalidation never becomes the copy (it may hold what the change replaced).
 */
import { CARRIER_CACHE_TTL_MS } from '@dv/contracts';
import { type Store } from '@dv/kit';
import { type CarrierLookup, type LiveCarrier } from './carrier-catalogue';
import { carrierIdOf, carrierStore, type CarrierDb, type CarrierDocument } from './carriers.store';

export interface CarrierCatalogueReader extends CarrierLookup {
  /** Forgets the copy: the next read loads the stored catalogue. */
  invalidate(): void;
}

export interface CarrierCatalogueReaderDeps {
  readonly store: Pick<Store, 'collection'>;
  /** The clock the copy's age is measured with. */
  readonly now: () => Date;
  readonly ttlMs?: number;
}

export function liveCarrierOf(doc: CarrierDocument): LiveCarrier {
  return {
    name: doc.name,
    payerId: doc.payerId,
    payerKey: doc.payerKey,
    invertsCoinsurance: doc.invertsCoinsurance,
    eligibility270: doc.eligibility270,
    portalId: doc.portalId,
    active: doc.active,
  };
}

interface Copy {
  readonly loadedAt: number;
  readonly list: readonly LiveCarrier[];
  readonly byId: ReadonlyMap<string, LiveCarrier>;
}

export function carrierCatalogueReader({ store, now, ttlMs = CARRIER_CACHE_TTL_MS }: CarrierCatalogueReaderDeps): CarrierCatalogueReader {
  let copy: Copy | undefined;
  let loading: Promise<Copy> | undefined;
  let generation = 0;

  async function load(db: CarrierDb): Promise<Copy> {
    const started = generation;
    const loadedAt = now().getTime();
    const list = (await carrierStore(db).all()).map(liveCarrierOf);
    const loaded: Copy = { loadedAt, list, byId: new Map(list.map((carrier) => [carrierIdOf(carrier.payerId), carrier])) };
    if (started === generation) copy = loaded;
    return loaded;
  }

  function current(db?: CarrierDb): Promise<Copy> {
    const age = copy === undefined ? Infinity : now().getTime() - copy.loadedAt;
    if (copy !== undefined && age >= 0 && age < ttlMs) return Promise.resolve(copy);
    // Inside a transaction: its own read, never a wait on a load that waits for the transaction to end.
    if (db !== undefined) return load(db);
    if (loading === undefined) {
      const started = load(store);
      loading = started;
      const clear = () => {
        if (loading === started) loading = undefined;
      };
      started.then(clear, clear);
    }
    return loading;
  }

  return {
    async carrier(payerId, db) {
      return (await current(db)).byId.get(carrierIdOf(payerId));
    },
    async carriers(db) {
      return (await current(db)).list;
    },
    invalidate() {
      generation += 1;
      copy = undefined;
      loading = undefined;
    },
  };
}
