/**
 * Feature flags (SPEC sections 3, 7, 9): read by everyone with their typed defaults, changed by super
 * administrators. A value is checked against the flag's type; null empties it (it then reads as the default).
 *
 * Flags are global, not per organization: one flag per name, which every organization reads alike (GET
 * /api/features needs no token, so it cannot tell organizations apart anyway). A change is published as
 * feature-flag.updated; the realtime service tells every signed-in tab the flag's name, and they read again.
 */
import {
  FEATURE_FLAGS,
  FEATURE_FLAG_NAMES,
  flagValue,
  JSON_STRING_MAX_LENGTH,
  type FeatureFlag,
  type FeatureFlagKey,
  type FeatureFlagPatch,
  type FeatureFlagType,
} from '@dv/contracts';
import { invalidField, NotFound, type Actor, type Outbox, type Store, type Transaction } from '@dv/kit';
import { assertCanManageFeatureFlags } from '../access';
import { recordEvent } from '../events';
import { DEFAULT_FEATURE_FLAGS } from './default-flags';
import { featureFlagRecords, type FeatureFlagDocument } from './features.store';

export const FEATURE_FLAG_NOT_FOUND = 'Feature flag not found';
export const FLAG_INTEGER_BELOW_NONE = 'Expected 0 or more, or -1 (or empty) for none';
export const FLAG_OBJECT_TOO_LONG = `An object value is at most ${JSON_STRING_MAX_LENGTH} characters of JSON`;

/** The flag as clients read it: the stored value read as the flag's type. */
export function toFeatureFlag(doc: FeatureFlagDocument): FeatureFlag {
  return { name: doc.name, type: doc.type, value: flagValue(doc.type, doc.value), isActive: doc.isActive };
}

type StoredValue = FeatureFlagDocument['value'];

/** The value to store for a flag of `type`, or a 400 naming `value` and what was expected. */
export function storedFlagValue(type: FeatureFlagType, value: FeatureFlagPatch['value'] | DefaultValue): StoredValue {
  if (value === null || value === undefined) return null;
  switch (type) {
    case 'none':
      throw invalidField('value', 'A flag of type none has no value; send null or leave it out');
    case 'string':
      if (typeof value !== 'string') throw invalidField('value', 'Expected text for a string flag');
      return value;
    case 'integer':
      if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw invalidField('value', 'Expected an integer');
      // Integer flags count or measure (users, days); -1 is the specification's "none", as an empty value reads.
      if (value < -1) throw invalidField('value', FLAG_INTEGER_BELOW_NONE);
      return value;
    case 'object': {
      if (typeof value !== 'object' || Array.isArray(value)) throw invalidField('value', 'Expected an object');
      // Every browser reads every flag on start (GET /api/features): an object is held to a string value's length.
      const text = JSON.stringify(value);
      if (text.length > JSON_STRING_MAX_LENGTH) throw invalidField('value', FLAG_OBJECT_TOO_LONG);
      return text;
    }
  }
}

type DefaultValue = (typeof DEFAULT_FEATURE_FLAGS)[FeatureFlagKey]['value'];

/** Known flags first, in the order of SPEC section 9, then any other by name. */
function byKnownOrder(a: FeatureFlagDocument, b: FeatureFlagDocument): number {
  const rank = (name: string) => {
    const index = FEATURE_FLAG_NAMES.indexOf(name);
    return index < 0 ? FEATURE_FLAG_NAMES.length : index;
  };
  return rank(a.name) - rank(b.name) || a.name.localeCompare(b.name);
}

/** Writes every flag of FEATURE_FLAGS that is missing, with its default; existing flags are left alone. */
export async function ensureDefaultFeatureFlags(db: Pick<Transaction, 'collection'>, now = new Date()): Promise<number> {
  const records = featureFlagRecords(db);
  let inserted = 0;
  for (const key of Object.keys(FEATURE_FLAGS) as FeatureFlagKey[]) {
    const { name, type } = FEATURE_FLAGS[key];
    const { value, isActive } = DEFAULT_FEATURE_FLAGS[key];
    const doc: FeatureFlagDocument = { _id: name, name, type, value: storedFlagValue(type, value), isActive, updatedAt: now.toISOString() };
    if (await records.insertIfMissing(doc)) inserted += 1;
  }
  return inserted;
}

type Deps = {
  store: Pick<Store, 'collection' | 'transaction'>;
  outbox: Pick<Outbox, 'add'>;
  now?: () => Date;
};

export function featureFlagService({ store, outbox, now = () => new Date() }: Deps) {
  const flags = featureFlagRecords(store);

  async function all(): Promise<FeatureFlag[]> {
    return (await flags.list()).sort(byKnownOrder).map(toFeatureFlag);
  }

  return {
    /** GET /api/features: no authentication. */
    list: all,

    async listForManagement(actor: Actor): Promise<FeatureFlag[]> {
      assertCanManageFeatureFlags(actor);
      return all();
    },

    async update(actor: Actor, name: string, patch: FeatureFlagPatch): Promise<FeatureFlag> {
      assertCanManageFeatureFlags(actor);
      return store.transaction(async (tx) => {
        const records = featureFlagRecords(tx);
        const current = await records.findByName(name);
        if (!current) throw new NotFound(FEATURE_FLAG_NOT_FOUND);
        const updated = await records.update(
          name,
          {
            ...(patch.value === undefined ? {} : { value: storedFlagValue(current.type, patch.value) }),
            ...(patch.isActive === undefined ? {} : { isActive: patch.isActive }),
          },
          now().toISOString(),
        );
        if (!updated) throw new NotFound(FEATURE_FLAG_NOT_FOUND);
        // The event carries the value as stored (object values as JSON text, which `flagValue` reads): outbox rows
        // are documents too, and an object value's keys may contain '.', which the embedded store refuses.
        await recordEvent(outbox, tx, 'feature-flag.updated', name, {
          name: updated.name,
          type: updated.type,
          value: updated.value,
          isActive: updated.isActive,
        });
        return toFeatureFlag(updated);
      });
    },
  };
}

export type FeatureFlagService = ReturnType<typeof featureFlagService>;
