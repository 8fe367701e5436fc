/**
 * What the free text of MSG segments says, for the few things dental payers only ever state in words: waiting
 * periods, the missing tooth clause, age limits, the provider's network status and exemptions from the
 * deductible or the annual maximum. Each reader returns undefined when the text does not say it.
 *
 * `readMessage` gives every statement with the part of the text it was read from, so that the mapping can tell a
 * message it understood whole from one it understood in part ('SEALANTS COVERED THROUGH AGE 15 ON PERMANENT
 * MOLARS' states an age, and then something no field holds): `unreadWords` lists what is left.
 */
import { normalizeDuration, ownValue, type DurationUnit, type Participation, type WaitingPeriodV3 } from '@dv/contracts';

/** Where in the normalised text (upper case, single spaces) a statement was read: [start, end). */
export type TextSpan = { readonly start: number; readonly end: number };
/** A statement and the parts of the text it was read from. */
export type Found<T> = { readonly value: T; readonly spans: readonly TextSpan[] };

export type AgeLimit = { min?: number; max?: number };

export type MessageReading = {
  /** The normalised text the spans point into. */
  readonly text: string;
  readonly missingToothClause?: Found<boolean>;
  readonly participation?: Found<Participation>;
  readonly studentAge?: Found<number>;
  readonly waitingPeriod?: Found<WaitingPeriodV3>;
  readonly deductibleApplies?: Found<boolean>;
  readonly appliesToAnnualMax?: Found<boolean>;
  readonly age?: Found<AgeLimit>;
};

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
const WAITING_BEFORE = new RegExp(`(\\d+)\\s*-?\\s*${UNIT}\\s+WAIT(?:ING)?(?:\\s+PERIOD)?\\b`);
const NO_WAITING = /\bNO\s+WAIT(?:ING)?\s+PERIOD|WAIT(?:ING)?\s+PERIOD\s+(?:IS\s+)?(?:WAIVED|DOES\s+NOT\s+APPLY|N\/A|NONE)/;

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

/**
 * The inquiring provider's status: 'PROVIDER IS IN NETWORK', 'NON-PARTICIPATING PROVIDER'; not a condition about
 * providers in general ('DEDUCTIBLE WAIVED FOR IN NETWORK PROVIDERS').
 */
const OUT_OF_NETWORK =
  /(?<!\b(?:FOR|WITH|AT|BY|TO|FROM)\s)(?:OUT[ -]OF[ -]NETWORK|NON[ -]?PARTICIPATING|NOT\s+PARTICIPATING)\s+PROVIDER\b|PROVIDER\s+IS\s+(?:OUT[ -]OF[ -]NETWORK|NON[ -]?PARTICIPATING|NOT\s+(?:IN[ -]NETWORK|PARTICIPATING))/;
const IN_NETWORK =
  /(?<!\b(?:FOR|WITH|AT|BY|TO|FROM)\s)(?:IN[ -]NETWORK|PARTICIPATING)\s+PROVIDER\b|PROVIDER\s+IS\s+(?:IN[ -]NETWORK|PARTICIPATING)/;
const UNDER_AGE = /\bUNDER\s+(?:THE\s+)?AGE\s+(?:OF\s+)?(\d{1,3})\b/;
const THROUGH_AGE = /\b(?:THROUGH|THRU|TO|UNTIL|LIMIT(?:ED)?\s+TO)\s+(?:THE\s+)?AGE\s+(?:OF\s+)?(\d{1,3})\b/;
const AGE_AND_OVER = /\bAGES?\s+(\d{1,3})\s*(?:AND\s+(?:OVER|OLDER|UP)|\+)/;
const STUDENT = /\b(?:FULL[ -]TIME\s+)?STUDENTS?\b/;
const NO_DEDUCTIBLE = /DEDUCTIBLE\s+(?:IS\s+)?(?:WAIVED|DOES\s+NOT\s+APPLY|NOT\s+APPLICABLE)|NO\s+DEDUCTIBLE/;
const DEDUCTIBLE_APPLIES = /DEDUCTIBLE\s+APPLIES/;
const NOT_TO_MAXIMUM =
  /(?:DOES\s+NOT\s+APPLY|NOT\s+APPLIED|DOES\s+NOT\s+COUNT)\s+(?:TO|TOWARDS?|AGAINST)\s+(?:THE\s+)?(?:ANNUAL\s+|CALENDAR\s+YEAR\s+)?MAX/;
