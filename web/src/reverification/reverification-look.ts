/**
 * How the /reverification pages name things: the words and colours of a check's status and of a
 * coverage status, and the values of an eligibility entry as the office reads them. Pure: the pages and their
 * tests share it.
 */
import {
  type CoverageStatus,
  dollarAmount,
  type EligibilityEntryV3,
  type ReverificationCheck,
  type ReverificationCheckStatus,
  type ReverificationDetail,
  type ReverificationListItem,
} from '@dv/contracts';
import { type PillTone } from '../ui/pill';
import { displayDate, NOT_STATED } from '../verification/ticket/breakdown-format';

export const STATUS_LOOKS: Readonly<Record<ReverificationCheckStatus, { tone: PillTone; text: string }>> = {
  checking: { tone: 'processing', text: 'Checking' },
  waiting: { tone: 'warning', text: 'Waiting for the office' },
  done: { tone: 'success', text: 'Done' },
};

export const COVERAGE_LOOKS: Readonly<Record<CoverageStatus, { tone: PillTone; text: string }>> = {
  active: { tone: 'green', text: 'Active' },
  inactive: { tone: 'red', text: 'Inactive' },
  terminated: { tone: 'red', text: 'Terminated' },
  unknown: { tone: 'default', text: 'Unknown' },
};

export const KIND_LABELS: Readonly<Record<ReverificationCheck['kind'], string>> = {
  verification: 'Verification',
  reverification: 'Re-check',
};

type Patient = ReverificationListItem['patient'];
export const patientName = (patient: Patient) => `${patient.firstName} ${patient.lastName}`;
/** As lists sort it: 'Fischer, Ruth'. */
export const listName = (patient: Patient) => `${patient.lastName}, ${patient.firstName}`;

/** '10/14/2026 09:05 AM' in the browser's zone: checks of one day differ by their time. */
export function dateTime(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return `${displayDate(iso)} ${at.toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit' })}`;
}

export const money = (value: number | null | undefined) => (typeof value === 'number' ? dollarAmount(value) : NOT_STATED);

/** The eligibility entry a check found, or undefined when no source answered it (yet). */
export function entryOf(detail: Pick<ReverificationDetail, 'document'>, check: ReverificationCheck): EligibilityEntryV3 | undefined {
  return check.eligibilityIndex === null ? undefined : detail.document.eligibility[check.eligibilityIndex];
}

/** The latest check a source answered, with what it found: what the patient's eligibility is now. */
export function currentEligibility(detail: Pick<ReverificationDetail, 'document' | 'checks'>): { check: ReverificationCheck; entry: EligibilityEntryV3 } | null {
  for (const check of [...detail.checks].reverse()) {
    const entry = entryOf(detail, check);
    if (entry !== undefined) return { check, entry };
  }
  return null;
}

/** The latest check: the one whose status the re-verification has. */
export const latestCheck = (detail: Pick<ReverificationDetail, 'checks'>): ReverificationCheck | undefined => detail.checks.at(-1);
