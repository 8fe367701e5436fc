/**
 * The 271 reader is strict about meaning and liberal about form (README "Tolerated deviations"): each tolerated
 * deviation is read, leaves a mapping note (also on its segment in the source view) and scores the values it
 * could have touched lower; the plan is otherwise the one the answer gives without the deviation.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { explain271 } from './explain-271';
import { map271, type Map271Result, type Mapped271 } from './map-271';
import { parse271 } from './parse-271';
import { SCORE_INFERRED, SCORE_STATED } from './scores';
import { EB, HSD, subscriberHead, wrap271 } from './x271-fixture';

const TODAY = new Date('2024-05-20T00:00:00Z');
const fixture = (name: string): string => readFileSync(join(__dirname, 'fixtures', name), 'utf8');

const BODY = [
  subscriberHead(),
  EB({ info: '1', serviceTypes: ['35'], insuranceType: 'PR', plan: 'DELTA DENTAL PPO' }),
  EB({ info: 'C', level: 'IND', serviceTypes: ['35'], period: '23', amount: 50, network: 'Y' }),
  EB({ info: 'F', level: 'IND', serviceTypes: ['35'], period: '23', amount: 1500, network: 'Y' }),
  EB({ info: 'A', level: 'IND', serviceTypes: ['23', '41'], percent: 0, network: 'Y' }),
  EB({ info: 'A', level: 'IND', serviceTypes: ['25'], percent: 0.2, network: 'Y' }),
  EB({ info: 'F', level: 'IND', serviceTypes: ['23'], network: 'Y', code: 'D0120' }),
  HSD({ quantity: 1, period: '34', periods: 6 }),
].join('~');
const VALID = wrap271(BODY);
/** Segment numbers (1-based, as notes give them) of the lines of VALID. */
const LINES = VALID.split('\n');
const segmentNumber = (prefix: string): number => LINES.findIndex((line) => line.startsWith(prefix)) + 1;

function mapped(result: Map271Result): Mapped271 {
  if (result.status !== 'mapped') throw new Error(`expected a plan, got ${JSON.stringify(result.rejections)}`);
  return result;
}

const map = (text: string): Mapped271 => mapped(map271(text, { today: TODAY }));
const tolerated = (result: Map271Result): string[] => result.notes.filter((note) => note.startsWith('Tolerated: '));

/** The document with every `score` of a scored field removed: what must not change apart from scores. */
function withoutScores(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutScores);
  if (typeof node !== 'object' || node === null) return node;
  const isScored = 'value' in node && 'score' in node;
  return Object.fromEntries(Object.entries(node).filter(([key]) => !(isScored && key === 'score')).map(([key, value]) => [key, withoutScores(value)]));
}

const BASE = map(VALID);

describe('the two hand-made answers that were refused', () => {
  it('reads a dependent loop whose NM101 is IL, as the dependent, and scores what it gave lower', () => {
    const text = fixture('dependent-nm101-il.271.x12');
    const result = map(text);
    expect(tolerated(result)).toEqual([
      'Tolerated: NM101 of loop 2100D is "IL" (insured) instead of "03" (dependent); read as the dependent, since its HL is level 23 (segment 15)',
    ]);
    expect(result.dependent).toMatchObject({ firstName: 'SAM', lastName: 'QUILL', relationship: '19' });
    expect(result.subscriber).toMatchObject({ firstName: 'ROBIN', memberId: 'NW0055501234' });
    // The same answer with NM1*03: the plan is the same apart from the dependent's values' scores.
    const regular = map(text.replace('NM1*IL*1*QUILL*SAM~', 'NM1*03*1*QUILL*SAM~'));
    expect(tolerated(regular)).toEqual([]);
    expect(withoutScores(result.plan)).toEqual(withoutScores(regular.plan));
    expect(withoutScores(result.patient)).toEqual(withoutScores(regular.patient));
    expect(regular.plan.benefits.annualMax).toEqual({ value: 2000, score: SCORE_STATED });
    expect(result.plan.benefits.annualMax).toEqual({ value: 2000, score: SCORE_INFERRED });
    expect(result.patient.effectiveDate).toEqual({ value: '06/01/2021', score: SCORE_INFERRED });
    expect(result.plan.benefits.adaCodes['SUB:Restorative']?.benefitLevel).toEqual({ value: 70, score: SCORE_INFERRED });
    // The group number is the subscriber's (2100C), which the dependent's NM101 does not touch.
    expect(result.plan.sponsor.groupNumber).toEqual({ value: 'G-4410', score: SCORE_STATED });
  });

  it('reads a transaction whose SE02 differs from its ST02, scoring nothing lower', () => {
    const text = fixture('se02-differs.271.x12');
    const result = map(text);
    expect(tolerated(result)).toEqual([
      'Tolerated: SE02 "0043" does not match ST02 "0042"; the trailer closes the only one open, so it is read as its own (segment 24)',
    ]);
    const regular = map(text.replace('SE*22*0043~', 'SE*22*0042~'));
    expect(result.plan).toEqual(regular.plan);
    expect(result.patient).toEqual(regular.patient);
    expect(result.plan.benefits.adaCodes['ADA:D0120']?.limitation).toEqual({ value: { quantity: 2, frequency: 1, timePeriod: 'yr' }, score: SCORE_STATED });
  });

  it('tells each deviation on its segment in the source view', () => {
    const dependent = explain271(fixture('dependent-nm101-il.271.x12'));
    expect(dependent[14]).toMatchObject({ id: 'NM1', loop: '2100D', explanation: expect.stringContaining('NM101 of loop 2100D is "IL"') });
    const trailer = explain271(fixture('se02-differs.271.x12'));
    expect(trailer[23]).toMatchObject({ id: 'SE', explanation: expect.stringContaining('SE02 "0043" does not match ST02 "0042"') });
    const eb = explain271(VALID.replace('EB*A*IND*25*****0.2****Y~', 'EB*a*ind*25*****0.2****Y*~'));
    expect(eb[segmentNumber('EB*A*IND*25') - 1]!.explanation).toMatch(
      /^Co-insurance, .*\. Tolerated: EB ends with an element separator and nothing after; read without \(segment \d+\)\. Tolerated: codes in lower case read in upper case: EB01 "a" as "A", EB02 "ind" as "IND" \(segment \d+\)\.$/,
    );
    // A missing trailer has no segment of its own: it is told on the last one.
    const missing = explain271(VALID.replace(/IEA\*[^~]*~/, ''));
    expect(missing[missing.length - 1]).toMatchObject({ id: 'GE', explanation: expect.stringContaining('does not end with IEA') });
    expect(explain271(VALID).every((segment) => !segment.explanation?.includes('Tolerated'))).toBe(true);
  });
});

