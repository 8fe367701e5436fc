/**
 * Draws a verification PDF with pdfkit: the heading, then each section of the model, then the footers. The
 * document's metadata names the product and the PDF type only, never the patient.
 */
import { PRODUCT_NAME, type VerificationDetail } from '@dv/contracts';
import PDFDocument from 'pdfkit';
import { drawFields, drawFooters, drawHeading, drawNotes } from './pdf-blocks';
import { MARGINS, PAPER_SIZES, type Doc, type Paper } from './pdf-layout';
import { type PdfDocumentModel, type PdfSection, type VerificationPdfType } from './pdf-model';
import { drawTable } from './pdf-table';
import { verificationPdfModel } from './verification-pdf-model';

export interface VerificationPdfOptions {
  readonly type: VerificationPdfType;
  readonly paper: Paper;
}

function drawSection(doc: Doc, section: PdfSection): void {
  switch (section.kind) {
    case 'fields':
      return drawFields(doc, section);
    case 'table':
      return drawTable(doc, section);
    case 'notes':
      return drawNotes(doc, section);
  }
}

/** The model drawn on pages of the given paper, as the bytes of a PDF file. */
export function renderPdf(model: PdfDocumentModel, paper: Paper): Promise<Buffer> {
  const doc: Doc = new PDFDocument({
    size: PAPER_SIZES[paper],
    margins: { ...MARGINS },
    bufferPages: true,
    info: { Title: `${PRODUCT_NAME} ${model.heading.title}`, Author: PRODUCT_NAME, Creator: PRODUCT_NAME },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  drawHeading(doc, model.heading, model.legend);
  for (const section of model.sections) drawSection(doc, section);
  drawFooters(doc, model.heading.footer);
  doc.end();
  return done;
}

export function renderVerificationPdf(detail: VerificationDetail, options: VerificationPdfOptions): Promise<Buffer> {
  return renderPdf(verificationPdfModel(detail, options.type), options.paper);
}
