/**
 * The embedded default's key rotation: a new current KEK in the key file (unless a previous run was interrupted),
 * every data key re-wrapped under it, and the old KEKs removed from the file once nothing needs them. Each file
 * write comes before the data keys change (a crash leaves a file that reads everything) and is handed to `adopt`,
 * so a running service uses the new keys from that moment (see key-rotation/).
 */
import { type Store } from '@dv/kit';
import { generateKeyEncryptionKey, keyringOf, loadOrCreateKeyFile, writeKeyFile, type Keyring } from './keyring';
import { rewrapDataKeys, type RewrapOptions, type RewrapReport } from './rewrap-data-keys';

export interface RotationResult extends RewrapReport {
  /** The KEK ids that are no longer needed after this run. */
  readonly retired: readonly string[];
}

export interface RotateKeyFileOptions {
  readonly logger?: RewrapOptions['logger'];
  /** Called with the keyring of each version of the file as it is written. */
  readonly adopt?: (keyring: Keyring) => void;
}

export async function rotateKeyFile(store: Pick<Store, 'collection'>, file: string, options: RotateKeyFileOptions = {}): Promise<RotationResult> {
  let contents = await loadOrCreateKeyFile(file);
  if (contents.decryptOnly.length === 0) {
    contents = { current: generateKeyEncryptionKey(), decryptOnly: [contents.current] };
    // Written before any data key changes: a crash from here on leaves a file that can read everything.
    await writeKeyFile(file, contents);
  }
  const keyring = keyringOf(contents);
  options.adopt?.(keyring);
  const report = await rewrapDataKeys({ store, keyring, ...(options.logger ? { logger: options.logger } : {}) });
  if (report.remaining > 0 || report.failed.length > 0) return { ...report, retired: [] };
  const finished = { current: contents.current, decryptOnly: [] };
  await writeKeyFile(file, finished);
  options.adopt?.(keyringOf(finished));
  return { ...report, retired: contents.decryptOnly.map((key) => key.id) };
}