type Case = {
  readonly text: string;
  readonly note: RegExp;
  /** What the deviation scores lower: nothing, everything, or the paths given. */
  readonly lowered: 'nothing' | 'everything' | readonly ((result: Mapped271) => { score: number } | undefined)[];
};

const ST02 = /SE\*(\d+)\*0001~/;
const CASES: Record<string, Case> = {
  'an SE01 count that is off (every value scored lower)': {
    text: VALID.replace(ST02, (_, n: string) => `SE*${Number(n) + 3}*0001~`),
    note: /^Tolerated: SE01 says "\d+" segments in the transaction but there are \d+; read as it came, every value scored lower \(segment \d+\)$/,
    lowered: 'everything',
  },
  'a GE01 count that is off': {
    text: VALID.replace('GE*1*905', 'GE*2*905'),
    note: /^Tolerated: GE01 says "2" transactions in the group but there are 1; read as it came \(segment \d+\)$/,
    lowered: 'nothing',
  },
  'an IEA01 count that is off': {
    text: VALID.replace('IEA*1*', 'IEA*3*'),
    note: /^Tolerated: IEA01 says "3" functional groups but there are 1/,
    lowered: 'nothing',
  },
  'SE02 other than ST02': {
    text: VALID.replace(ST02, 'SE*$1*0002~'),
    note: /^Tolerated: SE02 "0002" does not match ST02 "0001"/,
    lowered: 'nothing',
  },
  'GE02 other than GS06': {
    text: VALID.replace('GE*1*905', 'GE*1*906'),
    note: /^Tolerated: GE02 "906" does not match GS06 "905"/,
    lowered: 'nothing',
  },
  'IEA02 other than ISA13': {
    text: VALID.replace('IEA*1*000000905', 'IEA*1*000000906'),
    note: /^Tolerated: IEA02 "000000906" does not match ISA13 "000000905"/,
    lowered: 'nothing',
  },
  'qualifiers in lower case (scored lower where they are values)': {
    text: VALID.replace('REF*6P*', 'REF*6p*').replace('DTP*356*D8*', 'DTP*356*d8*').replace('NM1*IL*1*', 'NM1*il*1*').replace('ST*271*0001*005010X279A1', 'ST*271*0001*005010x279a1'),
    note: /^Tolerated: codes in lower case read in upper case: (REF01 "6p" as "6P"|DTP02 "d8" as "D8"|NM101 "il" as "IL"|ST03 "005010x279a1" as "005010X279A1") \(segment \d+\)$/,
    lowered: [(result) => result.plan.sponsor.groupNumber, (result) => result.plan.sponsor.groupName, (result) => result.patient.effectiveDate],
  },
  'a code in lower case on a benefit row (its values scored lower)': {
    text: VALID.replace('EB*A*IND*25*****0.2****Y~', 'EB*A*IND*25*****0.2****y~').replace('AD:D0120', 'ad:d0120'),
    note: /^Tolerated: codes in lower case read in upper case: EB(12 "y" as "Y"|13 "ad:d0120" as "AD:D0120") \(segment \d+\)$/,
    lowered: [(result) => result.plan.benefits.adaCodes['SUB:Restorative']?.benefitLevel, (result) => result.plan.benefits.adaCodes['ADA:D0120']?.limitation],
  },
  'trailing element separators': {
    text: VALID.replace('EB*C*IND*35***23*50*****Y~', 'EB*C*IND*35***23*50*****Y**~').replace('HL*3*2*22*0~', 'HL*3*2*22*0*~'),
    note: /^Tolerated: (EB ends with 2 element separators|HL ends with an element separator) and nothing after; read without \(segment \d+\)$/,
    lowered: [(result) => result.plan.benefits.deductible?.individual],
  },
  'empty repetitions': {
    text: VALID.replace('EB*A*IND*23^41*', 'EB*A*IND*23^^41^*'),
    note: /^Tolerated: EB03 "23\^\^41\^" has empty repetitions; read as "23\^41" \(segment \d+\)$/,
    lowered: [(result) => result.plan.benefits.adaCodes['SUB:Diagnostic']?.benefitLevel, (result) => result.plan.benefits.adaCodes['CAT:Preventative']?.benefitLevel],
  },
  'a missing IEA': {
    text: VALID.replace(/IEA\*[^~]*~/, ''),
    note: /^Tolerated: The interchange does not end with IEA; read as ending with its last group$/,
    lowered: 'nothing',
  },
  'a missing GE': {
    text: VALID.replace(/GE\*[^~]*~\n/, ''),
    note: /^Tolerated: Functional group without GE; read as ending with its last transaction$/,
    lowered: 'nothing',
  },
  'a missing GE and IEA': {
    text: VALID.replace(/GE\*[^~]*~\n/, '').replace(/IEA\*[^~]*~/, ''),
    note: /^Tolerated: (Functional group without GE|The interchange does not end with IEA); read as ending with its last (transaction|group)$/,
    lowered: 'nothing',
  },
};

