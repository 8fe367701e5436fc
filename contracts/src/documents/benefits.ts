/**
 * Plan-wide benefits and the adaCodes object that holds every benefit entry by key (DOCUMENTS.md "Benefits").
 */
import { z } from 'zod';
import { DOCUMENT_RULE_MESSAGES, VALIDATION_MESSAGES } from '../validation/messages';
import { AgeV1, AgeV2, AgeV3 } from './age';
import { BenefitEntryV1, BenefitEntryV2, BenefitEntryV3 } from './benefit-entry';
import { MappingInfoListV1, MappingInfoListV2, MappingInfoListV3 } from './mapping-info';
import {
  adaCodesKeyProblemV1,
  adaCodesKeyProblemV2,
  adaCodesKeyProblemV3,
  isKnownPlainCode,
  isKnownPrefixedCode,
} from './procedure-codes';
import { scoredV1, scoredV2, scoredV3 } from './scored';

/** A record key schema that reports what `problemOf` finds wrong with the key. */
function adaCodesKey(problemOf: (key: string) => string | undefined) {
  return z.string().superRefine((key, ctx) => {
    const problem = problemOf(key);
    if (problem !== undefined) ctx.addIssue({ code: 'custom', message: problem });
  });
}

/**
 * A code entry's `code` repeats its key; a different code would make the entry say two things. A code that is
 * not a code of this version was already reported by the entry's schema, so it is not reported twice.
 */
function requireCodeMatchingKey(isVersionCode: (code: string) => boolean) {
  return <T extends Record<string, { code?: string | undefined }>>(entries: T, ctx: z.RefinementCtx<T>): void => {
    for (const [key, entry] of Object.entries(entries)) {
      if (entry.code === undefined || !isVersionCode(entry.code) || entry.code === key) continue;
      ctx.addIssue({ code: 'custom', message: VALIDATION_MESSAGES.invalidAdaCode, path: [key, 'code'] });
    }
  };
}

/**
 * The adaCodes object. zod wraps a key's own issue in an 'invalid_key' issue with a generic text; the error map
 * lifts the key's message instead, so a bad key reads 'Wrong key or keys in adaObject' at its own path.
 */
function adaCodes<E extends z.ZodType<{ code?: string | undefined }>>(
  problemOf: (key: string) => string | undefined,
  isVersionCode: (code: string) => boolean,
  entry: E,
) {
  return z
    .record(adaCodesKey(problemOf), entry, {
      error: (issue) => {
        if (issue.code === 'invalid_key') return issue.issues[0]?.message;
        return issue.input === undefined ? DOCUMENT_RULE_MESSAGES.adaCodesRequired : undefined;
      },
    })
    .superRefine(requireCodeMatchingKey(isVersionCode));
}

export const AdaCodesV1 = adaCodes(adaCodesKeyProblemV1, isKnownPlainCode, BenefitEntryV1);
export const AdaCodesV2 = adaCodes(adaCodesKeyProblemV2, isKnownPlainCode, BenefitEntryV2);
export const AdaCodesV3 = adaCodes(adaCodesKeyProblemV3, isKnownPrefixedCode, BenefitEntryV3);

export const BenefitsV1 = z.looseObject({
  missingToothClause: scoredV1(z.boolean()).optional(),
  annualMax: scoredV1(z.number()).optional(),
  deductible: z
    .looseObject({ individual: scoredV1(z.number()).optional(), family: scoredV1(z.number()).optional() })
    .optional(),
  age: z.looseObject({ child: AgeV1.optional(), student: AgeV1.optional(), dependent: AgeV1.optional() }).optional(),
  adaCodes: AdaCodesV1,
  mappingInfo: MappingInfoListV1.optional(),
});

export const BenefitsV2 = z.looseObject({
  missingToothClause: scoredV2(z.boolean()).optional(),
  annualMax: scoredV2(z.number()).optional(),
  deductible: z
    .looseObject({ individual: scoredV2(z.number()).optional(), family: scoredV2(z.number()).optional() })
    .optional(),
  age: z.looseObject({ child: AgeV2.optional(), student: AgeV2.optional(), dependent: AgeV2.optional() }).optional(),
  adaCodes: AdaCodesV2,
  mappingInfo: MappingInfoListV2.optional(),
});

export const BenefitsV3 = z.strictObject({
  missingToothClause: scoredV3(z.boolean()).optional(),
  annualMax: scoredV3(z.number()).optional(),
  deductible: z
    .strictObject({ individual: scoredV3(z.number()).optional(), family: scoredV3(z.number()).optional() })
    .optional(),
  age: z.strictObject({ child: AgeV3.optional(), student: AgeV3.optional(), dependent: AgeV3.optional() }).optional(),
  adaCodes: AdaCodesV3,
  mappingInfo: MappingInfoListV3.optional(),
});

export type AdaCodesV1 = z.infer<typeof AdaCodesV1>;
export type AdaCodesV2 = z.infer<typeof AdaCodesV2>;
export type AdaCodesV3 = z.infer<typeof AdaCodesV3>;
export type BenefitsV1 = z.infer<typeof BenefitsV1>;
export type BenefitsV2 = z.infer<typeof BenefitsV2>;
export type BenefitsV3 = z.infer<typeof BenefitsV3>;
