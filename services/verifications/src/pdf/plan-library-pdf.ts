/**
 * A plan of the organization's library as a PDF (GET /api/plans/{id}/pdf): the same sections as a verification's
 * Plan PDF, from the library's copy of the plan, which holds nothing about a patient (plans.service.ts
 * libraryCopy). The library belongs to the organization rather than to an office, so the heading names the
 * library, the carrier and the group instead of an office; it is dated by the plan's last verification.
 */
import { type PlanLibraryDetail, PRODUCT_NAME } from '@dv/contracts';
import { type Paper } from './pdf-layout';
import { planCaveatsSection } from './notes-sections';
import { type PdfDocumentModel } from './pdf-model';
import { usDay } from './pdf-values';
import { renderPdf } from './render-verification-pdf';
import { PDF_TITLES, planBodySections, SCORE_LEGEND } from './verification-pdf-model';

export const PLAN_LIBRARY_HEADING = 'Plan library';

export function planLibraryPdfModel(detail: PlanLibraryDetail): PdfDocumentModel {
  const title = PDF_TITLES.Plan;
  const group = [detail.groupNumber === null ? undefined : `Group ${detail.groupNumber}`, detail.groupName ?? undefined];
  return {
    heading: {
      title,
      office: PLAN_LIBRARY_HEADING,
      officeDetails: [detail.carrier.name, ...group].filter((part) => part !== undefined && part.trim() !== '').join(' · '),
      dateVerified: usDay(detail.lastVerifiedAt),
      planScore: `${detail.score}/10`,
      footer: `${PRODUCT_NAME} · ${title} · Plan ${detail.id}`,
    },
    legend: SCORE_LEGEND,
    sections: [...planBodySections(detail.plan, undefined), planCaveatsSection(detail.plan)],
  };
}

export function renderPlanLibraryPdf(detail: PlanLibraryDetail, paper: Paper): Promise<Buffer> {
  return renderPdf(planLibraryPdfModel(detail), paper);
}
