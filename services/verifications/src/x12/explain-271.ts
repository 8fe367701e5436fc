/**
 * A 271 as the source view shows it: each segment with the loop it belongs to (2000A ... 2120D), its elements
 * by position and name, what each coded value means, and for EB, HSD, AAA and MSG rows a sentence in words
 * ("Co-insurance, individual, Diagnostic Dental, patient pays 20% (plan pays 80%), in network").
 *
 * It reads leniently on purpose: the strict reading (parse271) decides whether the answer maps; this one explains
 * whatever text came, so a 271 the mapping refused can still be read by support staff. Only text that does not
 * even tokenize (no usable ISA) gives no segments. The coinsurance sentence reads EB08 as map271 does: the
 * patient's share, unless the payer reports the insurer's (`invertCoinsurance`, else the carrier catalogue).
 * A deviation the reading tolerated (README "Tolerated deviations") is told on the segment at fault, a missing
 * trailer on the last segment, so the office sees where the answer departs from the guide.
 */
import { ownValue, type PayerKey, type X12ElementView, type X12SegmentView } from '@dv/contracts';
import { invertsCoinsurance } from '../clearinghouse/carriers';
import { X12ParseError } from './errors';
import { fixForm } from './deviations';
import { readMessage } from './message-text';
import { parse271Document } from './parse-271';
import { toUsDate } from './readers';
import { components, element, repetitions, tokenizeX12, type X12Delimiters, type X12Document, type X12Segment } from './tokenizer';
import {
  AUTHORIZATION,
  BHT_PURPOSES,
  BHT_STRUCTURES,
  COMMUNICATION_QUALIFIERS,
  CONTACT_FUNCTIONS,
  COVERAGE_LEVELS,
  DATE_FORMATS,
  DATE_QUALIFIERS,
  EB01_CODES,
  ENTITY_IDENTIFIERS,
  ENTITY_TYPES,
  followUpActionName,
  FUNCTIONAL_IDS,
  GENDERS,
  HL_CHILD_CODES,
  HL_LEVEL_CODES,
  ID_QUALIFIERS,
  III_QUALIFIERS,
  IMPLEMENTATION_GUIDES,
  INSURANCE_TYPES,
  INSURED_INDICATOR,
  ISA_CODES,
  MEASUREMENT_UNITS,
  NETWORK,
  PROCEDURE_QUALIFIERS,
  QUANTITY_QUALIFIERS,
  REFERENCE_QUALIFIERS,
  rejectReasonName,
  RELATIONSHIPS,
  serviceTypeName,
  STUDENT_STATUS,
  timePeriodName,
  TRACE_TYPES,
  TRANSACTION_SETS,
  VALID_REQUEST,
} from './x12-dictionary';
import { ELEMENT_NAMES } from './x12-element-names';

export type Explain271Options = {
  /** True when this payer's EB08 is the insurer's share (as map271's option); default: the carrier catalogue. */
  readonly invertCoinsurance?: boolean;
  readonly payerKey?: PayerKey;
};

type Level = 'A' | 'B' | 'C' | 'D';
type Stage = 'level' | 'name' | 'benefit' | 'additional' | 'related';

const LEVEL_OF_HL: Readonly<Record<string, Level>> = { '20': 'A', '21': 'B', '22': 'C', '23': 'D' };
const PARTY: Readonly<Record<Level, string>> = { A: 'Information Source', B: 'Information Receiver', C: 'Subscriber', D: 'Dependent' };
const STAGE_LOOP: Readonly<Record<Stage, string>> = { level: '2000', name: '2100', benefit: '2110', additional: '2115', related: '2120' };

/** The loop's name in the guide: 2110C 'Subscriber Eligibility or Benefit Information'. */
export function loopName(loop: string): string | null {
  const level = loop.slice(-1) as Level;
  const party = PARTY[level];
  if (party === undefined) return null;
  switch (loop.slice(0, 4)) {
    case '2000':
      return `${party} Level`;
    case '2100':
      return `${party} Name`;
    case '2110':
      return `${party} Eligibility or Benefit Information`;
    case '2115':
      return `${party} Eligibility or Benefit Additional Information`;
    case '2120':
      return `${party} Benefit Related Entity Name`;
    default:
      return null;
  }
}

const ENVELOPE = new Set(['ISA', 'GS', 'ST', 'BHT', 'SE', 'GE', 'IEA']);

