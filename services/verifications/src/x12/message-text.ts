/**
 * What the free text of MSG segments says, for the few things dental payers only ever state in words: waiting
 * periods, the missing tooth clause, age limits, the provider's network status and exemptions from the
 * deductible or the annual maximum. Each reader returns undefined when the text does not say it.
 */
import { normalizeDuration, type DurationUnit, type Participation, type WaitingPeriodV3 } from '@dv/contracts';

const UNIT_WORDS: Readonly<Record<string, DurationUnit>> = {
  DAY: 'days',
  DAYS: 'days',
  WEEK: 'weeks',
  WEEKS: 'weeks',
  WK: 'weeks',
  WKS: 'weeks',
  MONTH: 'months',
  MONTHS: 'months',
  MO: 'months',
  MOS: 'months',
  YEAR: 'years',
  YEARS: 'years',
  YR: 'years',
  YRS: 'years',
};
const UNIT = '(DAYS?|WEEKS?|WKS?|MONTHS?|MOS?|YEARS?|YRS?)';
const WAITING_AFTER = new RegExp(`WAIT(?:ING)?\\s+PERIOD\\b[^0-9]{0,30}?(\\d+)\\s*-?\\s*${UNIT}\\b`);
const WAITING_BEFORE = new RegExp(`(\\d+)\\s*-?\\s*${UNIT}\\s+WAIT(?:ING)?\\b`);
const NO_WAITING = /\bNO\s+WAIT(?:ING)?\s+PERIOD|WAIT(?:ING)?\s+PERIOD\s+(?:IS\s+)?(?:WAIVED|DOES\s+NOT\s+APPLY|N\/A|NONE)/;

const upper = (text: string): string => text.toUpperCase().replace(/\s+/g, ' ');

/** 'WAITING PERIOD 12 MONTHS', '6 MONTH WAITING PERIOD' -> { months: 12 } (normalised as SPEC section 9 says). */
export function waitingPeriodIn(text: string): WaitingPeriodV3 | undefined {
  const words = upper(text);
  if (NO_WAITING.test(words)) return undefined;
  const match = WAITING_AFTER.exec(words) ?? WAITING_BEFORE.exec(words);
  if (match === null) return undefined;
  const amount = Number(match[1]);
  const unit = UNIT_WORDS[match[2] ?? ''];
  if (unit === undefined || !(amount > 0)) return undefined;
  const normalized = normalizeDuration({ amount, unit });
  return { [normalized.unit]: normalized.amount };
}

/**
 * 'MISSING TOOTH CLAUSE', optionally after NO / WITHOUT / (NOT) SUBJECT TO and with the noun carriers use for it.
 * Group 1 is the word before it.
 */
const MISSING_TOOTH =
  /\b(?:(NO|WITHOUT|NOT\s+SUBJECT\s+TO|SUBJECT\s+TO)\s+(?:AN?\s+|THE\s+)?)?MISSING\s+TOOTH(?:\s+(?:CLAUSE|PROVISION|EXCLUSION|LIMITATION|RULE))?\b/;
/**
 * What carriers write right after it: ': NO', ' - DOES NOT APPLY', ': N', ': NONE', ' IS NOT APPLICABLE' (group 1),
 * or ': YES', ': Y', ' APPLIES', ' IN EFFECT' (group 2).
 */
const MISSING_TOOTH_VERDICT =
  /^\s*(?:[:=\-\u2013\u2014]\s*)?(?:IS\s+)?(?:(N\/A|NOT(?:\s+(?:APPLICABLE|APPLIED|IN\s+EFFECT))?|(?:DOES|DO|WILL)\s+NOT\s+APPLY|NONE|NO|N|FALSE|WAIVED)|(YES|Y|TRUE|APPLIES|APPLY|APPLICABLE|IN\s+EFFECT))(?![A-Z0-9])/;
/** A negation later in the same sentence ('MISSING TOOTH CLAUSE FOR THIS PLAN: NO'). */
const NEGATION = /\b(?:NO|NONE|N\/A|NOT|WAIVED)\b/;

