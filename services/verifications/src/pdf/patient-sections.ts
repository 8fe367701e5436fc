/**
 * The patient's sections, in the Breakdown only: coverage, patient and subscriber, procedure history. They carry
 * patient data, so the Plan never has them.
 */
import {
  codeLabel,
  compareUsDates,
  stripCodePrefix,
  type HistoryRecordV3,
  type PatientInfoV3,
  type PatientV3,
  type UnmappedHistoryRecordV3,
} from '@dv/contracts';
import { type FieldsSection, type PdfField, type ScoredText, type TableRow, type TableSection } from './pdf-model';
import { asIs, NOT_STATED, plain, scored, words } from './pdf-values';

function field(label: string, value: ScoredText): PdfField {
  return { label, value: [value] };
}

export function coverageSection(patient: PatientV3): FieldsSection {
  return {
    kind: 'fields',
    title: 'Coverage',
    fields: [
      field('Coverage status', plain(words(patient.coverageStatus))),
      field('Effective date', scored(patient.effectiveDate, asIs)),
      field('Plan end date', plain(patient.planEndDate)),
      field('Out-of-network fee schedule', plain(patient.feeSchedule)),
    ],
  };
}

function fullName(first: string | undefined, last: string | undefined): string | undefined {
  const name = [first, last].filter((part) => part !== undefined && part.trim() !== '').join(' ');
  return name === '' ? undefined : name;
}

export function patientSection(info: PatientInfoV3): FieldsSection {
  return {
    kind: 'fields',
    title: 'Patient and subscriber',
    fields: [
      field('Patient', plain(fullName(info.patientFirstName, info.patientLastName))),
      field('Date of birth', plain(info.patientDOB)),
      field('Member ID', plain(info.patientMemberId)),
      field('Relation to subscriber', plain(words(info.patientRelationToSubscriber))),
      field('Subscriber', plain(fullName(info.subscriberFirstName, info.subscriberLastName))),
      field('Subscriber date of birth', plain(info.subscriberDOB)),
      field('Subscriber member ID', plain(info.subscriberMemberId)),
    ],
  };
}

/** Teeth, surfaces, quadrants, arch and region of a history line: '#30 (O)', 'UR, LR posterior'. */
function whereOf(record: HistoryRecordV3): string {
  const teeth = (record.tooth ?? []).map((tooth) => {
    const surfaces = record.surfaces?.[tooth];
    return surfaces === undefined ? `#${tooth}` : `#${tooth} (${surfaces})`;
  });
  const arch = record.arch === undefined ? [] : [record.arch === 'U' ? 'Upper arch' : 'Lower arch'];
  const region = record.teethRange === undefined ? [] : [words(record.teethRange)];
  const parts = [...teeth, ...(record.quadrants ?? []), ...arch, ...region];
  return parts.length === 0 ? NOT_STATED : parts.join(', ');
}

function historyRow(record: HistoryRecordV3): TableRow {
  return {
    cells: [
      [{ text: record.date }],
      [{ text: stripCodePrefix(record.code) }],
      [{ text: codeLabel(record.code) ?? '' }],
      [{ text: whereOf(record) }],
      [plain(record.notes)],
    ],
  };
}

function unmappedRow(record: UnmappedHistoryRecordV3): TableRow {
  return {
    cells: [
      [{ text: record.isWrongDate ? `${record.date} (unreadable)` : record.date }],
      [{ text: record.code }],
      [{ text: `Not mapped to a code (${record.originalBenefitKey})` }],
      [{ text: NOT_STATED }],
      [{ text: NOT_STATED }],
    ],
  };
}

/** The history, most recent first, then the lines the mapping could not place. */
export function historySection(patient: Pick<PatientV3, 'history' | 'historyStatus' | 'unmappedHistory'>): TableSection {
  // Most recent first; a date that names no day last.
  const mapped = [...patient.history].sort((a, b) => compareUsDates(b.date, a.date));
  return {
    kind: 'table',
    title: `Procedure history (${patient.historyStatus.toLowerCase()})`,
    columns: [
      { header: 'Date', weight: 1 },
      { header: 'Code', weight: 0.8 },
      { header: 'Description', weight: 3 },
      { header: 'Teeth and area', weight: 1.7 },
      { header: 'Notes', weight: 2 },
    ],
    rows: [...mapped.map(historyRow), ...(patient.unmappedHistory ?? []).map(unmappedRow)],
    empty: 'No procedure history was found.',
  };
}
