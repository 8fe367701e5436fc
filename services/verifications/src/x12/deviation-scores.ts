/**
 * Scores lower the values a tolerated deviation puts in doubt (README "Tolerated deviations"). Which values a
 * segment gave is not tracked through the mapping; instead the answer is mapped again without the doubted
 * segments, and every value that comes out different (or not at all) is one they gave. A deviation that doubts
 * the whole answer (a transaction segment count that is off), or whose segments cannot be left out and still
 * read, lowers every value.
 */
import { type PatientV3, type PlanV3 } from '@dv/contracts';
import { type X12Deviation } from './deviations';
import { X12ParseError } from './errors';
import { parse271Document, type Parsed271 } from './parse-271';
import { SCORE_INFERRED } from './scores';
import { type X12Segment } from './tokenizer';

export type MappedDocuments = { readonly plan: PlanV3; readonly patient: PatientV3 };

/** Segments after which an EB's 2110 loop (with its 2115 and 2120 loops) has ended. */
const ENDS_BENEFIT_LOOP = new Set(['EB', 'HL', 'SE', 'GE', 'IEA']);
const ENDS_LEVEL = new Set(['HL', 'SE', 'GE', 'IEA']);

/** The segments to leave out: each doubted one, an EB with its whole 2110 loop, an HL with its whole level. */
export function segmentsInDoubt(segments: readonly X12Segment[], doubted: readonly number[]): Set<number> {
  const out = new Set<number>();
  for (const index of doubted) {
    const at = segments.findIndex((segment) => segment.index === index);
    const first = segments[at];
    if (first === undefined) continue;
    out.add(index);
    const ends = first.tag === 'EB' ? ENDS_BENEFIT_LOOP : first.tag === 'HL' ? ENDS_LEVEL : undefined;
    if (ends === undefined) continue;
    for (const segment of segments.slice(at + 1)) {
      if (ends.has(segment.tag)) break;
      out.add(segment.index);
    }
  }
  return out;
}

type ScoredField = { value: unknown; score: number };

function isScored(node: unknown): node is ScoredField {
  return typeof node === 'object' && node !== null && 'value' in node && 'score' in node && typeof node.score === 'number';
}

const isRecord = (node: unknown): node is Record<string, unknown> => typeof node === 'object' && node !== null && !Array.isArray(node);
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

function lower(field: ScoredField): void {
  field.score = Math.min(field.score, SCORE_INFERRED);
}

/**
 * Lowers, in `current`, every scored field that `without` (the same document mapped without the doubted
 * segments) lacks or holds with another value. Lists (caveats) are compared by value, not position, since
 * leaving a row out shifts what follows it.
 */
function lowerWhereChanged(current: unknown, without: unknown): void {
  if (Array.isArray(current)) {
    current.forEach((item: unknown, i) => {
      if (!isScored(item)) lowerWhereChanged(item, Array.isArray(without) ? without[i] : undefined);
      else if (!Array.isArray(without) || !without.some((other) => isScored(other) && same(other.value, item.value))) lower(item);
    });
  } else if (isScored(current)) {
    if (!isScored(without) || !same(current.value, without.value)) lower(current);
  } else if (isRecord(current)) {
    for (const [key, value] of Object.entries(current)) lowerWhereChanged(value, isRecord(without) ? without[key] : undefined);
  }
}

/**
 * The plan and patient with the values the answer's deviations put in doubt scored lower. `remap` maps an answer
 * as map271 does, without touching scores; undefined when it maps to no plan.
 */
export function scoreDoubtedValues(
  mapped: MappedDocuments,
  parsed: Parsed271,
  remap: (parsed: Parsed271) => MappedDocuments | undefined,
): MappedDocuments {
  const doubts: readonly X12Deviation['doubts'][] = parsed.deviations.map((deviation) => deviation.doubts);
  if (doubts.every((doubt) => doubt !== 'all' && doubt.length === 0)) return mapped;
  const plan = structuredClone(mapped.plan);
  const patient = structuredClone(mapped.patient);
  let without: MappedDocuments | undefined;
  if (!doubts.includes('all')) {
    const { segments } = parsed.document;
    const left = segmentsInDoubt(segments, doubts.flatMap((doubt) => (doubt === 'all' ? [] : doubt)));
    try {
      without = remap(parse271Document({ ...parsed.document, segments: segments.filter((segment) => !left.has(segment.index)) }));
    } catch (error) {
      // Without those segments the answer does not read: their doubt cannot be narrowed to some values.
      if (!(error instanceof X12ParseError)) throw error;
    }
  }
  lowerWhereChanged(plan, without?.plan);
  lowerWhereChanged(patient, without?.patient);
  return { plan, patient };
}