/** Gives each segment its loop id, following the guide's loop order within each HL level. */
function loopsOf(segments: readonly X12Segment[]): (string | null)[] {
  let level: Level | undefined;
  let stage: Stage = 'level';
  return segments.map((segment) => {
    const { tag } = segment;
    if (ENVELOPE.has(tag)) {
      if (tag === 'SE' || tag === 'ST') level = undefined;
      return null;
    }
    if (tag === 'HL') {
      level = ownValue(LEVEL_OF_HL, element(segment, 3));
      stage = 'level';
      return level === undefined ? null : `2000${level}`;
    }
    if (level === undefined) return null;
    const benefitLevel = level === 'C' || level === 'D';
    if (stage === 'related') {
      if (tag === 'LE') {
        stage = 'benefit';
        return `2110${level}`;
      }
      return `2120${level}`;
    }
    if (stage === 'additional' && tag !== 'III') stage = 'benefit';
    if (tag === 'NM1' && stage === 'level') stage = 'name';
    else if (tag === 'EB' && benefitLevel) stage = 'benefit';
    else if (tag === 'III' && (stage === 'benefit' || stage === 'additional')) stage = 'additional';
    else if (tag === 'LS' && stage === 'benefit') {
      // LS and LE belong to the 2110 loop; what they enclose is the 2120 loop.
      stage = 'related';
      return `2110${level}`;
    } else if (stage === 'level' && tag !== 'TRN' && tag !== 'AAA') {
      // 2000A/B hold the HL (and an AAA), 2000C/D the HL and TRN: anything else already names the member.
      stage = 'name';
    }
    return `${STAGE_LOOP[stage]}${level}`;
  });
}

// ---------- Values in words ----------

const money = (amount: number): string => `$${amount.toLocaleString('en-US', { minimumFractionDigits: Number.isInteger(amount) ? 0 : 2, maximumFractionDigits: 2 })}`;
const round2 = (n: number): number => Math.round(n * 100) / 100;
const lowerFirst = (text: string): string => (/^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text);

function numberOf(value: string): number | undefined {
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(value)) return undefined;
  return Number(value);
}

/** CCYYMMDD or a CCYYMMDD-CCYYMMDD range as US dates. */
function dateText(value: string): string | null {
  const [start = '', end] = value.split('-');
  const from = toUsDate(start);
  if (from === undefined) return null;
  if (end === undefined) return from;
  const to = toUsDate(end);
  return to === undefined ? null : `${from} to ${to}`;
}

/** ISA09 YYMMDD. */
function shortDateText(value: string): string | null {
  return /^\d{6}$/.test(value) ? dateText(`20${value}`) : null;
}

function timeText(value: string): string | null {
  const match = /^(\d{2})(\d{2})/.exec(value);
  return match === null ? null : `${match[1]}:${match[2]}`;
}

const per = (periods: number | undefined, word: string): string =>
  periods === undefined || periods === 1 ? word : `${periods} ${word.endsWith('s') ? word : `${word}s`}`;

/** Periods that read 'per ...'; the others ('remaining', 'lifetime', 'year to date') stand alone. */
const PER_PERIODS = new Set(['6', '7', '21', '22', '23', '25', '26', '27', '34', '35']);

function periodPhrase(code: string, periods?: number): string {
  const word = timePeriodName(code);
  if (word === undefined) return code === '' ? '' : `time period ${code}`;
  return PER_PERIODS.has(code) ? `per ${per(periods, word)}` : word;
}

const COUNT_NOUNS: Readonly<Record<string, [string, string]>> = {
  VS: ['visit', 'visits'],
  FL: ['unit', 'units'],
  P6: ['service', 'services'],
  DY: ['day', 'days'],
  HS: ['hour', 'hours'],
  MN: ['month', 'months'],
  YY: ['year', 'years'],
};

function counted(quantity: number, qualifier: string): string {
  const noun = ownValue(COUNT_NOUNS, qualifier);
  if (noun !== undefined) return `${quantity} ${quantity === 1 ? noun[0] : noun[1]}`;
  const name = ownValue(QUANTITY_QUALIFIERS, qualifier);
  return name === undefined ? `${quantity}` : `${lowerFirst(name)}: ${quantity}`;
}

function quantityPhrase(quantity: number, qualifier: string): string {
  switch (qualifier) {
    case 'S7':
      return `up to age ${quantity}`;
    case 'S8':
      return `from age ${quantity}`;
    case '99':
      return `${quantity} used`;
    default:
      return counted(quantity, qualifier);
  }
}

function listOf(value: string, delimiters: X12Delimiters, name: (code: string) => string | undefined): string | null {
  const codes = repetitions(value, delimiters);
  if (codes.length === 0) return null;
  const names = codes.map((code) => name(code) ?? null);
  return names.every((found) => found === null) ? null : codes.map((code, i) => names[i] ?? `code ${code}`).join('; ');
}

