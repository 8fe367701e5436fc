/**
 * Merges what the sources of one verification found into one version 3 patient and plan. Pure: no I/O, no
 * clock (the caller passes `now`).
 *
 * - Every scored field is merged on its own (field-priority.ts says who wins): the kept value's score says how
 *   sure it is (1 inferred or disputed, 2 stated once, 3 stated alike by two sources, 4 user-confirmed).
 * - A disagreement between stated values is a conflict: it is returned in `stats.conflicts` and kept in the
 *   plan as mapping info with message 'CONFLICTS', where map271 puts its own: an adaCodes entry's conflicts in
 *   the entry's mappingInfo (path inside the entry, e.g. 'limitation'), other benefits in benefits.mappingInfo
 *   ('annualMax'), the rest (details, sponsor, and patient-level fields as 'patient.insuranceRemaining') in
 *   details.mappingInfo. The detail names the losing source, its value and score, and the kept one.
 * - Non-scored facts: coverage status and plan end date are patient-level facts merged the same way (a known
 *   status beats 'unknown'); history is the union of the sources' records by code and date; lists (caveats,
 *   correlations, mapping info) are unions; other plain values come from the first source in priority order.
 * - A user's edits (score 4 in `previous`) survive a merge: when a source finishes after a user edited the
 *   ticket, the edited values and their change history stay.
 * - The plan's `score` is left at 0 and `planHash` unset: the caller scores (plan-score.ts) and hashes.
 */
import {
  compareUsDates,
  PatientV3,
  validatePlan,
  type HistoryRecordV3,
  type HistoryStatus,
  type MappingInfoV3,
  type PlanV3,
  type PriorityType,
  type VerificationSource,
} from '@dv/contracts';
import {
  compareCandidates,
  priorityTypeOf,
  SCORE,
  scoreAfterConflict,
  SOURCE_PRIORITY,
  type ValueOrigin,
} from './field-priority';
import { canonicalJson, describeValue, sameValue } from './same-value';

/** What one source job produced. */
export interface SourceResult {
  readonly source: VerificationSource;
  /** The clearinghouse's name or the portal's id. */
  readonly sourceName: string;
  readonly plan: PlanV3 | null;
  readonly patient: PatientV3 | null;
}

export interface ConflictSide {
  readonly origin: ValueOrigin;
  readonly sourceName: string;
  readonly value: unknown;
  readonly score: number;
}

export interface ConflictRecord {
  /** Where in the ticket wrapper: 'plan.benefits.annualMax', 'patient.insuranceRemaining'. */
  readonly path: string;
  readonly kept: ConflictSide;
  readonly lost: readonly ConflictSide[];
}

export interface MergeStats {
  /** Fields that two or more sources stated. */
  readonly compared: number;
  /** Of those, the fields on which they agreed. */
  readonly agreed: number;
  readonly conflicts: readonly ConflictRecord[];
}

export interface MergeInput {
  readonly results: readonly SourceResult[];
  /** The payer the verification is for: the plan's payer id and name. */
  readonly carrier: { readonly payerId: string; readonly name: string };
  readonly now: Date;
  /** The stored patient and plan, whose user-confirmed values survive. */
  readonly previous?: { readonly plan: PlanV3 | null; readonly patient: PatientV3 };
}

export interface MergeResult {
  readonly plan: PlanV3 | null;
  readonly patient: PatientV3;
  readonly stats: MergeStats;
}

type Candidate = { readonly origin: ValueOrigin; readonly sourceName: string; readonly node: unknown };
type ScoredNode = { value: unknown; score: number; changeHistory?: unknown[] };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isScored(value: unknown): value is ScoredNode {
  return isRecord(value) && 'value' in value && typeof value.score === 'number';
}

function clone<T>(value: T): T {
  return structuredClone(value);
}

