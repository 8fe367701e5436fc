/**
 * Where a plan states what it pays for a code: the code's own adaCodes entry ('ADA:D2392'), then its
 * subcategory's ('SUB:Restorative'), then its category's ('CAT:Basic'). Each benefit field is looked up on its
 * own along that chain, so a code entry that states only a frequency still gets its level from its category.
 * Only types are imported from the documents: this module costs no schema and no procedure-code table.
 */
import {
  ADA_PREFIX,
  CATEGORY_KEY_PREFIX,
  categoryOf,
  isCodeFormat,
  normalizeCode,
  SUBCATEGORY_KEY_PREFIX,
  subcategoryOf,
} from '../../codes/codes';
import { type BenefitEntryV3 } from '../../documents/benefit-entry';
import { type LimitationV3 } from '../../documents/limitation';
import { type PlanV3 } from '../../documents/plan';
import { type WaitingPeriodV3 } from '../../documents/waiting-period';

export type AdaCodes = PlanV3['benefits']['adaCodes'];

/** A value the plan states, with the adaCodes key that states it. */
export interface Stated<T> {
  readonly value: T;
  readonly from: string;
}

/** The age limits of an entry; either end may be unstated (null). */
export interface AgeLimits {
  readonly min: number | null;
  readonly max: number | null;
}

/** What the plan states for one code, field by field, each from the most specific entry that states it. */
export interface ResolvedBenefit {
  /** The code's own key, 'ADA:D2392'. */
  readonly key: string;
  /** The code's own entry, when the plan has one (substitutions are read from it alone). */
  readonly own: BenefitEntryV3 | undefined;
  readonly benefitLevel: Stated<number> | undefined;
  /** Whether the deductible applies to the code. */
  readonly deductible: Stated<boolean> | undefined;
  readonly appliesToAnnualMax: Stated<boolean> | undefined;
  readonly limitation: Stated<LimitationV3> | undefined;
  readonly waitingPeriod: Stated<WaitingPeriodV3> | undefined;
  readonly age: Stated<AgeLimits> | undefined;
}

/**
 * The adaCodes keys that may state a code's benefit, most specific first. The subcategory and category are the
 * code entry's own when it states them (a bridge pontic filed under 'Bridges'), else those its number gives.
 * A text that is not a procedure code has no keys.
 */
export function benefitKeysOf(adaCodes: AdaCodes, code: string): string[] {
  if (!isCodeFormat(code)) return [];
  const key = normalizeCode(code);
  const own = adaCodes[key];
  const subcategory = own?.subcategory ?? subcategoryOf(key);
  const category = own?.category ?? categoryOf(key);
  return [
    key,
    ...(subcategory === undefined ? [] : [`${SUBCATEGORY_KEY_PREFIX}${subcategory}`]),
    ...(category === 'unknown' ? [] : [`${CATEGORY_KEY_PREFIX}${category}`]),
  ];
}

type Chain = readonly (readonly [string, BenefitEntryV3])[];

/** The first value the chain states (a null value states nothing), with its key. */
function firstStated<T>(chain: Chain, read: (entry: BenefitEntryV3) => T | null | undefined): Stated<T> | undefined {
  for (const [from, entry] of chain) {
    const value = read(entry);
    if (value !== null && value !== undefined) return { value, from };
  }
  return undefined;
}

function ageOf(entry: BenefitEntryV3): AgeLimits | undefined {
  const min = entry.age?.min.value ?? null;
  const max = entry.age?.max.value ?? null;
  return min === null && max === null ? undefined : { min, max };
}

/** What the plan states for the code; every field undefined when the text is not a procedure code. */
export function resolveBenefit(adaCodes: AdaCodes, code: string): ResolvedBenefit {
  const keys = benefitKeysOf(adaCodes, code);
  const chain: Chain = keys.flatMap((key) => {
    const entry = adaCodes[key];
    return entry === undefined ? [] : [[key, entry] as const];
  });
  return {
    key: keys[0] ?? code,
    own: keys[0] === undefined ? undefined : adaCodes[keys[0]],
    benefitLevel: firstStated(chain, (entry) => entry.benefitLevel?.value),
    deductible: firstStated(chain, (entry) => entry.deductible?.value),
    appliesToAnnualMax: firstStated(chain, (entry) => entry.appliesToAnnualMax?.value),
    limitation: firstStated(chain, (entry) => entry.limitation?.value),
    waitingPeriod: firstStated(chain, (entry) => entry.waitingPeriod?.value),
    age: firstStated(chain, ageOf),
  };
}

/**
 * Whether the plan states a coverage level for the code (its own entry, its subcategory's or its category's);
 * a stated 0% counts as stated. Moved here from the verifications service's recommendations so the estimate and
 * the recommendations read coverage the same way.
 */
export function planCoversCode(plan: PlanV3, code: string): boolean {
  return resolveBenefit(plan.benefits.adaCodes, code).benefitLevel !== undefined;
}

/** 'ADA:D2392' -> 'D2392', 'SUB:Restorative' -> 'Restorative', 'CAT:Basic' -> 'Basic': a key as people read it. */
export function benefitKeyLabel(key: string): string {
  const prefix = [CATEGORY_KEY_PREFIX, SUBCATEGORY_KEY_PREFIX, ADA_PREFIX].find((candidate) => key.startsWith(candidate));
  return prefix === undefined ? key : key.slice(prefix.length);
}

/**
 * The codes whose services count toward the code's frequency: the code itself and every code a SHARES_FREQUENCY
 * correlation links it with, in either direction (the plan may state the link on one of the two entries only).
 * Codes are in 'ADA:' form.
 */
export function codesSharingFrequency(adaCodes: AdaCodes, code: string): ReadonlySet<string> {
  if (!isCodeFormat(code)) return new Set();
  const key = normalizeCode(code);
  const shared = new Set([key]);
  for (const [entryKey, entry] of Object.entries(adaCodes)) {
    for (const link of entry.correlatedWith ?? []) {
      if (link.how !== 'SHARES_FREQUENCY' || link.apply === false || !isCodeFormat(link.code) || !isCodeFormat(entryKey)) continue;
      const [from, to] = [normalizeCode(entryKey), normalizeCode(link.code)];
      if (from === key) shared.add(to);
      if (to === key) shared.add(from);
    }
  }
  return shared;
}