/** Every scored field of a document with its path. */
function scores(node: unknown, path = ''): Map<string, number> {
  const found = new Map<string, number>();
  if (typeof node !== 'object' || node === null) return found;
  if ('value' in node && 'score' in node && typeof node.score === 'number') return found.set(path, node.score);
  for (const [key, value] of Object.entries(node)) for (const [p, s] of scores(value, `${path}/${key}`)) found.set(p, s);
  return found;
}

describe('each tolerated deviation', () => {
  it.each(Object.entries(CASES))('reads %s, notes it and keeps the plan', (_, { text, note, lowered }) => {
    const result = map(text);
    const notes = tolerated(result);
    expect(notes.length).toBeGreaterThan(0);
    for (const line of notes) expect(line).toMatch(note);
    expect(result.notes.filter((line) => !line.startsWith('Tolerated: '))).toEqual(BASE.notes);
    expect(withoutScores(result.plan)).toEqual(withoutScores(BASE.plan));
    expect(withoutScores(result.patient)).toEqual(withoutScores(BASE.patient));

    const before = new Map([...scores(BASE.plan, 'plan'), ...scores(BASE.patient, 'patient')]);
    const after = new Map([...scores(result.plan, 'plan'), ...scores(result.patient, 'patient')]);
    if (lowered === 'nothing') {
      expect(after).toEqual(before);
    } else if (lowered === 'everything') {
      expect([...after.values()].every((score) => score === SCORE_INFERRED)).toBe(true);
    } else {
      for (const field of lowered) {
        expect(field(BASE)?.score).toBe(SCORE_STATED);
        expect(field(result)?.score).toBe(SCORE_INFERRED);
      }
      // Values the deviation did not touch keep their scores.
      const changed = [...after].filter(([path, score]) => before.get(path) !== score);
      expect(changed.length).toBe(lowered.length);
    }
  });

  it('reads ISA qualifiers in lower case', () => {
    const text = VALID.replace('*ZZ*CLEARINGHOUSE  *ZZ*', '*zz*CLEARINGHOUSE  *ZZ*');
    expect(parse271(text).interchange.sender).toEqual({ qualifier: 'ZZ', id: 'CLEARINGHOUSE' });
    expect(parse271(text).deviations).toEqual([
      { kind: 'code-case', segmentIndex: 0, note: 'Tolerated: codes in lower case read in upper case: ISA05 "zz" as "ZZ" (segment 1)', doubts: [] },
    ]);
  });

  it('lists nothing for a 271 that follows the guide', () => {
    expect(parse271(VALID).deviations).toEqual([]);
    expect(tolerated(BASE)).toEqual([]);
  });
});
