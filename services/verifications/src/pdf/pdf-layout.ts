/**
 * Page geometry, type and the small drawing steps every section uses: scored lines (a value and its score in
 * small grey type), section titles, space checks that start a new page instead of splitting a block.
 *
 * Margins leave room for printers' unprintable edges (about 0.6 in on every side, more at the bottom for the
 * footer) on both Letter and A4; only the standard Helvetica fonts are used, so no font file is needed.
 */
/// <reference types="pdfkit" />
import { THEME_COLORS } from '@dv/contracts';
import { type Lines, type ScoredText } from './pdf-model';

/** pdfkit's document (the global PDFKit namespace of @types/pdfkit). */
export type Doc = PDFKit.PDFDocument;

export const PAPER_SIZES = { letter: 'LETTER', a4: 'A4' } as const;
export type Paper = keyof typeof PAPER_SIZES;

export const MARGINS = { top: 42, left: 42, right: 42, bottom: 54 } as const;

export const FONTS = { regular: 'Helvetica', bold: 'Helvetica-Bold' } as const;

export const SIZES = { title: 16, heading: 11, body: 8.5, label: 7, score: 6 } as const;

export const COLORS = {
  text: '#1f1f1f',
  muted: '#595959',
  score: '#8c8c8c',
  rule: '#bfbfbf',
  band: '#f2f2f2',
  accent: THEME_COLORS.primary,
} as const;

/** Space between a block and the next. */
export const GAP = 10;
/** Padding inside table cells. */
export const CELL_PADDING = 3;

export interface Box {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  /** The lowest y content may reach. */
  readonly bottom: number;
}

export function contentBox(doc: Doc): Box {
  const { width, height, margins } = doc.page;
  return { left: margins.left, top: margins.top, width: width - margins.left - margins.right, bottom: height - margins.bottom };
}

export function newPage(doc: Doc): void {
  doc.addPage();
  doc.y = contentBox(doc).top;
}

/** Starts a new page unless `height` more points fit below the current position. */
export function ensureSpace(doc: Doc, height: number): void {
  if (doc.y + height > contentBox(doc).bottom) newPage(doc);
}

function scoreLabel(score: number): string {
  return `[${score}]`;
}

/** A line as it is measured: the score in body type, so the estimate is never short of what is drawn. */
function measuredText(line: ScoredText): string {
  const text = line.score === undefined ? line.text : `${line.text} ${scoreLabel(line.score)}`;
  return text === '' ? ' ' : text;
}

function useBodyFont(doc: Doc, bold: boolean): void {
  doc.font(bold ? FONTS.bold : FONTS.regular).fontSize(SIZES.body).fillColor(COLORS.text);
}

/** The height of scored lines drawn in `width`. */
export function linesHeight(doc: Doc, lines: Lines, width: number, bold = false): number {
  useBodyFont(doc, bold);
  return lines.reduce((sum, line) => sum + doc.heightOfString(measuredText(line), { width }), 0);
}

/**
 * Draws scored lines from (x, y): each value in body type, its score after it in small grey type. Each line
 * starts where the measurement of the one before ends, so drawing and measuring agree; doc.y ends below them.
 */
export function drawLines(doc: Doc, lines: Lines, x: number, y: number, width: number, bold = false): void {
  let top = y;
  for (const line of lines) {
    useBodyFont(doc, bold);
    const height = doc.heightOfString(measuredText(line), { width });
    if (line.score === undefined) {
      doc.text(line.text, x, top, { width });
    } else {
      doc.text(`${line.text} `, x, top, { width, continued: true });
      doc.font(FONTS.regular).fontSize(SIZES.score).fillColor(COLORS.score).text(scoreLabel(line.score));
    }
    top += height;
  }
  doc.fillColor(COLORS.text);
  doc.y = top;
}

/** A section title with a rule under it, kept on the page with `keepWith` points of what follows. */
export function drawSectionTitle(doc: Doc, title: string, keepWith: number): void {
  doc.font(FONTS.bold).fontSize(SIZES.heading);
  const height = doc.heightOfString(title, { width: contentBox(doc).width }) + 4;
  ensureSpace(doc, height + keepWith);
  const box = contentBox(doc);
  const y = doc.y;
  doc.fillColor(COLORS.accent).text(title, box.left, y, { width: box.width });
  const ruleY = y + height - 2;
  doc.moveTo(box.left, ruleY).lineTo(box.left + box.width, ruleY).lineWidth(0.75).strokeColor(COLORS.accent).stroke();
  doc.fillColor(COLORS.text);
  doc.y = ruleY + 4;
}

/** A line of small grey text across the content width (empty sections, continuation marks). */
export function drawMuted(doc: Doc, text: string): void {
  const box = contentBox(doc);
  doc.font(FONTS.regular).fontSize(SIZES.body).fillColor(COLORS.muted);
  const height = doc.heightOfString(text, { width: box.width });
  ensureSpace(doc, height);
  doc.text(text, box.left, doc.y, { width: box.width });
  doc.fillColor(COLORS.text);
}
