/**
 * Generated cases (fast-check): random combinations of the tolerated deviations (README "Tolerated deviations")
 * applied to the sandbox clearinghouse's valid 271s, for every sandbox patient and every carrier's delimiters.
 * The answer maps to the same plan and patient as without them, apart from scores (never higher) and notes,
 * and each deviation leaves a note naming it.
 */
import fc from 'fast-check';
import { createSandboxClearinghouse } from '../clearinghouse/sandbox';
import { SANDBOX_MEMBERS, sandboxPatientInfo } from '../clearinghouse/sandbox-members';
import { build270 } from './build-270';
import { map271, type Map271Result } from './map-271';
import { tokenizeX12, type X12Delimiters } from './tokenizer';

const NOW = new Date('2024-05-20T15:00:00.000Z');

type Line = { tag: string; elements: string[] };
type Answer = { readonly isa: string; readonly delimiters: X12Delimiters; readonly lines: readonly Line[]; readonly result: Map271Result };

/** What a test expects a deviation's note to say. */
type Expected = { readonly text: string; readonly segment: number | undefined };

/** Code elements (1-based) a carrier might send in lower case, by segment. */
const CODES: Readonly<Record<string, readonly number[]>> = {
  GS: [1, 8],
  ST: [3],
  NM1: [1, 8],
  REF: [1],
  PER: [1, 3],
  DTP: [2],
  EB: [1, 2, 12, 13],
  HSD: [1],
};

let answers: Answer[] = [];

beforeAll(async () => {
  const sandbox = createSandboxClearinghouse({ now: () => NOW });
  const patients = SANDBOX_MEMBERS.flatMap((m) => [undefined, ...m.dependents.map((_, i) => i)].map((i) => ({ m, patient: sandboxPatientInfo(m, i) })));
  answers = await Promise.all(
    patients.map(async ({ m, patient }) => {
      const inquiry = { patient, payer: { id: m.payerId, name: 'Sandbox payer' }, provider: { npi: '1234567893', name: 'Bright Smile Dental' }, date: NOW, controlNumber: 3141 };
      const text = await sandbox.eligibility(build270(inquiry));
      const { delimiters, segments } = tokenizeX12(text);
      const lines = segments.slice(1).map((segment) => ({ tag: segment.tag, elements: [...segment.elements] }));
      return { isa: text.slice(0, 106), delimiters, lines, result: map271(text, { today: NOW }) };
    }),
  );
});

function render(answer: Answer, lines: readonly Line[]): string {
  const { element, segment } = answer.delimiters;
  return [answer.isa, ...lines.map((line) => `${[line.tag, ...line.elements].join(element)}${segment}`)].join('\n');
}

/** The documents with the scores of scored fields left out, and those scores by path. */
function split(node: unknown, path = '', scores = new Map<string, number>()): { shape: unknown; scores: Map<string, number> } {
  if (Array.isArray(node)) return { shape: node.map((item, i) => split(item, `${path}/${i}`, scores).shape), scores };
  if (typeof node !== 'object' || node === null) return { shape: node, scores };
  const scored = 'value' in node && 'score' in node && typeof node.score === 'number';
  if (scored) scores.set(path, node.score as number);
  const entries = Object.entries(node).filter(([key]) => !(scored && key === 'score'));
  return { shape: Object.fromEntries(entries.map(([key, value]) => [key, split(value, `${path}/${key}`, scores).shape])), scores };
}

const choice = fc.record({ pick: fc.nat(), variant: fc.nat({ max: 3 }) });
const deviations = fc.record(
  {
    seCount: choice,
    geCount: choice,
    ieaCount: choice,
    seControl: choice,
    geControl: choice,
    ieaControl: choice,
    codeCase: fc.array(choice, { minLength: 1, maxLength: 4 }),
    trailing: fc.array(choice, { minLength: 1, maxLength: 3 }),
    emptyRepetition: choice,
    missingGe: choice,
    missingIea: choice,
    dependentIl: choice,
  },
  { requiredKeys: [] },
);
type Deviations = typeof deviations extends fc.Arbitrary<infer T> ? T : never;

