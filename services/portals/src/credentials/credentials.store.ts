/**
 * The credentials collection: the only place that names it and queries it. One credential per office and portal.
 */
import { type PortalCredentialStatus, type PortalProvider } from '@dv/contracts';
import { type BaseDocument, type Collection, type Store, type Transaction } from '@dv/kit';
import { type SealedPassword } from '../crypto/credential-secrets';

export const CREDENTIALS_COLLECTION = 'portal_credentials';

/** One provider's view of the credential. */
export interface ProviderState {
  readonly status: PortalCredentialStatus;
  /** The login attempt this status belongs to; an outcome of an older attempt is dropped. */
  readonly attemptId: string;
  readonly updatedAt: string;
  /** Why the last login did not succeed, for people; never a secret. */
  readonly message?: string;
}

export type ProviderStates = Partial<Record<PortalProvider, ProviderState>>;

export interface CredentialDocument extends BaseDocument {
  readonly orgId: string;
  readonly officeId: string;
  readonly portalId: string;
  readonly username: string;
  /**
   * Sealed (AES-256-GCM under the office data key). Named `password` so that every redaction rule that knows
   * the word also drops the ciphertext.
   */
  readonly password: SealedPassword;
  /** The providers that log in with this credential, and their statuses. */
  readonly providers: ProviderStates;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly createdBy: string;
  readonly updatedBy: string;
}

type CredentialSource = Pick<Store, 'collection'> | Transaction;

export function credentialsIn(source: CredentialSource): Collection<CredentialDocument> {
  return source.collection<CredentialDocument>(CREDENTIALS_COLLECTION);
}

export async function ensureCredentialIndexes(store: Pick<Store, 'ensureIndex'>): Promise<void> {
  await store.ensureIndex(CREDENTIALS_COLLECTION, { fields: ['officeId', 'portalId'], unique: true });
  await store.ensureIndex(CREDENTIALS_COLLECTION, { fields: ['orgId', 'portalId'] });
}

/** Scoped to the office: another office's credential is simply not found. */
export function findOfficeCredential(
  source: CredentialSource,
  scope: { orgId: string; officeId: string },
  id: string,
): Promise<CredentialDocument | null> {
  return credentialsIn(source).findOne({ _id: id, officeId: scope.officeId, orgId: scope.orgId });
}

export function findOfficeCredentialForPortal(
  source: CredentialSource,
  scope: { orgId: string; officeId: string },
  portalId: string,
): Promise<CredentialDocument | null> {
  return credentialsIn(source).findOne({ portalId, officeId: scope.officeId, orgId: scope.orgId });
}

export function listOfficeCredentials(
  source: CredentialSource,
  scope: { orgId: string; officeId: string },
): Promise<CredentialDocument[]> {
  return credentialsIn(source).find({ officeId: scope.officeId, orgId: scope.orgId }, { sort: { portalId: 1 } });
}

export function countPortalCredentials(source: CredentialSource, orgId: string, portalId: string): Promise<number> {
  return credentialsIn(source).count({ orgId, portalId });
}

/** Credentials with a provider still logging in since before `before` (ISO): logins a stopped process left. */
export function findStaleLogins(source: CredentialSource, before: string, limit: number): Promise<CredentialDocument[]> {
  return credentialsIn(source).find(
    {
      $or: [
        { 'providers.dentalXChange.status': 'inProgress', 'providers.dentalXChange.updatedAt': { $lt: before } },
        { 'providers.portalAi.status': 'inProgress', 'providers.portalAi.updatedAt': { $lt: before } },
      ],
    },
    { limit },
  );
}
