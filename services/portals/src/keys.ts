/**
 * The keys of the portal passwords: the keyring the configuration names (from the environment, or the embedded
 * default's key file), what start-up says about it, and the rewrap command's in-process rotation (key-rotation/).
 */
import { type Logger, type Server, type Store } from '@dv/kit';
import { type KeySettings, type PortalsConfig } from './config';
import { DATA_KEYS_COLLECTION } from './crypto/data-keys';
import { createKeyring, keyringOf, loadOrCreateKeyFile, type Keyring } from './crypto/keyring';
import { type KeyRotation } from './key-rotation/key-rotation.service';
import { loopbackUrlFor, writeRotationControl } from './key-rotation/rotation-control';

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

/** POST /internal/keys/rewrap: the rotation it runs and the token of this run that it asks for. */
export interface KeyRotationRoute {
  readonly rotation: KeyRotation;
  readonly token: string;
}

/**
 * The embedded store is this process's alone: the rewrap command finds the service through this announcement and
 * asks it to rotate in-process (key-rotation/rotation-control.ts), instead of opening the store files itself.
 */
export async function announceForRotation(
  app: Server,
  config: Pick<PortalsConfig, 'host' | 'dataDir'>,
  token: string,
  logger: Pick<Logger, 'warn'>,
): Promise<boolean> {
  const address = app.server.address();
  const url = typeof address === 'object' && address ? loopbackUrlFor(config.host, address.port) : undefined;
  if (url === undefined) {
    logger.warn({ host: config.host }, 'not listening on loopback: the rewrap command cannot reach this service; stop it before rotating keys');
    return false;
  }
  await writeRotationControl(config.dataDir, { url, token, pid: process.pid });
  return true;
}