const TO_MAXIMUM = /(?:APPLIES|COUNTS)\s+(?:TO|TOWARDS?|AGAINST)\s+(?:THE\s+)?(?:ANNUAL\s+|CALENDAR\s+YEAR\s+)?MAX/;

/**
 * Words that carry nothing beyond the statements read ('COVERED THROUGH AGE 18', 'THE PLAN HAS NO MISSING TOOTH
 * CLAUSE'). Anything else left over is information the fields do not hold.
 */
const FILLER_WORDS = new Set([
  'A', 'AN', 'THE', 'IS', 'ARE', 'BE', 'FOR', 'OF', 'TO', 'AND', 'ONLY', 'COVERED', 'BENEFIT', 'BENEFITS',
  'SERVICE', 'SERVICES', 'PROCEDURE', 'PROCEDURES', 'PLAN', 'THIS', 'HAS', 'APPLIES', 'MEMBER', 'MEMBERS',
  'PATIENT', 'PATIENTS',
]);

const upper = (text: string): string => text.toUpperCase().replace(/\s+/g, ' ').trim();
const isWordCharacter = (character: string | undefined): boolean => character !== undefined && /[A-Z0-9]/.test(character);

/** The span of a match, widened to whole words ('MAX' read from 'MAXIMUM' covers the word). */
function spanOf(text: string, start: number, length: number): TextSpan {
  let from = start;
  let to = start + length;
  while (from > 0 && isWordCharacter(text[from - 1]) && isWordCharacter(text[from])) from -= 1;
  while (to < text.length && isWordCharacter(text[to]) && isWordCharacter(text[to - 1])) to += 1;
  return { start: from, end: to };
}

const matchSpan = (text: string, match: RegExpExecArray): TextSpan => spanOf(text, match.index, match[0].length);

function findWaitingPeriod(words: string): Found<WaitingPeriodV3> | undefined {
  if (NO_WAITING.test(words)) return undefined;
  const match = WAITING_AFTER.exec(words) ?? WAITING_BEFORE.exec(words);
  if (match === null) return undefined;
  const amount = Number(match[1]);
  const unit = ownValue(UNIT_WORDS, match[2] ?? '');
  if (unit === undefined || !(amount > 0)) return undefined;
  const normalized = normalizeDuration({ amount, unit });
  return { value: { [normalized.unit]: normalized.amount }, spans: [matchSpan(words, match)] };
}

function findMissingToothClause(words: string): Found<boolean> | undefined {
  const head = MISSING_TOOTH.exec(words);
  if (head === null) return undefined;
  const headSpan = matchSpan(words, head);
  const before = head[1]?.replace(/\s+/g, ' ');
  if (before === 'NO' || before === 'WITHOUT' || before === 'NOT SUBJECT TO') return { value: false, spans: [headSpan] };
  const restStart = head.index + head[0].length;
  const rest = words.slice(restStart);
  const verdict = MISSING_TOOTH_VERDICT.exec(rest);
  if (verdict !== null) {
    return { value: verdict[1] === undefined, spans: [headSpan, spanOf(words, restStart, verdict[0].length)] };
  }
  // No verdict right after it: a negation in the rest of the sentence still says there is none.
  return { value: !NEGATION.test(rest.split(/[.;]/)[0] ?? ''), spans: [headSpan] };
}

function findAgeLimit(words: string): Found<AgeLimit> | undefined {
  const under = UNDER_AGE.exec(words);
  if (under) return { value: { max: Number(under[1]) - 1 }, spans: [matchSpan(words, under)] };
  const through = THROUGH_AGE.exec(words);
  if (through) return { value: { max: Number(through[1]) }, spans: [matchSpan(words, through)] };
  const over = AGE_AND_OVER.exec(words);
  if (over) return { value: { min: Number(over[1]) }, spans: [matchSpan(words, over)] };
  return undefined;
}

