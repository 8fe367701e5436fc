/**
 * What a verification PDF holds, by type (SPEC verification PDF types):
 * - Breakdown: the patient's benefit breakdown: coverage, patient and subscriber, the plan, the patient's
 *   remaining amounts, the benefit tables, history, caveats and alert notes;
 * - Plan: the plan alone, shareable without patient data: no names, dates of birth, member ids, coverage,
 *   remaining amounts, history, patient note or alert notes.
 */
import { type PatientV3, type PlanV3, PRODUCT_NAME, type VerificationDetail } from '@dv/contracts';
import { categoryTable, procedureTable } from './benefit-tables';
import { callEvidenceSections } from './evidence-section';
import { alertNotesSection, caveatsSection } from './notes-sections';
import { coverageSection, historySection, patientSection } from './patient-sections';
import { type PdfDocumentModel, type PdfHeading, type PdfSection, type VerificationPdfType } from './pdf-model';
import { usDay } from './pdf-values';
import { maximumsSection, orthodonticsSection, payerAndPlanSection, provisionsSection } from './plan-sections';

export const PDF_TITLES: Readonly<Record<VerificationPdfType, string>> = {
  Breakdown: 'Benefit breakdown',
  Plan: 'Plan summary',
};

export const SCORE_LEGEND =
  'A small [n] after a value is how sure it is: [1] inferred or disputed, [2] stated by one source, ' +
  '[3] confirmed by two sources, [4] confirmed by a person. A dash means the sources did not state the value.';

const NO_PLAN = 'The sources have not returned a plan for this verification yet.';

/** The day the verification was verified: its sources' answer, else its submission, else its last change. */
export function dateVerified(detail: Pick<VerificationDetail, 'readyAt' | 'submittedAt' | 'updatedAt'>): string {
  return usDay(detail.readyAt ?? detail.submittedAt ?? detail.updatedAt);
}

function headingOf(detail: VerificationDetail, type: VerificationPdfType): PdfHeading {
  const client = detail.ticket.integrationClientInfo;
  const name = client?.name?.trim();
  const details = [client?.address, client?.phone].filter((part) => part !== undefined && part.trim() !== '');
  return {
    title: PDF_TITLES[type],
    office: name === undefined || name === '' ? `Dental office ${detail.officeId}` : name,
    officeDetails: details.length === 0 ? undefined : details.join(' · '),
    dateVerified: dateVerified(detail),
    planScore: detail.plan === null ? 'Not scored' : `${detail.plan.score}/10`,
    footer: `${PRODUCT_NAME} · ${PDF_TITLES[type]} · Verification ${detail.id}`,
  };
}

/**
 * The plan's own sections, shared with the plan library's PDF (plan-library-pdf.ts); with a patient (Breakdown),
 * what remains of the maximums for them.
 */
export function planBodySections(plan: PlanV3, patient: PatientV3 | undefined): PdfSection[] {
  return [
    payerAndPlanSection(plan),
    maximumsSection(plan, patient),
    categoryTable(plan.benefits.adaCodes),
    procedureTable(plan.benefits.adaCodes),
    orthodonticsSection(plan),
    provisionsSection(plan),
  ];
}

function planSections(detail: VerificationDetail, withPatient: boolean): PdfSection[] {
  const { plan } = detail;
  if (plan === null) return [{ kind: 'notes', title: 'Plan', notes: [], empty: NO_PLAN }];
  return planBodySections(plan, withPatient ? detail.patient : undefined);
}

export function verificationPdfModel(detail: VerificationDetail, type: VerificationPdfType): PdfDocumentModel {
  const heading = headingOf(detail, type);
  switch (type) {
    case 'Breakdown':
      return {
        heading,
        legend: SCORE_LEGEND,
        sections: [
          coverageSection(detail.patient),
          patientSection(detail.ticket.integrationPatientInfo),
          ...planSections(detail, true),
          historySection(detail.patient),
          caveatsSection(detail, true),
          alertNotesSection(detail.ticket),
          ...callEvidenceSections(detail),
        ],
      };
    case 'Plan':
      return { heading, legend: SCORE_LEGEND, sections: [...planSections(detail, false), caveatsSection(detail, false)] };
  }
}
