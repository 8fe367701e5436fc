/**
 * Schema version 1 <-> 2 (SPEC section 4, DOCUMENTS.md "Migrations"): epoch dates become ISO strings, patient
 * dates MM/DD/YYYY; `timestamp` -> `updatedAt`; `coinsurance` -> `benefitLevel`; `lastSubmition` ->
 * `lastSubmission`; `Age` split into min and max scored values. 2 -> 1 undoes all of it.
 */
import {
  type DocObject,
  eachItem,
  isDocObject,
  mapAdaCodes,
  mapKey,
  mapKeys,
  mapValues,
  renameKey,
  requirePlan,
  whenObject,
} from './document-shape';
import { epochToIso, epochToPatientDate, isoToEpoch, patientDateToEpoch } from './dates';
import {
  EXCEPTION_GROUPS,
  type ScoredFieldHooks,
  type ScoredKind,
  convertPatientScoredFields,
  convertPlanScoredFields,
  convertScored,
} from './scored-field';

type ValueConversion = ((value: unknown) => unknown) | undefined;

const PATIENT_INFO_DATES = ['patientDOB', 'subscriberDOB'];

/** Both spellings of the benefit level, in an entry and in each of its exceptions. */
function renameBenefitLevel(entry: DocObject, from: string, to: string): DocObject {
  const out = renameKey(entry, from, to);
  return mapKey(out, 'exceptions', (exceptions) =>
    whenObject(exceptions, (groups) => mapKeys(groups, EXCEPTION_GROUPS, (group) => whenObject(group, (e) => renameKey(e, from, to)))),
  );
}

function convertTicketDates(ticket: DocObject, timestamp: (v: unknown) => unknown, patientDate: (v: unknown) => unknown): DocObject {
  let out = mapKey(ticket, 'resolvedDate', timestamp);
  out = mapKey(out, 'alertNotes', (notes) => eachItem(notes, (n) => whenObject(n, (note) => mapKey(note, 'creationDate', timestamp))));
  return mapKey(out, 'integrationPatientInfo', (info) => whenObject(info, (i) => mapKeys(i, PATIENT_INFO_DATES, patientDate)));
}

function convertHistoryDates(patient: DocObject, patientDate: (v: unknown) => unknown): DocObject {
  return mapKey(patient, 'history', (history) => eachItem(history, (r) => whenObject(r, (record) => mapKey(record, 'date', patientDate))));
}

// ---------- 1 -> 2 ----------

const V1_TO_V2_VALUES: Record<ScoredKind, ValueConversion> = {
  plain: undefined,
  waitingPeriod: undefined,
  timestamp: epochToIso,
  patientDate: epochToPatientDate,
};

function scoredV1toV2(field: unknown, kind: ScoredKind): unknown {
  return convertScored(field, {
    value: V1_TO_V2_VALUES[kind],
    historyEntry: (entry) => renameKey(entry, 'timestamp', 'updatedAt', epochToIso),
  });
}

/** One half of a version 1 `Age`: its value and the value of each change-history entry reduced to `min` or `max`. */
function ageHalf(age: DocObject, half: 'min' | 'max'): DocObject {
  const pick = (value: unknown): unknown => (isDocObject(value) ? (value[half] ?? null) : null);
  const out = mapKey(age, 'value', pick);
  return mapKey(out, 'changeHistory', (history) => eachItem(history, (item) => whenObject(item, (entry) => mapKey(entry, 'value', pick))));
}

/** `Scored<{ min, max }>` -> `{ min: Scored<number>, max: Scored<number> }`; each half keeps the score. */
function splitAge(age: unknown): unknown {
  return whenObject(age, (scored) => ({
    min: scoredV1toV2(ageHalf(scored, 'min'), 'plain'),
    max: scoredV1toV2(ageHalf(scored, 'max'), 'plain'),
  }));
}

const HOOKS_V1_TO_V2: ScoredFieldHooks = { scored: scoredV1toV2, age: splitAge };

export function planV1toV2(plan: unknown): unknown {
  if (plan === null) return null;
  let out = convertPlanScoredFields(requirePlan(plan), HOOKS_V1_TO_V2);
  out = renameKey(out, 'lastSubmition', 'lastSubmission', epochToIso);
  out = mapAdaCodes(out, (codes) =>
    mapValues(codes, (e) => whenObject(e, (entry) => renameBenefitLevel(entry, 'coinsurance', 'benefitLevel'))),
  );
  return { ...out, schemaVersion: 2 };
}

function patientV1toV2(patient: unknown): unknown {
  return whenObject(patient, (p) => convertHistoryDates(convertPatientScoredFields(p, HOOKS_V1_TO_V2), epochToPatientDate));
}

function ticketV1toV2(ticket: unknown): unknown {
  return whenObject(ticket, (t) => {
    const out = convertTicketDates(t, epochToIso, epochToPatientDate);
    return { ...mapKey(out, 'draft', (draft) => eachItem(draft, planV1toV2)), schemaVersion: 2 };
  });
}

export function wrapperV1toV2(wrapper: DocObject): DocObject {
  let out = mapKey(wrapper, 'patient', patientV1toV2);
  out = mapKey(out, 'plan', planV1toV2);
  out = mapKey(out, 'ticket', ticketV1toV2);
  return { ...out, schemaVersion: 2 };
}

// ---------- 2 -> 1 ----------

const V2_TO_V1_VALUES: Record<ScoredKind, ValueConversion> = {
  plain: undefined,
  waitingPeriod: undefined,
  timestamp: isoToEpoch,
  patientDate: patientDateToEpoch,
};

