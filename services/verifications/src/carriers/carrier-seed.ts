/**
 * Writes the seed catalogue (carrier-catalogue.ts) into the store at every start, idempotently: a payer the store
 * does not have yet is inserted, active, as the code describes it; a payer it has is left as it is, so what a
 * super administrator changed (a phone, a flag, a deactivation) survives restarts, and a payer a later release adds
 * to the code arrives with that release. Several replicas starting at once insert each payer once (its id is the
 * payer id).
 */
import { DuplicateKey, type Store } from '@dv/kit';
import { CARRIER_CATALOGUE, type CatalogueCarrier } from './carrier-catalogue';
import { carrierIdOf, carrierStore, type CarrierDocument } from './carriers.store';

export function seedDocument(carrier: CatalogueCarrier, at: string): CarrierDocument {
  return {
    _id: carrierIdOf(carrier.payerId),
    payerId: carrierIdOf(carrier.payerId),
    name: carrier.name,
    nameKey: carrier.name.toLowerCase(),
    payerKey: carrier.payerKey,
    // The code knows no addresses, phones or portal links: the company's super administrators fill them in.
    address: null,
    phone: null,
    portalUrl: null,
    eligibility270: carrier.eligibility270,
    portalId: carrier.portalId,
    invertsCoinsurance: carrier.invertsCoinsurance,
    active: true,
    createdAt: at,
    createdBy: null,
    updatedAt: null,
    updatedBy: null,
    changedAt: at,
  };
}

/** Inserts the seed's payers the store lacks; answers how many it inserted. */
export async function seedCarrierCatalogue(store: Pick<Store, 'collection'>, now: Date = new Date()): Promise<number> {
  const carriers = carrierStore(store);
  const at = now.toISOString();
  let inserted = 0;
  for (const carrier of CARRIER_CATALOGUE) {
    if ((await carriers.findById(carrier.payerId)) !== null) continue;
    try {
      await carriers.insert(seedDocument(carrier, at));
      inserted += 1;
    } catch (error) {
      // Another replica inserted it meanwhile.
      if (!(error instanceof DuplicateKey)) throw error;
    }
  }
  return inserted;
}