/** True when the subtree holds a value a user confirmed. */
function hasUserEdits(node: unknown): boolean {
  if (isScored(node)) return node.score >= SCORE.userConfirmed;
  if (Array.isArray(node)) return node.some(hasUserEdits);
  if (isRecord(node)) return Object.values(node).some(hasUserEdits);
  return false;
}

const HISTORY_STATUS_ORDER: readonly HistoryStatus[] = ['Complete', 'Partial', 'None', 'Unknown'];

const SOURCE_ORDER = SOURCE_PRIORITY.plan;

const PAYER_EXTRAS = ['street1', 'street2', 'city', 'state', 'zipCode', 'phoneNumber', 'masterDBCarrierID'] as const;

/** Fields `Merger.plan` and `Merger.patient` build themselves instead of merging field by field. */
const BUILT_APART = new Set([
  'plan.score',
  'plan.planHash',
  'plan.payer',
  'plan.planNotes',
  'plan.userHashes',
  'plan.lastSubmission',
  'plan.details.initiationDate',
  'patient.history',
  'patient.historyStatus',
  'patient.coverageStatus',
  'patient.planEndDate',
  'patient.note',
  'patient.unmappedHistory',
]);

/** Texts of several sources (and the user's), one line each, without repeats. */
function joinLines(candidates: readonly Candidate[]): string | undefined {
  const lines = candidates.flatMap((candidate) => (typeof candidate.node === 'string' ? candidate.node.split('\n') : []));
  const distinct: string[] = [];
  for (const line of lines.map((text) => text.trim())) {
    if (line !== '' && !distinct.some((known) => sameValue(known, line))) distinct.push(line);
  }
  return distinct.length > 0 ? distinct.join('\n') : undefined;
}

class Merger {
  compared = 0;
  agreed = 0;
  readonly conflicts: ConflictRecord[] = [];

  constructor(private readonly now: Date) {}

  /** The candidates' value at `key`, for those that have one. */
  children(candidates: readonly Candidate[], key: string): Candidate[] {
    return candidates.flatMap((candidate) =>
      isRecord(candidate.node) && candidate.node[key] !== undefined
        ? [{ origin: candidate.origin, sourceName: candidate.sourceName, node: candidate.node[key] }]
        : [],
    );
  }

  object(path: readonly string[], candidates: readonly Candidate[]): Record<string, unknown> {
    const result: Record<string, unknown> = {};
    const keys: string[] = [];
    for (const candidate of candidates) {
      if (!isRecord(candidate.node)) continue;
      for (const key of Object.keys(candidate.node)) if (!keys.includes(key)) keys.push(key);
    }
    // An object only the stored document has was kept for a user's edit in it: all of it stays.
    const userOnly = candidates.every((candidate) => candidate.origin === 'user');
    for (const key of keys) {
      if (BUILT_APART.has([...path, key].join('.'))) continue;
      const children = this.children(candidates, key);
      const fromSources = children.filter((child) => child.origin !== 'user');
      // What only the stored document has survives only when a user put it there.
      if (!userOnly && fromSources.length === 0 && !children.some((child) => hasUserEdits(child.node))) continue;
      const value = this.value([...path, key], children);
      if (value !== undefined) result[key] = value;
    }
    return result;
  }

  value(path: readonly string[], candidates: readonly Candidate[]): unknown {
    const sources = candidates.filter((candidate) => candidate.origin !== 'user');
    const last = path[path.length - 1];
    if (last === 'mappingInfo' || last === 'caveat') return this.list(sources, last === 'caveat');
    if (candidates.some((candidate) => isScored(candidate.node))) return this.scored(path, candidates);
    if (candidates.every((candidate) => isRecord(candidate.node))) return this.object(path, candidates);
    if (candidates.some((candidate) => Array.isArray(candidate.node))) {
      return this.list(sources.length > 0 ? sources : candidates, false);
    }
    // A plain value (category, code, plan metadata ...): the first source's, else the stored one.
    return clone((sources[0] ?? candidates[0])?.node);
  }

