/**
 * Storage for the provider's artifacts (sessions, grants, codes, refresh tokens, interactions).
 *
 * oidc-provider's built-in memory adapter is one module-wide store shared by every provider in the process and is
 * lost on restart. This one belongs to a single provider and, given a file, is written there (atomically, shortly
 * after each change and on close) so that a signed-in developer stays signed in across restarts. It scans linearly:
 * a development provider holds a few hundred entries at most.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { type Adapter, type AdapterPayload } from 'oidc-provider';
import { z } from 'zod';

/** Models whose entries belong to a grant and go when the grant is revoked. */
const GRANT_BOUND_MODELS = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'PreAuthorizedCode',
]);

const SAVE_DELAY_MS = 100;

interface Entry {
  readonly model: string;
  payload: AdapterPayload;
  /** Epoch milliseconds; null never expires. */
  readonly expiresAt: number | null;
}

const StoredFile = z.object({
  version: z.literal(1),
  entries: z.array(
    z.object({
      key: z.string(),
      model: z.string(),
      payload: z.record(z.string(), z.unknown()),
      expiresAt: z.number().nullable(),
    }),
  ),
});

export interface OidcStore {
  /** oidc-provider's adapter factory: one adapter per model name. */
  readonly adapterFor: (model: string) => Adapter;
  /** Writes pending changes now (no-op without a file). */
  flush(): void;
  /** Flushes and stops the write timer. */
  close(): void;
}

export function createOidcStore(file?: string): OidcStore {
  const entries = new Map<string, Entry>();
  let saveTimer: NodeJS.Timeout | undefined;
  let dirty = false;

  if (file !== undefined && existsSync(file)) {
    const stored = StoredFile.parse(JSON.parse(readFileSync(file, 'utf8')));
    for (const { key, model, payload, expiresAt } of stored.entries) {
      if (expiresAt === null || expiresAt > Date.now()) {
        entries.set(key, { model, payload, expiresAt });
      }
    }
  }

  function flush() {
    if (saveTimer) clearTimeout(saveTimer);
    saveTimer = undefined;
    if (file === undefined || !dirty) return;
    dirty = false;
    const now = Date.now();
    const live = [...entries].filter(([, entry]) => entry.expiresAt === null || entry.expiresAt > now);
    mkdirSync(dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    const body = { version: 1, entries: live.map(([key, entry]) => ({ key, ...entry })) };
    writeFileSync(temporary, JSON.stringify(body), { mode: 0o600 });
    renameSync(temporary, file);
  }

  function changed() {
    if (file === undefined) return;
    dirty = true;
    // unref: a pending write must not keep the process alive; close() flushes it.
    saveTimer ??= setTimeout(flush, SAVE_DELAY_MS).unref();
  }

  function live(key: string): Entry | undefined {
    const entry = entries.get(key);
    if (entry && entry.expiresAt !== null && entry.expiresAt <= Date.now()) {
      entries.delete(key);
      changed();
      return undefined;
    }
    return entry;
  }

  function findWhere(model: string, matches: (payload: AdapterPayload) => boolean): AdapterPayload | undefined {
    for (const [key, entry] of entries) {
      if (entry.model === model && matches(entry.payload) && live(key)) return structuredClone(entry.payload);
    }
    return undefined;
  }

  function adapterFor(model: string): Adapter {
    const keyOf = (id: string) => `${model}:${id}`;
    return {
      upsert(id, payload, expiresIn) {
        const expiresAt = typeof expiresIn === 'number' ? Date.now() + expiresIn * 1000 : null;
        entries.set(keyOf(id), { model, payload: structuredClone(payload), expiresAt });
        changed();
        return Promise.resolve();
      },
      find(id) {
        const entry = live(keyOf(id));
        return Promise.resolve(entry ? structuredClone(entry.payload) : undefined);
      },
      findByUid(uid) {
        return Promise.resolve(findWhere(model, (payload) => payload.uid === uid));
      },
      findByUserCode(userCode) {
        return Promise.resolve(findWhere(model, (payload) => payload.userCode === userCode));
      },
      consume(id) {
        const entry = live(keyOf(id));
        if (entry) {
          entry.payload = { ...entry.payload, consumed: Math.floor(Date.now() / 1000) };
          changed();
        }
        return Promise.resolve();
      },
      destroy(id) {
        if (entries.delete(keyOf(id))) changed();
        return Promise.resolve();
      },
      revokeByGrantId(grantId) {
        for (const [key, entry] of entries) {
          if (GRANT_BOUND_MODELS.has(entry.model) && entry.payload.grantId === grantId) entries.delete(key);
        }
        changed();
        return Promise.resolve();
      },
    };
  }

  return {
    adapterFor,
    flush,
    close() {
      flush();
    },
  };
}
