/** The featureFlags collection: global flags, one document per flag name, read alike by every organization. */
import { type FeatureFlagType } from '@dv/contracts';
import { type BaseDocument, type Transaction } from '@dv/kit';

const FEATURE_FLAGS = 'featureFlags';

/**
 * `_id` is the flag name. Object values are stored as JSON text: their keys may contain '.' (host names in
 * DOMAIN_ENV_MAP), which document stores refuse in field names; `flagValue` parses the text back.
 */
export interface FeatureFlagDocument extends BaseDocument {
  readonly name: string;
  readonly type: FeatureFlagType;
  readonly value: string | number | null;
  readonly isActive: boolean;
  readonly updatedAt: string;
}

export function featureFlagRecords(db: Pick<Transaction, 'collection'>) {
  const flags = db.collection<FeatureFlagDocument>(FEATURE_FLAGS);
  return {
    list: () => flags.find({}, { sort: { name: 1 } }),
    findByName: (name: string) => flags.findById(name),
    async update(
      name: string,
      change: Partial<Pick<FeatureFlagDocument, 'value' | 'isActive'>>,
      updatedAt: string,
    ): Promise<FeatureFlagDocument | null> {
      const matched = await flags.update({ _id: name }, { set: { ...change, updatedAt } });
      return matched === 0 ? null : flags.findById(name);
    },
    async insertIfMissing(doc: FeatureFlagDocument): Promise<boolean> {
      const { _id, ...fields } = doc;
      return (await flags.upsert({ _id }, { setOnInsert: fields })).inserted;
    },
  };
}