  /** Union of lists; caveats keep one entry per text with the best score. */
  list(candidates: readonly Candidate[], caveats: boolean): unknown[] | undefined {
    const items: unknown[] = [];
    for (const candidate of candidates) {
      if (!Array.isArray(candidate.node)) continue;
      for (const item of candidate.node as unknown[]) {
        if (caveats && isRecord(item) && typeof item.value === 'string') {
          const same = items.find((known) => isRecord(known) && sameValue(known.value, item.value)) as
            | { score: number }
            | undefined;
          if (same) same.score = Math.max(same.score, Number(item.score));
          else items.push(clone(item));
        } else if (!items.some((known) => canonicalJson(known) === canonicalJson(item))) {
          items.push(clone(item));
        }
      }
    }
    return items.length > 0 ? items : undefined;
  }

  scored(path: readonly string[], candidates: readonly Candidate[]): ScoredNode {
    const type = priorityTypeOf(path);
    const fields = candidates.flatMap((candidate) =>
      isScored(candidate.node) ? [{ origin: candidate.origin, sourceName: candidate.sourceName, field: candidate.node }] : [],
    );
    const confirmed = fields.find((entry) => entry.origin === 'user' && entry.field.score >= SCORE.userConfirmed);
    if (confirmed) return clone(confirmed.field);
    const stated = fields
      .filter((entry) => entry.origin !== 'user' && entry.field.value !== null)
      .sort((a, b) => compareCandidates({ origin: a.origin, score: a.field.score }, { origin: b.origin, score: b.field.score }, type));
    const winner = stated[0];
    if (winner === undefined) return { value: null, score: SCORE.inferred };
    const kept = Math.min(winner.field.score, SCORE.corroborated);
    const others = stated.slice(1).filter((entry) => entry.field.score >= SCORE.stated);
    if (winner.field.score < SCORE.stated || others.length === 0) return { value: clone(winner.field.value), score: kept };
    const disagreeing = others.filter((entry) => !sameValue(entry.field.value, winner.field.value));
    this.compared += 1;
    if (disagreeing.length === 0) {
      this.agreed += 1;
      return { value: clone(winner.field.value), score: Math.max(kept, SCORE.corroborated) };
    }
    const side = (entry: (typeof stated)[number]): ConflictSide => ({
      origin: entry.origin,
      sourceName: entry.sourceName,
      value: entry.field.value,
      score: entry.field.score,
    });
    this.conflicts.push({ path: path.join('.'), kept: side(winner), lost: disagreeing.map(side) });
    return { value: clone(winner.field.value), score: scoreAfterConflict(type, kept) };
  }

  /** A patient-level fact that is not a scored field (coverage status, plan end date). */
  fact<T>(path: readonly string[], candidates: readonly Candidate[], known: (value: unknown) => value is T): T | undefined {
    const stated = candidates.filter((candidate) => candidate.origin !== 'user' && known(candidate.node));
    const type: PriorityType = priorityTypeOf(path);
    const ordered = [...stated].sort((a, b) =>
      compareCandidates({ origin: a.origin, score: SCORE.stated }, { origin: b.origin, score: SCORE.stated }, type),
    );
    const winner = ordered[0];
    if (winner === undefined) return undefined;
    const others = ordered.slice(1);
    if (others.length > 0) {
      this.compared += 1;
      const disagreeing = others.filter((candidate) => !sameValue(candidate.node, winner.node));
      if (disagreeing.length === 0) {
        this.agreed += 1;
      } else {
        const side = (candidate: Candidate): ConflictSide => ({
          origin: candidate.origin,
          sourceName: candidate.sourceName,
          value: candidate.node,
          score: SCORE.stated,
        });
        this.conflicts.push({ path: path.join('.'), kept: side(winner), lost: disagreeing.map(side) });
      }
    }
    return winner.node as T;
  }

