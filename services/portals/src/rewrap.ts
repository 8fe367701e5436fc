/**
 * `npm run rewrap -w @dv/portals` (`node services/portals/dist/rewrap.js`): re-wraps every office data key under a
 * new key-encryption key, without stopping the service (README, "Rotating the key-encryption key"). It reads only
 * what it uses: DATA_DIR or MONGODB_URI, and the keys (PORTALS_KEK, PORTALS_KEK_ID, PORTALS_DECRYPT_ONLY_KEKS, or
 * the key file PORTALS_KEK_FILE); LOG_LEVEL.
 *
 * - MONGODB_URI: the data keys are re-wrapped in the shared store under PORTALS_KEK, beside the running replicas
 *   (compare-and-set per key); the old KEKs must be in PORTALS_DECRYPT_ONLY_KEKS, here and in every replica.
 * - The embedded store, with the portals service running (it announced itself in DATA_DIR/portals-keys): the
 *   service is asked to rotate in-process over loopback, since the store's files are that process's alone. With the
 *   key file it makes a new KEK current, re-wraps, and drops the old KEK from the file; with PORTALS_KEK it
 *   re-wraps under its own keys.
 * - The embedded store with no service running: the command does the same itself. An interrupted run is finished
 *   by running it again (it then keeps the current KEK).
 *
 * Exit 0 when no data key needs an old KEK any more, 1 otherwise (the offices whose key could not be unwrapped are
 * named in the log).
 */
import path from 'node:path';
import { ConfigError, createLogger, INTERNAL_TOKEN_HEADER, type Logger, openMongoStore, openNedbStore, type Store } from '@dv/kit';
import { loadRewrapConfig, type RewrapConfig } from './config';
import { createKeyring } from './crypto/keyring';
import { rewrapDataKeys } from './crypto/rewrap-data-keys';
import { rotateKeyFile, type RotationResult } from './crypto/rotate-key-file';
import { RotationReport } from './key-rotation/key-rotation.routes';
import {
  processIsAlive,
  readRotationControl,
  removeStaleRotationControl,
  ROTATION_PATH,
  rotationControlFile,
  type RotationControl,
} from './key-rotation/rotation-control';

/** Re-wrapping is quick (one small record per office), but a large store on a slow disk gets its time. */
const SERVICE_ANSWER_TIMEOUT_MS = 10 * 60_000;

function finished(result: Pick<RotationResult, 'remaining' | 'failed'>): boolean {
  return result.remaining === 0 && result.failed.length === 0;
}

function report(logger: Logger, result: RotationResult, how: string): number {
  if (finished(result)) {
    logger.info({ kekId: result.kekId, rewrapped: result.rewrapped, retired: result.retired, how }, 'key rotation finished');
  } else {
    logger.error({ kekId: result.kekId, remaining: result.remaining, failed: result.failed, how }, 'some data keys still need an old KEK');
  }
  return finished(result) ? 0 : 1;
}

/** The store is this command's alone (MongoDB is shared safely; an embedded store only when no service runs). */
async function rotateHere(config: RewrapConfig, store: Store, logger: Logger): Promise<RotationResult> {
  if (config.keys.source === 'file') return rotateKeyFile(store, config.keys.file, { logger });
  const keyring = createKeyring(config.keys.current, config.keys.decryptOnly);
  const result = await rewrapDataKeys({ store, keyring, logger });
  return { ...result, retired: finished(result) ? keyring.ids.filter((id) => id !== keyring.current.id) : [] };
}

async function askService(control: RotationControl): Promise<RotationResult> {
  const response = await fetch(new URL(ROTATION_PATH, control.url), {
    method: 'POST',
    headers: { [INTERNAL_TOKEN_HEADER]: control.token, accept: 'application/json' },
    signal: AbortSignal.timeout(SERVICE_ANSWER_TIMEOUT_MS),
  });
  const body: unknown = await response.json().catch(() => undefined);
  const parsed = RotationReport.safeParse(body);
  if (!response.ok || !parsed.success) {
    const message = (body as { message?: unknown } | undefined)?.message;
    throw new Error(`The portals service at ${control.url} answered ${response.status}${typeof message === 'string' ? `: ${message}` : ''}`);
  }
  return parsed.data;
}

export async function runRewrap(config: RewrapConfig, logger: Logger): Promise<number> {
  if (config.mongodbUri) {
    const store = await openMongoStore({ uri: config.mongodbUri });
    try {
      return report(logger, await rotateHere(config, store, logger), 'in the shared store');
    } finally {
      await store.close();
    }
  }

  const control = await readRotationControl(config.dataDir);
  if (control && processIsAlive(control.pid)) {
    try {
      return report(logger, await askService(control), `by the running portals service (pid ${control.pid})`);
    } catch (error) {
      // Its store is not ours to open while it runs, whatever went wrong.
      logger.error(
        { err: error, announcement: rotationControlFile(config.dataDir), pid: control.pid },
        'the running portals service did not rotate the keys; nothing was changed here',
      );
      return 1;
    }
  }
  if (control) {
    // A service killed before it could remove its announcement: nothing holds the store any more.
    logger.warn({ pid: control.pid }, 'the portals service that announced itself is gone: rotating here');
    await removeStaleRotationControl(config.dataDir);
  }

  const store = await openNedbStore({ dir: path.join(config.dataDir, 'portals'), compactionIntervalMs: 0 });
  try {
    return report(logger, await rotateHere(config, store, logger), 'here (no portals service runs on this data folder)');
  } finally {
    await store.close();
  }
}

async function main(): Promise<number> {
  // npm runs a workspace script in the workspace's folder; relative paths mean the folder npm was started in.
  const config = loadRewrapConfig(process.env, process.env.INIT_CWD ?? process.cwd());
  const logger = createLogger({ name: 'portals-rewrap', level: config.logLevel });
  return runRewrap(config, logger);
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
