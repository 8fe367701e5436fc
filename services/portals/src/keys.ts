/** The keyring the configuration names: from the environment, or the embedded default's key file. */
import { type Logger, type Store } from '@dv/kit';
import { type KeySettings } from './config';
import { DATA_KEYS_COLLECTION } from './crypto/data-keys';
import { createKeyring, keyringOf, loadOrCreateKeyFile, type Keyring } from './crypto/keyring';

export async function keyringFor(settings: KeySettings): Promise<Keyring> {
  if (settings.source === 'environment') return createKeyring(settings.current, settings.decryptOnly);
  return keyringOf(await loadOrCreateKeyFile(settings.file));
}

/** Says at start-up what a missing KEK would only show at the first login: data keys nobody can unwrap. */
export async function reportKeyHealth(store: Pick<Store, 'collection'>, keyring: Keyring, logger: Pick<Logger, 'info' | 'warn' | 'error'>): Promise<void> {
  const keys = store.collection(DATA_KEYS_COLLECTION);
  const unreadable = await keys.count({ kekId: { $nin: [...keyring.ids] } });
  if (unreadable > 0) {
    logger.error({ unreadable, kekIds: keyring.ids }, 'office data keys are wrapped under a key-encryption key that is not configured');
  }
  const pending = await keys.count({ kekId: { $ne: keyring.current.id } });
  if (pending > 0) logger.warn({ pending, kekId: keyring.current.id }, 'a key rotation is unfinished: run the rewrap command');
  else logger.info({ kekId: keyring.current.id }, 'portal password keys ready');
}