function procedureText(value: string, delimiters: X12Delimiters): string | null {
  const [qualifier = '', code = ''] = components(value, delimiters);
  if (qualifier === '') return null;
  const system = ownValue(PROCEDURE_QUALIFIERS, qualifier);
  if (qualifier === 'AD') return `ADA procedure ${code}`;
  return system === undefined ? null : `${system}: ${code}`;
}

type Context = { readonly delimiters: X12Delimiters; readonly invert: boolean };

type CodeTable = Readonly<Record<string, string>>;
type Meaning = CodeTable | ((value: string, segment: X12Segment, ctx: Context) => string | null);

const dateOfDtp: Meaning = (value, segment) => (['D8', 'RD8'].includes(element(segment, 2)) ? dateText(value) : null);
const eb08: Meaning = (value, segment, ctx) => {
  const percent = numberOf(value);
  if (percent === undefined) return null;
  const share = round2(percent > 1 ? percent : percent * 100);
  if (element(segment, 1) !== 'A') return `${share}%`;
  return ctx.invert ? `the plan pays ${share}% (this payer states the plan's share)` : `the patient pays ${share}%`;
};

/** What a coded value means, by segment and element number (1-based). */
const MEANINGS: Readonly<Record<string, Readonly<Record<number, Meaning>>>> = {
  ISA: {
    1: ISA_CODES.authorization,
    3: ISA_CODES.security,
    5: ISA_CODES.idQualifiers,
    7: ISA_CODES.idQualifiers,
    9: (value) => shortDateText(value),
    10: (value) => timeText(value),
    12: ISA_CODES.version,
    14: ISA_CODES.acknowledgment,
    15: ISA_CODES.usage,
  },
  GS: { 1: FUNCTIONAL_IDS, 4: (value) => dateText(value), 5: (value) => timeText(value), 7: { X: 'Accredited Standards Committee X12' }, 8: IMPLEMENTATION_GUIDES },
  ST: { 1: TRANSACTION_SETS, 3: IMPLEMENTATION_GUIDES },
  BHT: { 1: BHT_STRUCTURES, 2: BHT_PURPOSES, 4: (value) => dateText(value), 5: (value) => timeText(value) },
  HL: { 3: HL_LEVEL_CODES, 4: HL_CHILD_CODES },
  TRN: { 1: TRACE_TYPES },
  NM1: { 1: ENTITY_IDENTIFIERS, 2: ENTITY_TYPES, 8: ID_QUALIFIERS },
  REF: { 1: REFERENCE_QUALIFIERS },
  PER: { 1: CONTACT_FUNCTIONS, 3: COMMUNICATION_QUALIFIERS, 5: COMMUNICATION_QUALIFIERS, 7: COMMUNICATION_QUALIFIERS },
  DMG: { 1: DATE_FORMATS, 2: (value) => dateText(value), 3: GENDERS },
  INS: { 1: INSURED_INDICATOR, 2: RELATIONSHIPS, 9: STUDENT_STATUS },
  DTP: { 1: DATE_QUALIFIERS, 2: DATE_FORMATS, 3: dateOfDtp },
  AAA: { 1: VALID_REQUEST, 3: (value) => rejectReasonName(value) ?? null, 4: (value) => followUpActionName(value) ?? null },
  EB: {
    1: EB01_CODES,
    2: COVERAGE_LEVELS,
    3: (value, _segment, ctx) => listOf(value, ctx.delimiters, serviceTypeName),
    4: INSURANCE_TYPES,
    6: (value) => timePeriodName(value) ?? null,
    7: (value) => {
      const amount = numberOf(value);
      return amount === undefined ? null : money(amount);
    },
    8: eb08,
    9: QUANTITY_QUALIFIERS,
    11: AUTHORIZATION,
    12: NETWORK,
    13: (value, _segment, ctx) => procedureText(value, ctx.delimiters),
  },
  HSD: { 1: QUANTITY_QUALIFIERS, 3: MEASUREMENT_UNITS, 5: (value) => timePeriodName(value) ?? null },
  III: { 1: III_QUALIFIERS },
};

function meaningOf(segment: X12Segment, n: number, value: string, ctx: Context): string | null {
  if (value === '') return null;
  const meaning = MEANINGS[segment.tag]?.[n];
  if (meaning === undefined) return null;
  return typeof meaning === 'function' ? meaning(value, segment, ctx) : (ownValue(meaning, value) ?? null);
}