  patient(candidates: readonly Candidate[]): PatientV3 {
    const path = ['patient'];
    const merged = this.object(path, candidates);
    const sources = candidates.filter((candidate) => candidate.origin !== 'user');

    const history = mergeHistory(this.children(sources, 'history'));
    merged.history = history;
    const statuses = this.children(sources, 'historyStatus').map((candidate) => candidate.node as HistoryStatus);
    let historyStatus = HISTORY_STATUS_ORDER.find((status) => statuses.includes(status)) ?? 'Unknown';
    if (history.length > 0 && (historyStatus === 'None' || historyStatus === 'Unknown')) historyStatus = 'Partial';
    merged.historyStatus = historyStatus;

    const isKnownStatus = (value: unknown): value is string => typeof value === 'string' && value !== 'unknown';
    merged.coverageStatus = this.fact([...path, 'coverageStatus'], this.children(sources, 'coverageStatus'), isKnownStatus) ?? 'unknown';
    const isDay = (value: unknown): value is string => typeof value === 'string' && value !== '';
    const planEnds = this.children(sources, 'planEndDate');
    const planEnd = this.fact([...path, 'planEndDate'], planEnds, isDay);
    if (planEnd !== undefined) merged.planEndDate = planEnd;
    else if (planEnds.length > 0) merged.planEndDate = null;

    const note = joinLines(this.children(candidates, 'note'));
    if (note !== undefined) merged.note = note;
    const unmapped = this.list(this.children(sources, 'unmappedHistory'), false);
    if (unmapped !== undefined) merged.unmappedHistory = unmapped;
    return merged as PatientV3;
  }

  plan(candidates: readonly Candidate[], carrier: MergeInput['carrier'], previous: PlanV3 | null): PlanV3 {
    const merged = this.object(['plan'], candidates) as unknown as PlanV3 & Record<string, unknown>;
    const sources = candidates.filter((candidate) => candidate.origin !== 'user');
    merged.score = 0;
    merged.schemaVersion = 3;
    delete merged.planHash;
    merged.details.initiationDate = { value: this.now.toISOString(), score: SCORE.stated };

    const payers = this.children(sources, 'payer').map((candidate) => candidate.node as Record<string, unknown>);
    const payer: PlanV3['payer'] = { id: carrier.payerId, name: carrier.name };
    for (const key of PAYER_EXTRAS) {
      const found = payers.map((entry) => entry[key]).find((value) => typeof value === 'string' && value !== '');
      if (typeof found === 'string') payer[key] = found;
    }
    const kinds = SOURCE_ORDER.filter((kind) => sources.some((candidate) => candidate.origin === kind));
    payer.typeOfVerification = kinds.join('+');
    merged.payer = payer;

    const notes = joinLines(this.children(candidates, 'planNotes'));
    if (notes !== undefined) merged.planNotes = notes;
    if (previous?.userHashes !== undefined) merged.userHashes = [...previous.userHashes];
    if (previous?.lastSubmission !== undefined) merged.lastSubmission = previous.lastSubmission;
    return merged;
  }
}

function mergeHistory(candidates: readonly Candidate[]): HistoryRecordV3[] {
  const records: HistoryRecordV3[] = [];
  for (const candidate of candidates) {
    if (!Array.isArray(candidate.node)) continue;
    for (const record of candidate.node as HistoryRecordV3[]) {
      const same = records.find((known) => known.code === record.code && known.date === record.date);
      if (same === undefined) {
        records.push(clone(record));
        continue;
      }
      // The same visit from two sources: keep the first source's record and add what only the other one knows.
      for (const [key, value] of Object.entries(record) as [keyof HistoryRecordV3, unknown][]) {
        if (same[key] === undefined && value !== undefined) (same as Record<string, unknown>)[key] = clone(value);
      }
    }
  }
  return records.sort((a, b) => compareUsDates(b.date, a.date) || a.code.localeCompare(b.code));
}