function scoredV2toV1(field: unknown, kind: ScoredKind): unknown {
  return convertScored(field, {
    value: V2_TO_V1_VALUES[kind],
    historyEntry: (entry) => renameKey(entry, 'updatedAt', 'timestamp', isoToEpoch),
  });
}

const isAbsent = (value: unknown): boolean => value === null || value === undefined;

/** Version 1 holds an age range only whole: when either half is unknown, the range is unknown (null). */
function ageRange(min: unknown, max: unknown): unknown {
  return isAbsent(min) || isAbsent(max) ? null : { min, max };
}

/** The two halves may have been scored apart in version 2; version 1 keeps the lower (more cautious) score. */
function lowerScore(a: unknown, b: unknown): unknown {
  if (typeof a === 'number' && typeof b === 'number') return Math.min(a, b);
  return typeof a === 'number' ? a : b;
}

const historyOf = (scored: DocObject): DocObject[] | undefined =>
  Array.isArray(scored.changeHistory) ? scored.changeHistory.filter(isDocObject) : undefined;

const sameChange = (a: DocObject | undefined, b: DocObject | undefined): boolean =>
  a !== undefined && b !== undefined && a.userHash === b.userHash && a.timestamp === b.timestamp;

const timeOf = (entry: DocObject): number => (typeof entry.timestamp === 'number' ? entry.timestamp : Number.POSITIVE_INFINITY);

/**
 * The change histories of the two halves as one history of ranges. Histories written by a version 1 split
 * line up entry by entry and are zipped back. Otherwise the changes are merged in time order, changes by the
 * same user at the same moment are paired, and each entry records the range as it stood after that change
 * (a half not yet changed counts with its earliest known value).
 */
function mergeAgeHistories(min: DocObject, max: DocObject): DocObject[] | undefined {
  const minHistory = historyOf(min);
  const maxHistory = historyOf(max);
  if (minHistory === undefined && maxHistory === undefined) return undefined;
  const mins = minHistory ?? [];
  const maxs = maxHistory ?? [];
  if (mins.length === maxs.length && mins.every((entry, i) => sameChange(entry, maxs[i]))) {
    return mins.map((entry, i) => ({ ...entry, value: ageRange(entry.value, maxs[i]?.value) }));
  }
  const changes = [
    ...mins.map((entry, order) => ({ half: 'min' as const, entry, order })),
    ...maxs.map((entry, order) => ({ half: 'max' as const, entry, order: mins.length + order })),
  ].sort((a, b) => timeOf(a.entry) - timeOf(b.entry) || a.order - b.order);
  const current = { min: mins[0] ? mins[0].value : min.value, max: maxs[0] ? maxs[0].value : max.value };
  const merged: DocObject[] = [];
  for (let i = 0; i < changes.length; i += 1) {
    const change = changes[i];
    if (change === undefined) continue;
    current[change.half] = change.entry.value;
    const next = changes[i + 1];
    if (next !== undefined && next.half !== change.half && sameChange(change.entry, next.entry)) {
      current[next.half] = next.entry.value;
      i += 1;
    }
    merged.push({ ...change.entry, value: ageRange(current.min, current.max) });
  }
  return merged;
}

/** `{ min: Scored<number>, max: Scored<number> }` -> `Scored<{ min, max }>`. */
function mergeAge(age: unknown): unknown {
  return whenObject(age, (pair) => {
    const asScored = (half: unknown): DocObject => {
      const converted = scoredV2toV1(half, 'plain');
      return isDocObject(converted) ? converted : {};
    };
    const min = asScored(pair.min);
    const max = asScored(pair.max);
    const merged: DocObject = { value: ageRange(min.value, max.value) };
    const score = lowerScore(min.score, max.score);
    if (score !== undefined) merged.score = score;
    const history = mergeAgeHistories(min, max);
    if (history !== undefined) merged.changeHistory = history;
    return merged;
  });
}

const HOOKS_V2_TO_V1: ScoredFieldHooks = { scored: scoredV2toV1, age: mergeAge };

export function planV2toV1(plan: unknown): unknown {
  if (plan === null) return null;
  let out = convertPlanScoredFields(requirePlan(plan), HOOKS_V2_TO_V1);
  out = renameKey(out, 'lastSubmission', 'lastSubmition', isoToEpoch);
  out = mapAdaCodes(out, (codes) =>
    mapValues(codes, (e) => whenObject(e, (entry) => renameBenefitLevel(entry, 'benefitLevel', 'coinsurance'))),
  );
  return { ...out, schemaVersion: 1 };
}

function patientV2toV1(patient: unknown): unknown {
  return whenObject(patient, (p) => convertHistoryDates(convertPatientScoredFields(p, HOOKS_V2_TO_V1), patientDateToEpoch));
}

function ticketV2toV1(ticket: unknown): unknown {
  return whenObject(ticket, (t) => {
    const out = convertTicketDates(t, isoToEpoch, patientDateToEpoch);
    return { ...mapKey(out, 'draft', (draft) => eachItem(draft, planV2toV1)), schemaVersion: 1 };
  });
}

export function wrapperV2toV1(wrapper: DocObject): DocObject {
  let out = mapKey(wrapper, 'patient', patientV2toV1);
  out = mapKey(out, 'plan', planV2toV1);
  out = mapKey(out, 'ticket', ticketV2toV1);
  return { ...out, schemaVersion: 1 };
}