function findStudentAge(words: string): Found<number> | undefined {
  const student = STUDENT.exec(words);
  if (student === null) return undefined;
  const age = findAgeLimit(words);
  if (age?.value.max === undefined) return undefined;
  return { value: age.value.max, spans: [matchSpan(words, student), ...age.spans] };
}

function findParticipation(words: string): Found<Participation> | undefined {
  const out = OUT_OF_NETWORK.exec(words);
  if (out) return { value: 'Out Of Network', spans: [matchSpan(words, out)] };
  const inNetwork = IN_NETWORK.exec(words);
  if (inNetwork) return { value: 'In Network', spans: [matchSpan(words, inNetwork)] };
  return undefined;
}

function findStatement(words: string, no: RegExp, yes: RegExp): Found<boolean> | undefined {
  const negative = no.exec(words);
  if (negative) return { value: false, spans: [matchSpan(words, negative)] };
  const positive = yes.exec(words);
  if (positive) return { value: true, spans: [matchSpan(words, positive)] };
  return undefined;
}

/** Every statement of the text, each with where it was read. */
export function readMessage(message: string): MessageReading {
  const text = upper(message);
  const studentAge = findStudentAge(text);
  const found = {
    missingToothClause: findMissingToothClause(text),
    participation: findParticipation(text),
    studentAge,
    waitingPeriod: findWaitingPeriod(text),
    deductibleApplies: findStatement(text, NO_DEDUCTIBLE, DEDUCTIBLE_APPLIES),
    appliesToAnnualMax: findStatement(text, NOT_TO_MAXIMUM, TO_MAXIMUM),
    // A student's age limit is the plan's student age, not the row's.
    age: studentAge === undefined ? findAgeLimit(text) : undefined,
  };
  const reading: Record<string, unknown> = { text };
  for (const [key, value] of Object.entries(found)) if (value !== undefined) reading[key] = value;
  return reading as MessageReading;
}

/**
 * The words of the text outside the statements used, other than filler words and `subjectWords` (the names of
 * the services the message is about). Empty when the statements say all the text says.
 */
export function unreadWords(text: string, used: readonly (Found<unknown> | undefined)[], subjectWords: ReadonlySet<string> = new Set()): string[] {
  const covered = new Array<boolean>(text.length).fill(false);
  for (const span of used.flatMap((found) => found?.spans ?? [])) covered.fill(true, span.start, span.end);
  const rest = [...text].map((character, index) => (covered[index] ? ' ' : character)).join('');
  return (rest.match(/[A-Z0-9]+(?:['/][A-Z0-9]+)*/g) ?? []).filter((word) => !FILLER_WORDS.has(word) && !subjectWords.has(word));
}

/** 'WAITING PERIOD 12 MONTHS', '6 MONTH WAITING PERIOD' -> { months: 12 } (normalised as SPEC section 9 says). */
export function waitingPeriodIn(text: string): WaitingPeriodV3 | undefined {
  return findWaitingPeriod(upper(text))?.value;
}

/** True when the text states a missing tooth clause, false when it says there is none. */
export function missingToothClauseIn(text: string): boolean | undefined {
  return findMissingToothClause(upper(text))?.value;
}

/** 'COVERED THROUGH AGE 18' -> { max: 18 }; 'UNDER AGE 19' -> { max: 18 }; 'AGE 16 AND OVER' -> { min: 16 }. */
export function ageLimitIn(text: string): AgeLimit | undefined {
  return findAgeLimit(upper(text))?.value;
}

/** 'FULL TIME STUDENTS COVERED THROUGH AGE 25' -> 25: the student age limit of the plan. */
export function studentAgeLimitIn(text: string): number | undefined {
  return findStudentAge(upper(text))?.value;
}

/** The inquiring provider's network status when the payer states it in words. */
export function participationIn(text: string): Participation | undefined {
  return findParticipation(upper(text))?.value;
}

/** False when the text exempts the service from the deductible. */
export function deductibleAppliesIn(text: string): boolean | undefined {
  return findStatement(upper(text), NO_DEDUCTIBLE, DEDUCTIBLE_APPLIES)?.value;
}

/** Whether the service counts against the annual maximum, when the text says so. */
export function appliesToAnnualMaxIn(text: string): boolean | undefined {
  return findStatement(upper(text), NOT_TO_MAXIMUM, TO_MAXIMUM)?.value;
}
