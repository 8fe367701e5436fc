/**
 * The carrier catalogue an office picks from: each payer's name, electronic payer id, payer key, coinsurance
 * convention, whether the clearinghouse takes its 270 inquiries and the insurance portal that serves it.
 *
 * The catalogue is data in this service's store (carriers.store.ts), changed on /management/carriers
 * (carriers-admin.service.ts) and read through a CarrierLookup (catalogue-reader.ts), so a change reaches new
 * verifications without a restart. What this module holds in code is its seed: the clearinghouse's payers
 * (../clearinghouse/carriers.ts) with, for each, the portal of contracts' PAYER_PORTALS (shared with the portals
 * service, which checks it against its default catalogue). The first start writes the seed into the store
 * (carrier-seed.ts); the demo data and tests also build on it. Nothing that serves a request reads the seed.
 *
 * The portals service answers each portal data request with the organization's own catalogue and credentials, so a
 * portal job for a payer its catalogue no longer serves ends in error with the portals service's reason. Payers
 * without a portal are verified by the clearinghouse alone.
 */
import { portalOfPayer, type CarrierCatalogueEntry } from '@dv/contracts';
import { CARRIERS, type Carrier } from '../clearinghouse/carriers';
import { type CarrierDb } from './carriers.store';

export type CatalogueCarrier = Carrier & CarrierCatalogueEntry;

/** A carrier of the stored catalogue: a deactivated one still names the payer of older tickets. */
export type LiveCarrier = CatalogueCarrier & { readonly active: boolean };

function entryOf(carrier: Carrier): CatalogueCarrier {
  return {
    ...carrier,
    // Every payer of the clearinghouse catalogue takes 270 inquiries; a portal-only payer would say false.
    eligibility270: true,
    portalId: portalOfPayer(carrier.payerId),
  };
}

/** The seed: what a new store's catalogue starts with. */
export const CARRIER_CATALOGUE: readonly CatalogueCarrier[] = CARRIERS.map(entryOf).sort((a, b) =>
  a.name.localeCompare(b.name),
);

/** A payer of the seed (tests and demo data; requests read the stored catalogue through a CarrierLookup). */
export function catalogueCarrier(payerId: string): CatalogueCarrier | undefined {
  const wanted = payerId.trim().toUpperCase();
  return CARRIER_CATALOGUE.find((carrier) => carrier.payerId.toUpperCase() === wanted);
}

/** How a service reads the stored catalogue. */
export interface CarrierLookup {
  /**
   * The carrier of a payer id (any case), active or not; undefined when the catalogue has none. Inside a store
   * transaction pass it: a store that serializes transactions (nedb) would wait on a read from outside forever.
   */
  carrier(payerId: string, db?: CarrierDb): Promise<LiveCarrier | undefined>;
  /** Every carrier, by name. */
  carriers(db?: CarrierDb): Promise<readonly LiveCarrier[]>;
}

/** The carrier a new verification (or a re-check) may use: an active one. */
export async function activeCarrier(lookup: CarrierLookup, payerId: string, db?: CarrierDb): Promise<LiveCarrier | undefined> {
  const carrier = await lookup.carrier(payerId, db);
  return carrier?.active === true ? carrier : undefined;
}

/** What GET /api/carriers answers: the active carriers, no more than the contract names. */
export function carrierCatalogueView(carriers: readonly LiveCarrier[]): CarrierCatalogueEntry[] {
  return carriers
    .filter((carrier) => carrier.active)
    .map(({ payerId, name, payerKey, eligibility270, portalId }) => ({ payerId, name, payerKey, eligibility270, portalId }));
}
