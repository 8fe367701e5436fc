/**
 * The portals catalogue: one per organization, so a company admin's edits never reach another organization.
 * The only place that names these collections.
 */
import { type Portal } from '@dv/contracts';
import { type BaseDocument, type Collection, type Store, type Transaction } from '@dv/kit';

export const PORTALS_COLLECTION = 'portals';
/** Which organizations got the default catalogue (so that portals an admin deleted stay deleted). */
export const CATALOGUE_SEEDS_COLLECTION = 'portal_catalogue_seeds';

export interface PortalDocument extends BaseDocument {
  /** `${orgId}/${id}` */
  readonly orgId: string;
  readonly id: string;
  readonly name: string;
  readonly url: string;
  readonly carriers: readonly string[];
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface CatalogueSeedDocument extends BaseDocument {
  /** `_id` is the organization id. */
  readonly seededAt: string;
  readonly version: number;
}

type Source = Pick<Store, 'collection'> | Transaction;

export const portalDocumentId = (orgId: string, portalId: string): string => `${orgId}/${portalId}`;

export function portalsIn(source: Source): Collection<PortalDocument> {
  return source.collection<PortalDocument>(PORTALS_COLLECTION);
}

export function catalogueSeedsIn(source: Source): Collection<CatalogueSeedDocument> {
  return source.collection<CatalogueSeedDocument>(CATALOGUE_SEEDS_COLLECTION);
}

export async function ensurePortalIndexes(store: Pick<Store, 'ensureIndex'>): Promise<void> {
  await store.ensureIndex(PORTALS_COLLECTION, { fields: ['orgId', 'name'] });
}

export function portalView(document: PortalDocument): Portal {
  return { id: document.id, name: document.name, url: document.url, carriers: [...document.carriers] };
}

export function listOrganizationPortals(source: Source, orgId: string): Promise<PortalDocument[]> {
  return portalsIn(source).find({ orgId }, { sort: { name: 1 } });
}

export function findOrganizationPortal(source: Source, orgId: string, portalId: string): Promise<PortalDocument | null> {
  return portalsIn(source).findById(portalDocumentId(orgId, portalId));
}
