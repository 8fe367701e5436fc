/**
 * The eligibility part of a verification, and what changed between two checks of it. Pure: no I/O, no clock.
 *
 * A check's eligibility entry (SPEC section 3) is the patient's remaining amounts, effective date, coverage status,
 * plan end date, fee schedule and note, whether the coverage is active, and the plan's participation level; its
 * history is kept beside the entry. Scored values keep their value and score (the change history of the
 * verification's edits stays on the verification).
 */
import {
  compareUsDates,
  ELIGIBILITY_CHANGE_LABELS,
  formatPrice,
  stripCodePrefix,
  type EligibilityChange,
  type EligibilityChangeField,
  type EligibilityEntryV3,
  type HistoryRecordV3,
  type PatientV3,
  type PlanV3,
} from '@dv/contracts';
import { type CheckHistory } from './reverification.store';

/** What one check found: its eligibility entry and the history beside it. */
export interface CheckFinding {
  readonly entry: EligibilityEntryV3;
  readonly found: CheckHistory;
}

/** How many new history records a change names one by one before it says "and N more". */
const HISTORY_NAMED_MAX = 5;

function scored<T>(field: { value: T; score: number } | undefined): { value: T; score: number } | undefined {
  return field === undefined ? undefined : { value: field.value, score: field.score };
}

function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
}

/** The eligibility entry and history of a patient as a check (or the verification itself) found them. */
export function findingOf(patient: PatientV3, plan: PlanV3 | null): CheckFinding {
  const participation = scored(plan?.details.participation) ?? { value: null, score: 1 };
  const entry: EligibilityEntryV3 = defined({
    deductibleRemaining: scored(patient.deductibleRemaining),
    insuranceRemaining: scored(patient.insuranceRemaining),
    effectiveDate: scored(patient.effectiveDate),
    feeSchedule: patient.feeSchedule,
    note: patient.note,
    coverageStatus: patient.coverageStatus,
    planEndDate: patient.planEndDate,
    isActive: patient.coverageStatus === 'active',
    participationLevel: participation,
  });
  const found: CheckHistory = defined({
    history: structuredClone(patient.history),
    historyStatus: patient.historyStatus,
    unmappedHistory: patient.unmappedHistory === undefined ? undefined : structuredClone(patient.unmappedHistory),
  });
  return { entry, found };
}

const money = (amount: number | null | undefined): string | null => (amount === null || amount === undefined ? null : `$${formatPrice(amount)}`);
const text = (value: string | null | undefined): string | null => (value === null || value === undefined || value === '' ? null : value);

/** Each compared field's value as the office reads it. */
const SHOWN: Readonly<Record<Exclude<EligibilityChangeField, 'history'>, (finding: CheckFinding) => string | null>> = {
  coverageStatus: ({ entry }) => text(entry.coverageStatus),
  effectiveDate: ({ entry }) => text(entry.effectiveDate?.value),
  planEndDate: ({ entry }) => text(entry.planEndDate),
  insuranceRemaining: ({ entry }) => money(entry.insuranceRemaining?.value),
  deductibleRemaining: ({ entry }) => money(entry.deductibleRemaining?.value),
  participationLevel: ({ entry }) => text(entry.participationLevel.value),
  historyStatus: ({ found }) => text(found.historyStatus),
};

function sentence(field: EligibilityChangeField, from: string | null, to: string | null): string {
  return `${ELIGIBILITY_CHANGE_LABELS[field]} went from ${from ?? 'not stated'} to ${to ?? 'not stated'}`;
}

const recordKey = (record: HistoryRecordV3): string => `${stripCodePrefix(record.code)} ${record.date}`;

function recordList(records: readonly HistoryRecordV3[]): string {
  const named = records.slice(0, HISTORY_NAMED_MAX).map((record) => `${stripCodePrefix(record.code)} on ${record.date}`);
  const more = records.length - named.length;
  return more > 0 ? `${named.join(', ')} and ${more} more` : named.join(', ');
}

/** Every record, oldest first: what the history change says the history was and is; null when empty. */
function allRecords(records: readonly HistoryRecordV3[]): string | null {
  if (records.length === 0) return null;
  return [...records]
    .sort((a, b) => compareUsDates(a.date, b.date) || recordKey(a).localeCompare(recordKey(b)))
    .map((record) => `${stripCodePrefix(record.code)} on ${record.date}`)
    .join(', ');
}

/** New history records (and records no longer reported), by code and date. */
function historyChange(before: CheckHistory, after: CheckHistory): EligibilityChange | undefined {
  const known = new Set(before.history.map(recordKey));
  const now = new Set(after.history.map(recordKey));
  const added = after.history.filter((record) => !known.has(recordKey(record)));
  const gone = before.history.filter((record) => !now.has(recordKey(record)));
  if (added.length === 0 && gone.length === 0) return undefined;
  const parts = [
    ...(added.length === 0 ? [] : [`${added.length} new history record${added.length === 1 ? '' : 's'}: ${recordList(added)}`]),
    ...(gone.length === 0 ? [] : [`${gone.length} record${gone.length === 1 ? '' : 's'} no longer reported: ${recordList(gone)}`]),
  ];
  return { field: 'history', from: allRecords(before.history), to: allRecords(after.history), text: parts.join('; ') };
}

/** What changed from one check to the next, in ELIGIBILITY_CHANGE_FIELDS order; empty when nothing did. */
export function eligibilityChanges(before: CheckFinding, after: CheckFinding): EligibilityChange[] {
  const changes: EligibilityChange[] = [];
  for (const [field, shown] of Object.entries(SHOWN) as [Exclude<EligibilityChangeField, 'history'>, (finding: CheckFinding) => string | null][]) {
    const from = shown(before);
    const to = shown(after);
    if (from !== to) changes.push({ field, from, to, text: sentence(field, from, to) });
  }
  const history = historyChange(before.found, after.found);
  return history === undefined ? changes : [...changes, history];
}
