/**
 * Key rotation: re-wraps every office data key that is not yet under the current key-encryption key. Only the
 * small wrapped data keys change; password ciphertexts stay as they are (they are under the data keys).
 *
 * Safe while the service runs (MongoDB): each key is replaced with a compare-and-set on its old KEK id, and
 * running replicas read with whichever KEK a key names, as long as they have both the old and the new KEK.
 * Safe to run again after a crash: it continues with the keys still under an old KEK.
 */
import { type Logger, type Store } from '@dv/kit';
import { DATA_KEYS_COLLECTION, unwrapDataKey, wrapDataKey, type DataKeyDocument } from './data-keys';
import { type Keyring } from './keyring';

export interface RewrapReport {
  /** The KEK every data key is now wrapped under. */
  readonly kekId: string;
  readonly rewrapped: number;
  /** Office ids whose data key could not be unwrapped (KEK missing or record damaged); they were left alone. */
  readonly failed: readonly string[];
  /** Data keys still under another KEK when the run ended (0 means the old KEKs are no longer needed). */
  readonly remaining: number;
}

export interface RewrapOptions {
  readonly store: Pick<Store, 'collection'>;
  readonly keyring: Keyring;
  readonly logger?: Pick<Logger, 'info' | 'warn' | 'error'>;
  readonly batchSize?: number;
  readonly now?: () => Date;
}

export async function rewrapDataKeys(options: RewrapOptions): Promise<RewrapReport> {
  const documents = options.store.collection<DataKeyDocument>(DATA_KEYS_COLLECTION);
  const current = options.keyring.current;
  const batchSize = options.batchSize ?? 200;
  const now = options.now ?? (() => new Date());
  const failed: string[] = [];
  let rewrapped = 0;
  let after = '';

  for (;;) {
    const batch = await documents.find(
      { kekId: { $ne: current.id }, _id: { $gt: after } },
      { sort: { _id: 1 }, limit: batchSize },
    );
    if (batch.length === 0) break;
    for (const document of batch) {
      after = document._id;
      let material: Buffer;
      try {
        material = unwrapDataKey(options.keyring, document);
      } catch (error) {
        failed.push(document._id);
        options.logger?.error({ officeId: document._id, kekId: document.kekId, err: error }, 'data key not re-wrapped');
        continue;
      }
      // Compare-and-set: if another run re-wrapped it meanwhile, this matches nothing and changes nothing.
      const changed = await documents.update(
        { _id: document._id, kekId: document.kekId },
        { set: { kekId: current.id, wrapped: wrapDataKey(current, document._id, material), rewrappedAt: now().toISOString() } },
      );
      material.fill(0);
      rewrapped += changed;
    }
  }

  const remaining = await documents.count({ kekId: { $ne: current.id } });
  options.logger?.info({ kekId: current.id, rewrapped, failed: failed.length, remaining }, 'data keys re-wrapped');
  return { kekId: current.id, rewrapped, failed, remaining };
}
