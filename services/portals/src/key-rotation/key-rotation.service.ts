/**
 * Key-encryption key rotation inside the running service, without downtime (the README's "Rotating the
 * key-encryption key"). The rewrap command asks for it over the loopback route of key-rotation.routes.ts when the
 * service owns the embedded store:
 *
 * - key file (the embedded default): a new KEK becomes current in the file and in this process at once, the old one
 *   stays readable while every data key is re-wrapped, then it leaves the file and the process;
 * - keys from the environment: every data key still under an old KEK is re-wrapped under PORTALS_KEK (the old ones
 *   must be in PORTALS_DECRYPT_ONLY_KEKS); removing them from the environment is the operator's next rollout.
 *
 * Requests keep being served throughout: a password is opened with whichever KEK its office's data key names, and
 * both are in the keyring until no data key needs the old one. One rotation at a time.
 */
import { type Logger, type Store } from '@dv/kit';
import { type KeySettings } from '../config';
import { type SwitchableKeyring } from '../crypto/keyring';
import { rewrapDataKeys } from '../crypto/rewrap-data-keys';
import { rotateKeyFile, type RotationResult } from '../crypto/rotate-key-file';

export interface KeyRotation {
  rotate(): Promise<RotationResult>;
}

export interface KeyRotationDeps {
  readonly store: Pick<Store, 'collection'>;
  readonly settings: KeySettings;
  readonly keys: SwitchableKeyring;
  readonly logger: Pick<Logger, 'info' | 'warn' | 'error'>;
}

export function keyRotation({ store, settings, keys, logger }: KeyRotationDeps): KeyRotation {
  let running: Promise<unknown> = Promise.resolve();

  async function rotateOnce(): Promise<RotationResult> {
    if (settings.source === 'file') {
      return rotateKeyFile(store, settings.file, { logger, adopt: (keyring) => keys.replace(keyring) });
    }
    const report = await rewrapDataKeys({ store, keyring: keys.keyring, logger });
    const done = report.remaining === 0 && report.failed.length === 0;
    return { ...report, retired: done ? keys.keyring.ids.filter((id) => id !== report.kekId) : [] };
  }

  return {
    rotate() {
      const result = running.then(rotateOnce, rotateOnce);
      running = result.catch(() => undefined);
      return result;
    },
  };
}