// ---------- Rows in words ----------

const MAXIMUM_PERIODS = new Set(['', '22', '23', '25', '32']);

function explainBenefit(segment: X12Segment, ctx: Context): string {
  const info = element(segment, 1);
  const parts: string[] = [];
  const level = ownValue(COVERAGE_LEVELS, element(segment, 2));
  if (level !== undefined) parts.push(level.toLowerCase());
  else if (element(segment, 2) !== '') parts.push(`coverage level ${element(segment, 2)}`);
  const services = repetitions(element(segment, 3), ctx.delimiters);
  if (services.length > 0) parts.push(services.map((code) => serviceTypeName(code) ?? `service type ${code}`).join(' and '));
  const insurance = ownValue(INSURANCE_TYPES, element(segment, 4));
  if (insurance !== undefined) parts.push(insurance);
  if (element(segment, 5) !== '') parts.push(`"${element(segment, 5)}"`);

  const amount = numberOf(element(segment, 7));
  const period = periodPhrase(element(segment, 6));
  // An EB*F amount for a year or a lifetime is a maximum; remaining amounts read as they are.
  const maximum = info === 'F' && MAXIMUM_PERIODS.has(element(segment, 6));
  if (amount !== undefined) parts.push([maximum ? 'maximum' : '', money(amount), period].filter(Boolean).join(' '));
  else if (period !== '') parts.push(period);

  const percent = numberOf(element(segment, 8));
  if (percent !== undefined) {
    const share = round2(percent > 1 ? percent : percent * 100);
    if (info === 'A') {
      const patient = ctx.invert ? round2(100 - share) : share;
      parts.push(`patient pays ${patient}% (plan pays ${round2(100 - patient)}%)`);
    } else {
      parts.push(`${share}%`);
    }
  }
  const quantity = numberOf(element(segment, 10));
  if (quantity !== undefined) parts.push(quantityPhrase(quantity, element(segment, 9)));
  if (element(segment, 11) === 'Y') parts.push('authorization required');
  const network = element(segment, 12);
  if (network === 'Y') parts.push('in network');
  else if (network === 'N') parts.push('out of network');
  else if (network === 'W') parts.push('in and out of network');
  else if (network === 'U') parts.push('network unknown');
  const procedure = procedureText(element(segment, 13), ctx.delimiters);
  if (procedure !== null) parts.push(procedure);

  const head = ownValue(EB01_CODES, info) ?? `Benefit code ${info}`;
  return parts.length === 0 ? head : `${head}, ${parts.join(', ')}`;
}

function explainDelivery(segment: X12Segment): string {
  const quantity = numberOf(element(segment, 2));
  const qualifier = element(segment, 1) || 'VS';
  const periods = numberOf(element(segment, 6));
  const periodCode = element(segment, 5);
  const parts: string[] = [];
  if (quantity !== undefined) parts.push(counted(quantity, qualifier));
  if (periodCode !== '') {
    parts.push(periodPhrase(periodCode, periods));
  } else {
    const unit = ownValue(MEASUREMENT_UNITS, element(segment, 3));
    const modulus = numberOf(element(segment, 4));
    if (unit !== undefined) parts.push(`per ${per(modulus, unit.toLowerCase().replace(/s$/, ''))}`);
  }
  return parts.length === 0 ? 'Frequency without a quantity' : `Frequency: ${parts.join(' ')}`;
}

function explainRejection(segment: X12Segment, loop: string | null): string {
  const code = element(segment, 3);
  const reason = rejectReasonName(code) ?? `reason code ${code}`;
  const action = followUpActionName(element(segment, 4));
  const what = loop?.startsWith('211') ? 'this benefit' : 'the inquiry';
  const validity = element(segment, 1) === 'N' ? ' The payer found the request invalid.' : '';
  return `The payer could not answer ${what}: ${reason} (${code}).${action === undefined ? '' : ` ${action}.`}${validity}`;
}

