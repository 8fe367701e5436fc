/**
 * Which portal of an organization's catalogue serves a payer: one whose carriers list the payer's name, or the
 * name contracts' PAYER_PORTALS gives the payer at its portal ('MetLife Dental', payer 65978, is 'MetLife' at
 * metdental). Names are compared by `carrierNameKey` (case, spacing, punctuation aside). When several portals
 * list the carrier, the one the request expects comes first, then the table's, then the first by id. Pure.
 */
import { carrierNameKey, PAYER_PORTALS, type Portal } from '@dv/contracts';

export interface PayerToServe {
  readonly payerId: string;
  readonly name: string;
}

export function portalForPayer(portals: readonly Portal[], payer: PayerToServe, expectedPortalId: string | null): Portal | undefined {
  const links = PAYER_PORTALS.filter((entry) => entry.payerId === payer.payerId.trim());
  const names = new Set([payer.name, ...links.map((entry) => entry.carrier)].map(carrierNameKey));
  const serving = portals
    .filter((portal) => portal.carriers.some((carrier) => names.has(carrierNameKey(carrier))))
    .sort((a, b) => a.id.localeCompare(b.id));
  const preferred = [expectedPortalId, ...links.map((entry) => entry.portalId)];
  for (const id of preferred) {
    const portal = serving.find((candidate) => candidate.id === id);
    if (portal) return portal;
  }
  return serving[0];
}
