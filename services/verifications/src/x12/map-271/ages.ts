/** Age limits: EB09 S7 (maximum) and S8 (minimum) rows, and ages a message states; two statements make one range. */
import { ownValue, type AgeV3 } from '@dv/contracts';
import { type BenefitLoop } from '../parse-271';
import { SCORE_INFERRED } from '../scores';
import { EXCEPTION_OF_LEVEL } from './codes';
import { same, scored, type EntryDraft, type RowContext, type RowScope, type Scored } from './plan-draft';

export function ageOf(min: number | undefined, max: number | undefined): AgeV3 | undefined {
  const valid = (n: number | undefined): boolean => n === undefined || (Number.isFinite(n) && n >= 0 && n <= 1000);
  if ((min === undefined && max === undefined) || !valid(min) || !valid(max)) return undefined;
  return {
    min: min === undefined ? scored(0, SCORE_INFERRED) : scored(min),
    max: max === undefined ? scored<number>(null, SCORE_INFERRED) : scored(max),
  };
}

const describeAge = (age: AgeV3): string => JSON.stringify({ min: age.min.value, max: age.max.value });

/**
 * Two statements of one age limit: an S8 row (minimum) and an S7 row (maximum) make one range; a side only one
 * states is taken from it. Undefined when both state a side differently, or the range is empty.
 */
function combineAges(current: AgeV3, next: AgeV3): AgeV3 | undefined {
  const side = (a: Scored<number>, b: Scored<number>): Scored<number> | undefined => {
    if (a.score === SCORE_INFERRED) return b.score === SCORE_INFERRED ? a : b;
    if (b.score === SCORE_INFERRED || same(a, b)) return a;
    return undefined;
  };
  const min = side(current.min, next.min);
  const max = side(current.max, next.max);
  if (min === undefined || max === undefined) return undefined;
  if (min.value !== null && max.value !== null && min.value > max.value) return undefined;
  return { min, max };
}

export function setAge(draft: EntryDraft, age: AgeV3, where: string): void {
  const current = draft.values.age;
  const combined = current === undefined ? age : combineAges(current, age);
  if (combined === undefined) draft.mappingInfo.push({ message: 'CONFLICTS', path: 'age', detail: `${where} also states ${describeAge(age)}` });
  else draft.values.age = combined;
}

export function mapAges(loop: BenefitLoop, scope: RowScope, ctx: RowContext, where: string): void {
  const { benefit } = loop;
  const high = benefit.quantityQualifier === 'S7' ? benefit.quantity : undefined;
  const low = benefit.quantityQualifier === 'S8' ? benefit.quantity : undefined;
  if (high === undefined && low === undefined) return;
  const age = ageOf(low, high);
  if (age === undefined) {
    ctx.draft.notes.push(`${where}: age ${benefit.quantity} is out of range; skipped`);
    return;
  }
  for (const target of scope.targets) setAge(ctx.draft.entry(target), age, where);
  if (scope.plan) {
    const who = ownValue(EXCEPTION_OF_LEVEL, benefit.coverageLevel);
    if (who !== undefined) {
      const current = ctx.draft.age[who];
      const combined = current === undefined ? age : combineAges(current, age);
      if (combined === undefined) ctx.draft.benefitsMappingInfo.push({ message: 'CONFLICTS', path: `age.${who}`, detail: `${where} also states ${describeAge(age)}` });
      else ctx.draft.age[who] = combined;
    } else ctx.draft.planCaveats.push(`Age limit: ${high === undefined ? `from ${low}` : `to ${high}`}`);
  }
}
