/**
 * Alternate benefits: a plan that states a substitution for a code (`correlatedWith` with how 'SUBSTITUTION')
 * pays the code as the other one: a posterior composite (D2392) as an amalgam (D2150), a porcelain crown (D2740)
 * as a full cast metal crown (D2790). The plan pays its level of the alternate code's fee; the patient pays the
 * difference.
 *
 * A substitution may hold for some teeth only. Its `data` (free-form in the documents) names them with a teeth
 * region of SPEC section 3: the region itself ('POSTERIOR') or `{ teethRange: 'POSTERIOR' }`. Without a region it
 * holds for every tooth. 'NEVER' switches it off, as does `apply: false`. 'BY REVIEW' (the payer decides claim by
 * claim) and a line without a tooth are estimated with the substitution, the lower payment, and say so.
 */
import { isCodeFormat, normalizeCode, stripCodePrefix } from '../../codes/codes';
import { type BenefitEntryV3 } from '../../documents/benefit-entry';
import { isAnteriorTooth } from '../../documents/tooth-surfaces';
import { TEETH, TEETH_REGIONS, type TeethRegion } from '../../enums';

/** Permanent molars 1-3, 14-19, 30-32 and primary molars A, B, I, J, K, L, S, T. */
const MOLARS: ReadonlySet<string> = new Set(['1', '2', '3', '14', '15', '16', '17', '18', '19', '30', '31', '32', ...'ABIJKLST']);
/** Permanent second molars 2, 15, 18, 31 and primary second molars A, J, K, T. */
const SECOND_MOLARS: ReadonlySet<string> = new Set(['2', '15', '18', '31', ...'AJKT']);
const KNOWN_TEETH: ReadonlySet<string> = new Set(TEETH);

/** Whether a tooth lies in a teeth region; 'BY REVIEW' is decided by the payer, so it is not known here. */
export function toothInRegion(tooth: string, region: TeethRegion): boolean | undefined {
  if (!KNOWN_TEETH.has(tooth)) return undefined;
  switch (region) {
    case 'ALL':
      return true;
    case 'NEVER':
      return false;
    case 'POSTERIOR':
      return !isAnteriorTooth(tooth);
    case 'MOLAR':
      return MOLARS.has(tooth);
    case 'SECOND MOLAR':
      return SECOND_MOLARS.has(tooth);
    case 'BY REVIEW':
      return undefined;
  }
}

const isRegion = (value: unknown): value is TeethRegion => typeof value === 'string' && (TEETH_REGIONS as readonly string[]).includes(value);

/** The teeth a substitution's `data` limits it to: ALL when it names no region. */
export function substitutionRegion(data: unknown): TeethRegion {
  if (isRegion(data)) return data;
  if (typeof data === 'object' && data !== null && 'teethRange' in data && isRegion(data.teethRange)) return data.teethRange;
  return 'ALL';
}

export interface Substitution {
  /** The alternate code, 'ADA:D2150'. */
  readonly code: string;
  readonly region: TeethRegion;
  /** Why it was assumed rather than known to hold (no tooth, by review), or null. */
  readonly assumption: string | null;
}

/**
 * The substitution the plan states for the line's code on its tooth, or null. The first one that holds wins;
 * one that does not hold for the tooth is skipped.
 */
export function findSubstitution(own: BenefitEntryV3 | undefined, tooth: string | null): Substitution | null {
  for (const link of own?.correlatedWith ?? []) {
    if (link.how !== 'SUBSTITUTION' || link.apply === false || !isCodeFormat(link.code)) continue;
    const region = substitutionRegion(link.data);
    if (region === 'NEVER') continue;
    const code = normalizeCode(link.code);
    if (region === 'ALL') return { code, region, assumption: null };
    if (tooth === null) return { code, region, assumption: `no tooth given, assumed to be ${region.toLowerCase()}` };
    const inRegion = toothInRegion(tooth, region);
    if (inRegion === undefined) return { code, region, assumption: `decided by the payer's review, assumed to apply` };
    if (inRegion) return { code, region, assumption: null };
  }
  return null;
}

/** The sentence of an applied substitution: what the plan pays the line as, on which fee and level. */
export function substitutionSentence(code: string, substitution: Substitution, alternateFee: string, level: number): string {
  const teeth = substitution.region === 'ALL' ? '' : ` (${substitution.region.toLowerCase()} teeth)`;
  const assumed = substitution.assumption === null ? '' : `; ${substitution.assumption}`;
  const alternate = stripCodePrefix(substitution.code);
  const paid = `${stripCodePrefix(code)} is paid as ${alternate}, ${level}% of ${alternate}'s fee ${alternateFee}`;
  return `alternate benefit${teeth}: ${paid}; the patient pays the difference${assumed}`;
}
