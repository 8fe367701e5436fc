/**
 * The Re-verification PDF (SPEC verification PDF types): the office's proof of what the carrier said at each check.
 * The patient, the eligibility the latest answered check found, what changed since the check before it, every check
 * with its main figures, the plan the verification found (kept, never re-checked) and the latest history.
 */
import {
  dollarAmount,
  PRODUCT_NAME,
  type ClientInfoV3,
  type EligibilityEntryV3,
  type PatientInfoV3,
  type ReverificationCheck,
  type ReverificationDetail,
} from '@dv/contracts';
import { type Paper } from './pdf-layout';
import { type FieldsSection, type NotesSection, type PdfDocumentModel, type TableSection } from './pdf-model';
import { historySection, patientSection } from './patient-sections';
import { asIs, NOT_STATED, plain, scored, usDay, words, yesNo } from './pdf-values';
import { renderPdf } from './render-verification-pdf';
import { SCORE_LEGEND } from './verification-pdf-model';

export const REVERIFICATION_PDF_TITLE = 'Re-verification';
const NO_ANSWER = 'No source answered this re-verification yet.';

/** What the PDF needs beside the re-verification: the verification's patient and office. */
export interface ReverificationPrintout {
  readonly detail: ReverificationDetail;
  readonly patientInfo: PatientInfoV3;
  readonly clientInfo: ClientInfoV3 | undefined;
}

const field = (label: string, value: ReturnType<typeof plain>) => ({ label, value: [value] });

function eligibilitySection(entry: EligibilityEntryV3 | undefined): FieldsSection {
  return {
    kind: 'fields',
    title: 'Eligibility at the latest check',
    fields: [
      field('Coverage status', plain(entry?.coverageStatus === undefined ? undefined : words(entry.coverageStatus))),
      field('Active', plain(entry?.isActive === undefined ? undefined : yesNo(entry.isActive))),
      field('Effective date', scored(entry?.effectiveDate, asIs)),
      field('Plan end date', plain(entry?.planEndDate)),
      field('Participation', scored(entry?.participationLevel, asIs)),
      field('Remaining maximum', scored(entry?.insuranceRemaining, dollarAmount)),
      field('Remaining deductible', scored(entry?.deductibleRemaining, dollarAmount)),
      field('Out-of-network fee schedule', plain(entry?.feeSchedule)),
    ],
  };
}

function changesSection(check: ReverificationCheck | undefined): NotesSection {
  return {
    kind: 'notes',
    title: check === undefined ? 'Changes' : `Changes since the previous check (checked ${usDay(check.startedAt)})`,
    notes: (check?.changes ?? []).map((change) => [{ text: change.text }]),
    empty: check === undefined ? NO_ANSWER : 'Nothing changed since the previous check.',
  };
}

const CHECK_KINDS: Readonly<Record<ReverificationCheck['kind'], string>> = { verification: 'Verification', reverification: 'Re-check' };
const CHECK_STATUSES: Readonly<Record<ReverificationCheck['status'], string>> = { checking: 'Checking', waiting: 'Waiting for the office', done: 'Done' };

function checksSection(detail: ReverificationDetail): TableSection {
  const cell = (text: string | undefined | null) => [{ text: text ?? NOT_STATED }];
  return {
    kind: 'table',
    title: 'Checks',
    columns: [
      { header: 'Checked', weight: 1 },
      { header: 'Kind', weight: 1 },
      { header: 'By', weight: 1.6 },
      { header: 'Status', weight: 1.2 },
      { header: 'Coverage', weight: 1 },
      { header: 'Remaining maximum', weight: 1.2 },
      { header: 'Remaining deductible', weight: 1.2 },
    ],
    rows: detail.checks.map((check) => {
      const entry = check.eligibilityIndex === null ? undefined : detail.document.eligibility[check.eligibilityIndex];
      return {
        cells: [
          cell(usDay(check.startedAt)),
          cell(CHECK_KINDS[check.kind]),
          cell(check.startedBy),
          cell(check.eligibilityIndex === null && check.status === 'done' ? 'No answer' : CHECK_STATUSES[check.status]),
          cell(entry?.coverageStatus === undefined ? undefined : words(entry.coverageStatus)),
          [scored(entry?.insuranceRemaining, dollarAmount)],
          [scored(entry?.deductibleRemaining, dollarAmount)],
        ],
      };
    }),
    empty: NO_ANSWER,
  };
}

function planSection(detail: ReverificationDetail): FieldsSection {
  const { plan } = detail;
  return {
    kind: 'fields',
    title: 'Plan (kept from the verification)',
    fields: [
      field('Carrier', plain(`${detail.carrier.name} (${detail.carrier.payerId})`)),
      field('Group number', plain(plan?.groupNumber)),
      field('Group name', plain(plan?.groupName)),
      field('Employer', plain(plan?.employer)),
    ],
  };
}

export function reverificationPdfModel({ detail, patientInfo, clientInfo }: ReverificationPrintout): PdfDocumentModel {
  const answered = detail.checks.findLast((check) => check.kind === 'reverification' && check.eligibilityIndex !== null);
  const latest = detail.checks.at(-1)!;
  const name = clientInfo?.name?.trim();
  const details = [clientInfo?.address, clientInfo?.phone].filter((part) => part !== undefined && part.trim() !== '');
  return {
    heading: {
      title: REVERIFICATION_PDF_TITLE,
      office: name === undefined || name === '' ? `Dental office ${detail.officeId}` : name,
      officeDetails: details.length === 0 ? undefined : details.join(' · '),
      dateVerified: usDay(latest.finishedAt ?? latest.startedAt),
      planScore: detail.plan?.score === null || detail.plan === null ? 'Not scored' : `${detail.plan.score}/10`,
      footer: `${PRODUCT_NAME} · ${REVERIFICATION_PDF_TITLE} · Verification ${detail.verificationId}`,
    },
    legend: SCORE_LEGEND,
    sections: [
      patientSection(patientInfo),
      eligibilitySection(detail.document.eligibility.at(-1)),
      changesSection(answered),
      checksSection(detail),
      planSection(detail),
      historySection(detail.document),
    ],
  };
}

export function renderReverificationPdf(printout: ReverificationPrintout, paper: Paper): Promise<Buffer> {
  return renderPdf(reverificationPdfModel(printout), paper);
}