/** Where a conflict's mapping info goes, and the path it names there. */
function mappingInfoPlace(path: string): { list: 'details' | 'benefits' | 'entry'; key?: string; path: string } {
  const parts = path.split('.');
  if (parts[0] === 'patient') return { list: 'details', path };
  const [, section, third, fourth, ...rest] = parts;
  if (section === 'benefits' && third === 'adaCodes' && fourth !== undefined) {
    return { list: 'entry', key: fourth, path: rest.join('.') };
  }
  if (section === 'benefits') return { list: 'benefits', path: parts.slice(2).join('.') };
  if (section === 'details') return { list: 'details', path: parts.slice(2).join('.') };
  return { list: 'details', path: parts.slice(1).join('.') };
}

function describeSide(side: ConflictSide): string {
  return `${side.origin} (${side.sourceName})`;
}

export function conflictDetail(conflict: ConflictRecord, lost: ConflictSide): string {
  return `${describeSide(lost)} stated ${describeValue(lost.value)} (score ${lost.score}); kept ${describeSide(conflict.kept)}: ${describeValue(conflict.kept.value)}`;
}

function recordConflicts(plan: PlanV3, conflicts: readonly ConflictRecord[]): void {
  for (const conflict of conflicts) {
    const place = mappingInfoPlace(conflict.path);
    for (const lost of conflict.lost) {
      const info: MappingInfoV3 = { message: 'CONFLICTS', path: place.path, detail: conflictDetail(conflict, lost) };
      if (place.list === 'entry') {
        const entry = place.key === undefined ? undefined : plan.benefits.adaCodes[place.key];
        if (entry !== undefined) (entry.mappingInfo ??= []).push(info);
      } else if (place.list === 'benefits') {
        (plan.benefits.mappingInfo ??= []).push(info);
      } else {
        (plan.details.mappingInfo ??= []).push(info);
      }
    }
  }
}

function candidatesOf<K extends 'plan' | 'patient'>(input: MergeInput, key: K): Candidate[] {
  const ordered = [...input.results].sort((a, b) => SOURCE_ORDER.indexOf(a.source) - SOURCE_ORDER.indexOf(b.source));
  const candidates: Candidate[] = ordered.flatMap((result) =>
    result[key] === null ? [] : [{ origin: result.source, sourceName: result.sourceName, node: result[key] }],
  );
  const previous = input.previous?.[key];
  if (previous !== undefined && previous !== null) candidates.push({ origin: 'user', sourceName: 'user', node: previous });
  return candidates;
}

/** The empty patient of a verification no source has answered yet. */
export function emptyPatient(): PatientV3 {
  return { history: [], historyStatus: 'Unknown', coverageStatus: 'unknown' };
}

export function mergeSources(input: MergeInput): MergeResult {
  const merger = new Merger(input.now);
  const patientCandidates = candidatesOf(input, 'patient');
  const patient = patientCandidates.some((candidate) => candidate.origin !== 'user')
    ? merger.patient(patientCandidates)
    : clone(input.previous?.patient ?? emptyPatient());

  const planCandidates = candidatesOf(input, 'plan');
  const hasSourcePlan = planCandidates.some((candidate) => candidate.origin !== 'user');
  const plan = hasSourcePlan ? merger.plan(planCandidates, input.carrier, input.previous?.plan ?? null) : null;
  if (plan !== null) recordConflicts(plan, merger.conflicts);

  const stats: MergeStats = { compared: merger.compared, agreed: merger.agreed, conflicts: merger.conflicts };
  const planCheck = plan === null ? { ok: true as const } : validatePlan(plan, 3);
  const patientCheck = PatientV3.safeParse(patient);
  if (!planCheck.ok || !patientCheck.success) {
    // The sources' documents were valid, so an invalid merge is a bug here: never hand out half a plan.
    const problems = [
      ...(planCheck.ok ? [] : planCheck.errors.map((error) => `plan.${error.path}: ${error.message}`)),
      ...(patientCheck.success ? [] : patientCheck.error.issues.map((issue) => `patient.${issue.path.join('.')}: ${issue.message}`)),
    ];
    throw new Error(`The merge built an invalid document: ${problems.join('; ')}`);
  }
  return { plan, patient, stats };
}
