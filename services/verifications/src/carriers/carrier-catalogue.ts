/**
 * The carrier catalogue an office picks from: the clearinghouse's payers (../clearinghouse/carriers.ts: name,
 * electronic payer id, payer key, coinsurance convention) and, for each, the insurance portal that serves it.
 *
 * Which portal serves a payer is contracts' PAYER_PORTALS (shared with the portals service, which checks it
 * against its default catalogue). The portals service answers each portal data request with the organization's
 * own catalogue and credentials, so a portal job for a payer its catalogue no longer serves ends in error with the
 * portals service's reason. Payers without a portal are verified by the clearinghouse alone.
 */
import { portalOfPayer, type CarrierCatalogueEntry } from '@dv/contracts';
import { CARRIERS, type Carrier } from '../clearinghouse/carriers';

export type CatalogueCarrier = Carrier & CarrierCatalogueEntry;

function entryOf(carrier: Carrier): CatalogueCarrier {
  return {
    ...carrier,
    // Every payer of the clearinghouse catalogue takes 270 inquiries; a portal-only payer would say false.
    eligibility270: true,
    portalId: portalOfPayer(carrier.payerId),
  };
}

export const CARRIER_CATALOGUE: readonly CatalogueCarrier[] = CARRIERS.map(entryOf).sort((a, b) =>
  a.name.localeCompare(b.name),
);

export function catalogueCarrier(payerId: string): CatalogueCarrier | undefined {
  const wanted = payerId.trim().toUpperCase();
  return CARRIER_CATALOGUE.find((carrier) => carrier.payerId.toUpperCase() === wanted);
}

/** What GET /api/carriers answers: no more than the contract names. */
export function carrierCatalogueView(): CarrierCatalogueEntry[] {
  return CARRIER_CATALOGUE.map(({ payerId, name, payerKey, eligibility270, portalId }) => ({
    payerId,
    name,
    payerKey,
    eligibility270,
    portalId,
  }));
}