function explainMessage(segment: X12Segment): string {
  const reading = readMessage(element(segment, 1));
  const read: string[] = [];
  const wait = reading.waitingPeriod?.value;
  if (wait !== undefined) {
    const units = ['years', 'months', 'weeks', 'days'] as const;
    const amounts = units.flatMap((unit) => (wait[unit] === undefined ? [] : [`${wait[unit]} ${unit}`]));
    read.push(`waiting period of ${amounts.join(' ')}`);
  }
  if (reading.missingToothClause !== undefined) read.push(reading.missingToothClause.value ? 'a missing tooth clause applies' : 'no missing tooth clause');
  if (reading.participation !== undefined) read.push(`the provider is ${reading.participation.value}`);
  if (reading.studentAge !== undefined) read.push(`students are covered to age ${reading.studentAge.value}`);
  if (reading.deductibleApplies !== undefined) read.push(reading.deductibleApplies.value ? 'the deductible applies' : 'no deductible');
  if (reading.appliesToAnnualMax !== undefined) {
    read.push(reading.appliesToAnnualMax.value ? 'counts toward the annual maximum' : 'does not count toward the annual maximum');
  }
  const age = reading.age?.value;
  if (age !== undefined) {
    read.push(['age limit', age.min === undefined ? '' : `from ${age.min}`, age.max === undefined ? '' : `through ${age.max}`].filter(Boolean).join(' '));
  }
  return read.length === 0
    ? 'Free text from the payer: the mapping keeps it in words (a caveat, or a line of the patient note)'
    : `Free text from the payer, read as: ${read.join('; ')}`;
}

function explanationOf(segment: X12Segment, loop: string | null, ctx: Context): string | null {
  switch (segment.tag) {
    case 'EB':
      return explainBenefit(segment, ctx);
    case 'HSD':
      return explainDelivery(segment);
    case 'AAA':
      return explainRejection(segment, loop);
    case 'MSG':
      return explainMessage(segment);
    default:
      return null;
  }
}

// ---------- The view ----------

/** The elements as received, each with the meaning of its value as read (a code in lower case means its code). */
function elementsOf(received: X12Segment, read: X12Segment, ctx: Context): X12ElementView[] {
  const names = ELEMENT_NAMES[received.tag] ?? [];
  return received.elements.map((value, i) => {
    const position = `${received.tag}${String(i + 1).padStart(2, '0')}`;
    return { position, name: names[i] ?? `Element ${position}`, value, meaning: meaningOf(read, i + 1, read.elements[i] ?? '', ctx) };
  });
}

function payerIdOf(segments: readonly X12Segment[]): string | undefined {
  const payer = segments.find((segment) => segment.tag === 'NM1' && element(segment, 1) === 'PR');
  return payer === undefined || element(payer, 9) === '' ? undefined : element(payer, 9);
}

/** The tolerated deviations' notes by segment index; none when the answer is refused (the job says why). */
function deviationNotes(doc: X12Document): Map<number, string[]> {
  const notes = new Map<number, string[]>();
  let deviations;
  try {
    ({ deviations } = parse271Document(doc));
  } catch (error) {
    if (error instanceof X12ParseError) return notes;
    throw error;
  }
  const last = doc.segments[doc.segments.length - 1]?.index ?? 0;
  for (const deviation of deviations) {
    const index = deviation.segmentIndex ?? last;
    notes.set(index, [...(notes.get(index) ?? []), deviation.note]);
  }
  return notes;
}

/** A segment's explanation followed by its deviation notes, as sentences. */
function withNotes(explanation: string | null, notes: readonly string[]): string | null {
  if (notes.length === 0) return explanation;
  return [explanation, ...notes].flatMap((text) => (text === null ? [] : [/[.!?]$/.test(text) ? text : `${text}.`])).join(' ');
}

/**
 * The segments of a 271 explained. Text that does not tokenize as X12 gives no segments (the caller shows the
 * text as it came); anything else is explained as far as it goes.
 */
export function explain271(text: string, options: Explain271Options = {}): X12SegmentView[] {
  let doc: X12Document;
  try {
    doc = tokenizeX12(text);
  } catch (error) {
    if (error instanceof X12ParseError) return [];
    throw error;
  }
  const { segments, delimiters } = doc;
  // Explained as read (codes upper-cased, empty repetitions dropped), shown as received.
  const read = fixForm(doc).document.segments;
  const deviations = deviationNotes(doc);
  const invert = options.invertCoinsurance ?? invertsCoinsurance({ payerKey: options.payerKey, payerId: payerIdOf(read) });
  const ctx: Context = { delimiters, invert };
  const loops = loopsOf(read);
  return segments.map((segment, i) => {
    const loop = loops[i] ?? null;
    const asRead = read[i] ?? segment;
    return {
      index: segment.index,
      id: segment.tag,
      text: [segment.tag, ...segment.elements].join(delimiters.element),
      loop,
      loopName: loop === null ? null : loopName(loop),
      elements: elementsOf(segment, asRead, ctx),
      explanation: withNotes(explanationOf(asRead, loop, ctx), deviations.get(segment.index) ?? []),
    };
  });
}
