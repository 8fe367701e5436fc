/** Feature flags (SPEC sections 3, 7, 9). Reading a flag's value with its defaults: `flagValue` in constants. */
import { z } from 'zod';
import { FeatureFlagType } from '../enums';

export const FeatureFlag = z.object({
  name: z.string().min(1),
  type: FeatureFlagType,
  /** Text, number or object as stored; `flagValue` reads it as the flag's type. */
  value: z.unknown(),
  isActive: z.boolean(),
});
export type FeatureFlag = z.infer<typeof FeatureFlag>;

/** GET /api/features. */
export const FeatureFlagList = z.array(FeatureFlag);
export type FeatureFlagList = z.infer<typeof FeatureFlagList>;
