/**
 * The cells of a benefit entry (a category, subcategory or code of adaCodes) as the category and procedure tables
 * show them: what the plan pays, whether the deductible applies, the limitation, age limits, waiting period.
 * Exceptions for children, dependents and students follow the plan-wide value on their own line.
 */
import {
  ageLimitWording,
  limitationWording,
  waitingPeriodWording,
  type AgeV3,
  type BenefitEntryV3,
  type ExceptionV3,
} from '@dv/contracts';
import { type Lines, type ScoredText } from './pdf-model';
import { lowerScore, NOT_STATED, percent, scored, yesNo } from './pdf-values';

type ExceptionKey = 'child' | 'dependent' | 'student';
const EXCEPTION_LABELS: readonly (readonly [ExceptionKey, string])[] = [
  ['child', 'Child'],
  ['dependent', 'Dependent'],
  ['student', 'Student'],
];

/** The plan-wide value, then one line per member type whose exception states the field. */
function withExceptions(
  entry: BenefitEntryV3 | undefined,
  main: ScoredText,
  ofException: (exception: ExceptionV3) => ScoredText | undefined,
): Lines {
  const lines: ScoredText[] = [main];
  for (const [key, label] of EXCEPTION_LABELS) {
    const exception = entry?.exceptions?.[key];
    const line = exception === undefined ? undefined : ofException(exception);
    if (line !== undefined) lines.push({ ...line, text: `${label}: ${line.text}` });
  }
  return lines;
}

export function planPaysCell(entry: BenefitEntryV3 | undefined): Lines {
  return withExceptions(entry, scored(entry?.benefitLevel, percent), (exception) =>
    exception.benefitLevel === undefined ? undefined : scored(exception.benefitLevel, percent),
  );
}

export function deductibleCell(entry: BenefitEntryV3 | undefined): Lines {
  return withExceptions(entry, scored(entry?.deductible, yesNo), (exception) =>
    exception.deductible === undefined ? undefined : scored(exception.deductible, yesNo),
  );
}

export function limitationCell(entry: BenefitEntryV3 | undefined): Lines {
  return withExceptions(entry, scored(entry?.limitation, limitationWording), (exception) =>
    exception.limitation === undefined ? undefined : scored(exception.limitation, limitationWording),
  );
}

export function waitingPeriodCell(entry: BenefitEntryV3 | undefined): Lines {
  return [scored(entry?.waitingPeriod, waitingPeriodWording)];
}

/** An age range in words, scored by the less sure of its two ends. */
export function ageText(age: AgeV3 | undefined): ScoredText {
  if (age === undefined) return { text: NOT_STATED };
  const score = lowerScore(age.min.score, age.max.score);
  return { text: ageLimitWording(age.min.value, age.max.value), score };
}

export function ageCell(entry: BenefitEntryV3 | undefined): Lines {
  return [ageText(entry?.age)];
}
