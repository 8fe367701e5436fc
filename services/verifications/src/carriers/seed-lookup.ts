/**
 * A CarrierLookup over the seed catalogue (carrier-catalogue.ts), every carrier active: for unit tests that build
 * one service or job handler without a store. The running service reads the stored catalogue (catalogue-reader.ts).
 */
import { CARRIER_CATALOGUE, catalogueCarrier, type CarrierLookup, type LiveCarrier } from './carrier-catalogue';

const SEED: readonly LiveCarrier[] = CARRIER_CATALOGUE.map((carrier) => ({ ...carrier, active: true }));

export const seedCarrierLookup: CarrierLookup = {
  carrier(payerId) {
    const carrier = catalogueCarrier(payerId);
    return Promise.resolve(carrier === undefined ? undefined : { ...carrier, active: true });
  },
  carriers: () => Promise.resolve(SEED),
};