/** Applies the chosen deviations to a copy of the answer's lines; what each note must then say. */
function deviate(answer: Answer, chosen: Deviations): { lines: Line[]; expected: Expected[] } {
  const lines = answer.lines.map((line) => ({ tag: line.tag, elements: [...line.elements] }));
  const expected: Expected[] = [];
  const at = (tag: string) => lines.findIndex((line) => line.tag === tag);
  const segmentOf = (i: number) => i + 2;
  const bump = (tag: string, n: number, by: number, text: string) => {
    const i = at(tag);
    if (i === -1) return;
    lines[i]!.elements[n - 1] = String(Number(lines[i]!.elements[n - 1]) + by);
    expected.push({ text, segment: segmentOf(i) });
  };
  // The missing trailers first: the segment numbers the other notes give are then those of the final text.
  if (chosen.missingIea) {
    lines.splice(at('IEA'), 1);
    expected.push({ text: 'The interchange does not end with IEA', segment: undefined });
  }
  if (chosen.missingGe) {
    lines.splice(at('GE'), 1);
    expected.push({ text: 'Functional group without GE', segment: undefined });
  }
  if (chosen.seCount) bump('SE', 1, chosen.seCount.variant + 1, 'SE01 says');
  if (chosen.geCount) bump('GE', 1, chosen.geCount.variant + 1, 'GE01 says');
  if (chosen.ieaCount) bump('IEA', 1, chosen.ieaCount.variant + 1, 'IEA01 says');
  if (chosen.seControl) bump('SE', 2, chosen.seControl.variant + 1, 'does not match ST02');
  if (chosen.geControl) bump('GE', 2, chosen.geControl.variant + 1, 'does not match GS06');
  if (chosen.ieaControl) bump('IEA', 2, chosen.ieaControl.variant + 1, 'does not match ISA13');

  const codeCandidates = lines.flatMap((line, i) =>
    (CODES[line.tag] ?? []).filter((n) => /[A-Z]/.test(line.elements[n - 1] ?? '')).map((n) => ({ i, n })),
  );
  for (const { pick } of chosen.codeCase ?? []) {
    const { i, n } = codeCandidates[pick % codeCandidates.length]!;
    const line = lines[i]!;
    const value = line.elements[n - 1]!;
    if (value !== value.toUpperCase()) continue;
    line.elements[n - 1] = value.toLowerCase();
    expected.push({ text: `${line.tag}${String(n).padStart(2, '0')} ${JSON.stringify(value.toLowerCase())} as ${JSON.stringify(value)}`, segment: segmentOf(i) });
  }
  const { repetition } = answer.delimiters;
  const ebs = lines.flatMap((line, i) => (line.tag === 'EB' && (line.elements[2] ?? '') !== '' ? [i] : []));
  if (chosen.emptyRepetition && repetition !== undefined && ebs.length > 0) {
    const i = ebs[chosen.emptyRepetition.pick % ebs.length]!;
    const value = lines[i]!.elements[2]!;
    const variants = [`${repetition}${value}`, `${value}${repetition}`, value.replace(repetition, repetition.repeat(2)), `${value}${repetition.repeat(2)}`];
    const changed = variants[chosen.emptyRepetition.variant]!;
    lines[i]!.elements[2] = changed === value ? `${value}${repetition}` : changed;
    expected.push({ text: 'EB03', segment: segmentOf(i) });
  }
  const dependent = lines.findIndex((line) => line.tag === 'NM1' && line.elements[0] === '03');
  if (chosen.dependentIl && dependent !== -1) {
    lines[dependent]!.elements[0] = 'IL';
    expected.push({ text: 'NM101 of loop 2100D is "IL"', segment: segmentOf(dependent) });
  }
  // Trailing separators last, so that no other deviation writes into the empty elements they add.
  for (const { pick, variant } of chosen.trailing ?? []) {
    const i = pick % lines.length;
    lines[i]!.elements.push(...Array<string>(1 + (variant % 2)).fill(''));
    expected.push({ text: `${lines[i]!.tag} ends with`, segment: segmentOf(i) });
  }
  return { lines, expected };
}

it('maps every answer with tolerated deviations to the same plan, apart from scores and notes, noting each', () => {
  expect(answers.length).toBeGreaterThan(20);
  fc.assert(
    fc.property(fc.nat(), deviations, (which, chosen) => {
      const answer = answers[which % answers.length]!;
      const { lines, expected } = deviate(answer, chosen);
      const result = map271(render(answer, lines), { today: NOW });
      const before = answer.result;
      expect(result.status).toBe(before.status);
      expect(result.rejections).toEqual(before.rejections);
      expect(result.notes.filter((note) => !note.startsWith('Tolerated: '))).toEqual(before.notes);
      const documents = (r: Map271Result) => (r.status === 'mapped' ? [r.plan, r.patient] : []);
      const [now, then] = [split(documents(result)), split(documents(before))];
      expect(now.shape).toEqual(then.shape);
      for (const [path, score] of now.scores) expect(score).toBeLessThanOrEqual(then.scores.get(path)!);

      const tolerated = result.notes.filter((note) => note.startsWith('Tolerated: '));
      for (const { text, segment } of expected) {
        const where = segment === undefined ? '' : `(segment ${segment})`;
        expect(tolerated.some((note) => note.includes(text) && note.includes(where))).toBe(true);
      }
    }),
    { numRuns: 300 },
  );
});
