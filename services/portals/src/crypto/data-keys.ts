/**
 * Per-office data keys. Each office has one random AES-256 data key, stored only wrapped (AES-256-GCM) under a
 * key-encryption key; the associated data binds the office id and the KEK id, so a wrapped key moved to another
 * office does not unwrap. Portal passwords are encrypted under the office's data key (credential-secrets.ts),
 * which is why re-wrapping (a new KEK) never touches a password ciphertext.
 */
import { randomBytes } from 'node:crypto';
import { DuplicateKey, type BaseDocument, type Store } from '@dv/kit';
import { associatedData, KEY_BYTES, seal, unseal, type Sealed } from './envelope';
import { type KeyEncryptionKey, type Keyring } from './keyring';

export const DATA_KEYS_COLLECTION = 'office_data_keys';

/** The data key of an office as stored: wrapped, never in clear. */
export interface DataKeyDocument extends BaseDocument {
  /** `_id` is the office id. */
  readonly orgId: string;
  /** Bound into the associated data of every password encrypted under this key. */
  readonly version: number;
  /** Which KEK wrapped it. */
  readonly kekId: string;
  readonly wrapped: Sealed;
  readonly createdAt: string;
  readonly rewrappedAt?: string;
}

/** An office's data key in clear, for the moment a password is sealed or opened. */
export interface DataKey {
  readonly officeId: string;
  readonly version: number;
  readonly material: Buffer;
}

/** Set when the stored key cannot be unwrapped: a KEK is missing from the ring, or the record was tampered with. */
export class DataKeyUnavailable extends Error {
  constructor(
    readonly officeId: string,
    reason: string,
  ) {
    super(`The data key of office ${officeId} is unavailable: ${reason}`);
    this.name = 'DataKeyUnavailable';
  }
}

const DATA_KEY_VERSION = 1;

export function dataKeyAssociatedData(officeId: string, kekId: string): Buffer {
  return associatedData('dv-portals/office-data-key/v1', officeId, kekId);
}

export function wrapDataKey(kek: KeyEncryptionKey, officeId: string, material: Buffer): Sealed {
  return seal(kek.material(), material, dataKeyAssociatedData(officeId, kek.id));
}

export function unwrapDataKey(keyring: Keyring, document: DataKeyDocument): Buffer {
  const kek = keyring.find(document.kekId);
  if (!kek) throw new DataKeyUnavailable(document._id, `the key-encryption key '${document.kekId}' is not configured`);
  try {
    return unseal(kek.material(), document.wrapped, dataKeyAssociatedData(document._id, kek.id));
  } catch {
    throw new DataKeyUnavailable(document._id, 'it does not authenticate under its key-encryption key');
  }
}

export interface DataKeys {
  /** The office's data key, created (and wrapped under the current KEK) on first use. Not inside a transaction. */
  forOffice(officeId: string, orgId: string): Promise<DataKey>;
  /** The office's existing data key; DataKeyUnavailable when there is none or it does not unwrap. */
  existing(officeId: string): Promise<DataKey>;
}

export function dataKeys(deps: { store: Pick<Store, 'collection'>; keyring: Keyring; now?: () => Date }): DataKeys {
  const documents = () => deps.store.collection<DataKeyDocument>(DATA_KEYS_COLLECTION);
  const now = deps.now ?? (() => new Date());
  const open = (document: DataKeyDocument): DataKey => ({
    officeId: document._id,
    version: document.version,
    material: unwrapDataKey(deps.keyring, document),
  });

  async function existing(officeId: string): Promise<DataKey> {
    const document = await documents().findById(officeId);
    if (!document) throw new DataKeyUnavailable(officeId, 'it does not exist');
    return open(document);
  }

  return {
    existing,
    async forOffice(officeId, orgId) {
      const found = await documents().findById(officeId);
      if (found) return open(found);
      const material = randomBytes(KEY_BYTES);
      const kek = deps.keyring.current;
      try {
        await documents().insert({
          _id: officeId,
          orgId,
          version: DATA_KEY_VERSION,
          kekId: kek.id,
          wrapped: wrapDataKey(kek, officeId, material),
          createdAt: now().toISOString(),
        });
      } catch (error) {
        // Another request created the office's key first: use that one.
        if (error instanceof DuplicateKey) return existing(officeId);
        throw error;
      }
      return { officeId, version: DATA_KEY_VERSION, material };
    },
  };
}
