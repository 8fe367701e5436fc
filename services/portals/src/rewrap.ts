/**
 * `node services/portals/dist/rewrap.js`: re-wraps every office data key under the current key-encryption key
 * (README, "Rotating the key-encryption key"). Reads the same environment as the service.
 *
 * - PORTALS_KEK set (production): the keys are re-wrapped under PORTALS_KEK; the old KEKs must be in
 *   PORTALS_DECRYPT_ONLY_KEKS. Runs beside the service (MongoDB). Exit 0 when no data key needs an old KEK any more.
 * - The embedded key file: a new KEK is generated and made current, the old one is kept for reading until every
 *   data key is re-wrapped, then dropped from the file. The embedded store is one process's: stop the service first.
 *   An interrupted run is finished by running the command again (it then keeps the current KEK).
 */
import path from 'node:path';
import { ConfigError, createLogger, openMongoStore, openNedbStore, type Store } from '@dv/kit';
import { loadPortalsConfig, type PortalsConfig } from './config';
import { generateKeyEncryptionKey, keyringOf, loadOrCreateKeyFile, writeKeyFile, type Keyring } from './crypto/keyring';
import { rewrapDataKeys, type RewrapReport } from './crypto/rewrap-data-keys';
import { keyringFor } from './keys';

export interface RotationResult extends RewrapReport {
  /** The KEK ids that are no longer needed after this run. */
  readonly retired: readonly string[];
}

/**
 * The embedded default's rotation: a new current KEK in the key file (unless a previous run was interrupted),
 * every data key re-wrapped, and the old KEKs removed from the file once nothing needs them.
 */
export async function rotateKeyFile(store: Pick<Store, 'collection'>, file: string, logger?: Parameters<typeof rewrapDataKeys>[0]['logger']): Promise<RotationResult> {
  let contents = await loadOrCreateKeyFile(file);
  if (contents.decryptOnly.length === 0) {
    contents = { current: generateKeyEncryptionKey(), decryptOnly: [contents.current] };
    // Written before any data key changes: a crash from here on leaves a file that can read everything.
    await writeKeyFile(file, contents);
  }
  const report = await rewrapDataKeys({ store, keyring: keyringOf(contents), ...(logger ? { logger } : {}) });
  if (report.remaining > 0 || report.failed.length > 0) return { ...report, retired: [] };
  await writeKeyFile(file, { current: contents.current, decryptOnly: [] });
  return { ...report, retired: contents.decryptOnly.map((key) => key.id) };
}

async function openStore(config: PortalsConfig): Promise<Store> {
  if (config.mongodbUri) return openMongoStore({ uri: config.mongodbUri });
  return openNedbStore({ dir: path.join(config.dataDir, 'portals'), compactionIntervalMs: 0 });
}

async function main(): Promise<number> {
  const config = loadPortalsConfig(process.env);
  const logger = createLogger({ name: 'portals-rewrap', level: config.logLevel ?? 'info' });
  const store = await openStore(config);
  try {
    if (config.keys.source === 'file') {
      const result = await rotateKeyFile(store, config.keys.file, logger);
      logger.info({ ...result, failed: result.failed.length }, 'key file rotation finished');
      return result.remaining === 0 && result.failed.length === 0 ? 0 : 1;
    }
    const keyring: Keyring = await keyringFor(config.keys);
    const report = await rewrapDataKeys({ store, keyring, logger });
    const done = report.remaining === 0 && report.failed.length === 0;
    const retired = keyring.ids.filter((id) => id !== keyring.current.id);
    if (done) {
      logger.info({ kekId: report.kekId, retired }, 'every data key is under the current KEK: remove PORTALS_DECRYPT_ONLY_KEKS');
    } else {
      logger.error({ remaining: report.remaining, failed: report.failed }, 'some data keys still need an old KEK');
    }
    return done ? 0 : 1;
  } finally {
    await store.close();
  }
}

if (require.main === module) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`${error instanceof ConfigError ? error.message : String(error instanceof Error ? error.stack : error)}\n`);
      process.exit(1);
    },
  );
}
