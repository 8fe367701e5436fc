/**
 * The blocks other than tables: the heading band of the first page, labelled fields in a grid, notes, and the
 * footer of every page ('Page x of y').
 */
import { PRODUCT_NAME } from '@dv/contracts';
import { type FieldsSection, type NotesSection, type PdfField, type PdfHeading } from './pdf-model';
import {
  COLORS,
  contentBox,
  drawLines,
  drawMuted,
  drawSectionTitle,
  ensureSpace,
  FONTS,
  GAP,
  linesHeight,
  MARGINS,
  SIZES,
  type Doc,
} from './pdf-layout';

/** Fields per row of a fields section. */
const FIELD_COLUMNS = 3;
const FIELD_GUTTER = 12;

export function drawHeading(doc: Doc, heading: PdfHeading, legend: string): void {
  const box = contentBox(doc);
  const top = box.top;
  const rightWidth = 170;
  const leftWidth = box.width - rightWidth - FIELD_GUTTER;
  doc.font(FONTS.bold).fontSize(SIZES.heading).fillColor(COLORS.accent).text(PRODUCT_NAME, box.left, top, { width: leftWidth });
  doc.font(FONTS.bold).fontSize(SIZES.title).fillColor(COLORS.text).text(heading.title, { width: leftWidth });
  doc.font(FONTS.bold).fontSize(SIZES.body).text(heading.office, { width: leftWidth });
  if (heading.officeDetails !== undefined) {
    doc.font(FONTS.regular).fillColor(COLORS.muted).text(heading.officeDetails, { width: leftWidth });
  }
  const leftBottom = doc.y;

  const rightX = box.left + box.width - rightWidth;
  doc.font(FONTS.regular).fontSize(SIZES.label).fillColor(COLORS.muted).text('Date verified', rightX, top, { width: rightWidth, align: 'right' });
  doc.font(FONTS.bold).fontSize(SIZES.heading).fillColor(COLORS.text).text(heading.dateVerified, { width: rightWidth, align: 'right' });
  doc.font(FONTS.regular).fontSize(SIZES.label).fillColor(COLORS.muted).text('Plan score', { width: rightWidth, align: 'right' });
  doc.font(FONTS.bold).fontSize(SIZES.heading).fillColor(COLORS.text).text(heading.planScore, { width: rightWidth, align: 'right' });

  doc.y = Math.max(leftBottom, doc.y) + 6;
  doc.font(FONTS.regular).fontSize(SIZES.label).fillColor(COLORS.muted).text(legend, box.left, doc.y, { width: box.width });
  doc.fillColor(COLORS.text);
  doc.y += GAP;
}

function fieldHeight(doc: Doc, field: PdfField, width: number): number {
  doc.font(FONTS.regular).fontSize(SIZES.label);
  return doc.heightOfString(field.label, { width }) + 1 + linesHeight(doc, field.value, width);
}

function drawField(doc: Doc, field: PdfField, x: number, y: number, width: number): void {
  doc.font(FONTS.regular).fontSize(SIZES.label).fillColor(COLORS.muted).text(field.label, x, y, { width });
  drawLines(doc, field.value, x, doc.y + 1, width);
}

/** Fields in rows of three; a row is kept whole on one page. */
export function drawFields(doc: Doc, section: FieldsSection): void {
  const box = contentBox(doc);
  const width = (box.width - FIELD_GUTTER * (FIELD_COLUMNS - 1)) / FIELD_COLUMNS;
  const rows: PdfField[][] = [];
  for (let i = 0; i < section.fields.length; i += FIELD_COLUMNS) rows.push(section.fields.slice(i, i + FIELD_COLUMNS));
  const heights = rows.map((row) => Math.max(...row.map((field) => fieldHeight(doc, field, width))) + 5);
  drawSectionTitle(doc, section.title, heights[0] ?? 0);
  rows.forEach((row, r) => {
    ensureSpace(doc, heights[r]!);
    const y = doc.y;
    row.forEach((field, i) => drawField(doc, field, box.left + i * (width + FIELD_GUTTER), y, width));
    doc.y = y + heights[r]!;
  });
  doc.y += GAP - 5;
}

/** Notes as paragraphs; a note is kept whole on one page unless it is longer than a page. */
export function drawNotes(doc: Doc, section: NotesSection): void {
  const box = contentBox(doc);
  const heights = section.notes.map((note) => linesHeight(doc, note, box.width) + 3);
  drawSectionTitle(doc, section.title, heights[0] ?? SIZES.body * 2);
  if (section.notes.length === 0) drawMuted(doc, section.empty);
  section.notes.forEach((note, i) => {
    ensureSpace(doc, Math.min(heights[i]!, box.bottom - box.top));
    drawLines(doc, note, box.left, doc.y, box.width);
    doc.y += 3;
  });
  doc.y += GAP;
}

/** 'Page x of y' and the footer text on every page, drawn once all pages exist (the document buffers its pages). */
export function drawFooters(doc: Doc, footer: string): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i += 1) {
    doc.switchToPage(i);
    const box = contentBox(doc);
    // The footer sits in the bottom margin; without the margin pdfkit would not start a new page for it.
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGINS.bottom + 18;
    doc.moveTo(box.left, y - 6).lineTo(box.left + box.width, y - 6).lineWidth(0.5).strokeColor(COLORS.rule).stroke();
    doc.font(FONTS.regular).fontSize(SIZES.label).fillColor(COLORS.muted);
    doc.text(footer, box.left, y, { width: box.width * 0.7, lineBreak: false });
    doc.text(`Page ${i - start + 1} of ${count}`, box.left, y, { width: box.width, align: 'right', lineBreak: false });
    doc.page.margins.bottom = MARGINS.bottom;
  }
}
