/**
 * Portal data requests this service holds: received and not answered yet, or answered with a waiting status
 * (credentialPending, mfaRequired) and waiting for the office. A request is deleted when it gets its final answer
 * (ok or error), so the patient identifiers it carries stay no longer than needed. The only place that names the
 * collection.
 */
import { type PortalDataRequestPayload } from '@dv/contracts';
import { type BaseDocument, type Collection, type Store, type Transaction } from '@dv/kit';
import { type WaitingStatus } from './portal-data-decision';

export const PORTAL_DATA_REQUESTS_COLLECTION = 'portal_data_requests';

export interface PortalRequestDocument extends BaseDocument {
  /** `_id` is the request id. */
  readonly orgId: string;
  readonly officeId: string;
  readonly verificationId: string;
  /** The portal of the organization's catalogue that serves the payer (when received; checked again each time). */
  readonly portalId: string | null;
  /** The request as received: the payer and the patient identifiers a portal search needs. */
  readonly request: PortalDataRequestPayload;
  /** `new`: not answered yet; `open`: answered with a waiting status, waiting for the office. */
  readonly state: 'new' | 'open';
  /** The last waiting answer sent (an open request is answered again only when it changes). */
  readonly answered: { readonly status: WaitingStatus; readonly message: string } | null;
  /** Epoch ms until which a new request waits for a login in progress; 0 while it does not wait for one. */
  readonly loginWaitUntil: number;
  /** Incremented by every write: writers compare and set, so two processes never answer the same state twice. */
  readonly version: number;
  readonly receivedAt: string;
  readonly updatedAt: string;
}

type Source = Pick<Store, 'collection'> | Transaction;

export function portalRequestsIn(source: Source): Collection<PortalRequestDocument> {
  return source.collection<PortalRequestDocument>(PORTAL_DATA_REQUESTS_COLLECTION);
}

export async function ensurePortalRequestIndexes(store: Pick<Store, 'ensureIndex'>): Promise<void> {
  await store.ensureIndex(PORTAL_DATA_REQUESTS_COLLECTION, { fields: ['officeId', 'portalId'] });
  await store.ensureIndex(PORTAL_DATA_REQUESTS_COLLECTION, { fields: ['receivedAt'] });
}

/** The requests of the office that the portal serves. */
export function findOfficePortalRequests(
  source: Source,
  scope: { orgId: string; officeId: string; portalId: string },
): Promise<PortalRequestDocument[]> {
  return portalRequestsIn(source).find(scope, { sort: { receivedAt: 1 } });
}

/** Every held request, oldest first. */
export function findHeldRequests(source: Source, limit: number): Promise<PortalRequestDocument[]> {
  return portalRequestsIn(source).find({}, { sort: { receivedAt: 1 }, limit });
}

/** Changes the request if nobody else did since it was read (same version); true when it did. */
export async function updateRequestIf(
  tx: Transaction,
  read: Pick<PortalRequestDocument, '_id' | 'version'>,
  set: Partial<Omit<PortalRequestDocument, '_id' | 'version'>>,
): Promise<boolean> {
  const updated = await portalRequestsIn(tx).update({ _id: read._id, version: read.version }, { set: { ...set, version: read.version + 1 } });
  return updated === 1;
}

/** Deletes the request if nobody changed it since it was read; true when it did. */
export async function deleteRequestIf(tx: Transaction, read: Pick<PortalRequestDocument, '_id' | 'version'>): Promise<boolean> {
  return (await portalRequestsIn(tx).delete({ _id: read._id, version: read.version })) === 1;
}
