/**
 * What this service publishes and consumes, by contract name.
 *
 * Publishes (written to the outbox in the transaction of the change; the kit's relay publishes them):
 * - `portal-credential.changed` (EVENT_TYPES.credentialChanged) on TOPICS.portalCredentials, keyed by credential id,
 *   whenever a provider's status of a credential changes. Payload: CredentialChangedPayload (ids, statuses,
 *   organization and office for the realtime service's rooms), never a username or a password.
 * - `portal-credential.removed` (EVENT_TYPES.credentialRemoved) on the same topic and key, when a credential is
 *   deleted, in the transaction of the delete. Payload: CredentialRemovedPayload (the credential id, organization
 *   and office), so other tabs and users drop it from their lists and notification badges.
 * - `portal-data.result` (EVENT_TYPES.portalDataResult) on TOPICS.portalDataResults, keyed by verification id: the
 *   answer to a portal data request (PortalDataResultPayload: the status, the portal, a message for people, the
 *   portal's data with `ok`). Service to service; never a username or a password. A request answered
 *   credentialPending or mfaRequired is answered again, with the same request id, once the office acted.
 *
 * Consumes:
 * - `portal-data.requested` (EVENT_TYPES.portalDataRequested) on TOPICS.portalDataRequests, group `portals`,
 *   idempotently (portal-data/portal-data.service.ts);
 * - its own `portal-credential.changed`, group `portals.portal-data`: a credential that became valid (or now asks
 *   for a code) moves the office's waiting portal data requests on. Level-triggered (the credential is read again),
 *   so a repeated or late event changes nothing.
 */
import { CredentialChangedPayload, CredentialRemovedPayload, EVENT_TYPES, PortalDataResultPayload, TOPICS } from '@dv/contracts';
import { type Outbox, type Transaction } from '@dv/kit';
import { credentialChangedPayload } from './credentials/credential-status';
import { type CredentialDocument } from './credentials/credentials.store';

export const PORTAL_DATA_REQUESTS_GROUP = 'portals';
export const CREDENTIAL_CHANGES_GROUP = 'portals.portal-data';

export async function recordCredentialChanged(
  outbox: Pick<Outbox, 'add'>,
  tx: Transaction,
  credential: CredentialDocument,
): Promise<void> {
  // Parsing drops anything the contract does not name, so no stored-only field can reach the bus.
  const payload = CredentialChangedPayload.parse(credentialChangedPayload(credential));
  await outbox.add(tx, { topic: TOPICS.portalCredentials, key: credential._id, type: EVENT_TYPES.credentialChanged, payload });
}

export async function recordCredentialRemoved(
  outbox: Pick<Outbox, 'add'>,
  tx: Transaction,
  credential: Pick<CredentialDocument, '_id' | 'orgId' | 'officeId'>,
): Promise<void> {
  const payload = CredentialRemovedPayload.parse({ credentialId: credential._id, orgId: credential.orgId, officeId: credential.officeId });
  await outbox.add(tx, { topic: TOPICS.portalCredentials, key: credential._id, type: EVENT_TYPES.credentialRemoved, payload });
}

export async function recordPortalDataResult(
  outbox: Pick<Outbox, 'add'>,
  tx: Transaction,
  result: PortalDataResultPayload,
): Promise<void> {
  // Parsed for the same reason: only what the contract names goes out.
  const payload = PortalDataResultPayload.parse(result);
  await outbox.add(tx, { topic: TOPICS.portalDataResults, key: payload.verificationId, type: EVENT_TYPES.portalDataResult, payload });
}