/** True when the text states a missing tooth clause, false when it says there is none. */
export function missingToothClauseIn(text: string): boolean | undefined {
  const words = upper(text);
  const head = MISSING_TOOTH.exec(words);
  if (head === null) return undefined;
  const before = head[1]?.replace(/\s+/g, ' ');
  if (before === 'NO' || before === 'WITHOUT' || before === 'NOT SUBJECT TO') return false;
  const rest = words.slice(head.index + head[0].length);
  const verdict = MISSING_TOOTH_VERDICT.exec(rest);
  if (verdict !== null) return verdict[1] === undefined;
  // No verdict right after it: a negation in the rest of the sentence still says there is none.
  return !NEGATION.test(rest.split(/[.;]/)[0] ?? '');
}

/** 'COVERED THROUGH AGE 18' -> { max: 18 }; 'UNDER AGE 19' -> { max: 18 }; 'AGE 16 AND OVER' -> { min: 16 }. */
export function ageLimitIn(text: string): { min?: number; max?: number } | undefined {
  const words = upper(text);
  const under = /\bUNDER\s+(?:THE\s+)?AGE\s+(?:OF\s+)?(\d{1,3})\b/.exec(words);
  if (under) return { max: Number(under[1]) - 1 };
  const through = /\b(?:THROUGH|THRU|TO|UNTIL|LIMIT(?:ED)?\s+TO)\s+(?:THE\s+)?AGE\s+(?:OF\s+)?(\d{1,3})\b/.exec(words);
  if (through) return { max: Number(through[1]) };
  const over = /\bAGES?\s+(\d{1,3})\s*(?:AND\s+(?:OVER|OLDER|UP)|\+)/.exec(words);
  if (over) return { min: Number(over[1]) };
  return undefined;
}

/** 'FULL TIME STUDENTS COVERED THROUGH AGE 25' -> 25: the student age limit of the plan. */
export function studentAgeLimitIn(text: string): number | undefined {
  const words = upper(text);
  if (!/\bSTUDENTS?\b/.test(words)) return undefined;
  return ageLimitIn(words)?.max;
}

/** The inquiring provider's network status when the payer states it in words. */
export function participationIn(text: string): Participation | undefined {
  const words = upper(text);
  if (/(?:OUT[ -]OF[ -]NETWORK|NON[ -]?PARTICIPATING|NOT\s+PARTICIPATING)\s+PROVIDER|PROVIDER\s+IS\s+(?:OUT[ -]OF[ -]NETWORK|NON[ -]?PARTICIPATING|NOT\s+(?:IN[ -]NETWORK|PARTICIPATING))/.test(words)) {
    return 'Out Of Network';
  }
  if (/(?:IN[ -]NETWORK|PARTICIPATING)\s+PROVIDER|PROVIDER\s+IS\s+(?:IN[ -]NETWORK|PARTICIPATING)/.test(words)) {
    return 'In Network';
  }
  return undefined;
}

/** False when the text exempts the service from the deductible. */
export function deductibleAppliesIn(text: string): boolean | undefined {
  const words = upper(text);
  if (/DEDUCTIBLE\s+(?:IS\s+)?(?:WAIVED|DOES\s+NOT\s+APPLY|NOT\s+APPLICABLE)|NO\s+DEDUCTIBLE/.test(words)) return false;
  if (/DEDUCTIBLE\s+APPLIES/.test(words)) return true;
  return undefined;
}

/** Whether the service counts against the annual maximum, when the text says so. */
export function appliesToAnnualMaxIn(text: string): boolean | undefined {
  const words = upper(text);
  if (/(?:DOES\s+NOT\s+APPLY|NOT\s+APPLIED|DOES\s+NOT\s+COUNT)\s+(?:TO|TOWARDS?|AGAINST)\s+(?:THE\s+)?(?:ANNUAL\s+|CALENDAR\s+YEAR\s+)?MAX/.test(words)) {
    return false;
  }
  if (/(?:APPLIES|COUNTS)\s+(?:TO|TOWARDS?|AGAINST)\s+(?:THE\s+)?(?:ANNUAL\s+|CALENDAR\s+YEAR\s+)?MAX/.test(words)) return true;
  return undefined;
}
