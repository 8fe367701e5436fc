/**
 * Tables that page-break cleanly: a row never splits across pages, the header row repeats on every page the
 * table reaches, and the title stays with the header and the first row.
 */
import { type Lines, type TableRow, type TableSection } from './pdf-model';
import {
  CELL_PADDING,
  COLORS,
  contentBox,
  drawLines,
  drawMuted,
  drawSectionTitle,
  newPage,
  FONTS,
  GAP,
  linesHeight,
  SIZES,
  type Doc,
} from './pdf-layout';

/** Indent of a nested row's first cell (a subcategory under its category). */
const NESTED_INDENT = 10;

interface Column {
  readonly x: number;
  readonly width: number;
}

function columnsOf(doc: Doc, table: TableSection): Column[] {
  const box = contentBox(doc);
  const total = table.columns.reduce((sum, column) => sum + column.weight, 0);
  let x = box.left;
  return table.columns.map((column) => {
    const width = (box.width * column.weight) / total;
    const placed = { x, width };
    x += width;
    return placed;
  });
}

function headerHeight(doc: Doc, table: TableSection, columns: readonly Column[]): number {
  doc.font(FONTS.bold).fontSize(SIZES.label);
  const heights = table.columns.map((column, i) => doc.heightOfString(column.header || ' ', { width: columns[i]!.width - 2 * CELL_PADDING }));
  return Math.max(...heights) + 2 * CELL_PADDING;
}

function drawHeader(doc: Doc, table: TableSection, columns: readonly Column[]): void {
  const height = headerHeight(doc, table, columns);
  const box = contentBox(doc);
  const y = doc.y;
  doc.rect(box.left, y, box.width, height).fill(COLORS.band);
  doc.font(FONTS.bold).fontSize(SIZES.label).fillColor(COLORS.muted);
  table.columns.forEach((column, i) => {
    const { x, width } = columns[i]!;
    doc.text(column.header, x + CELL_PADDING, y + CELL_PADDING, { width: width - 2 * CELL_PADDING });
  });
  doc.fillColor(COLORS.text);
  doc.y = y + height;
}

function cellWidth(column: Column, row: TableRow, index: number): number {
  const indent = row.nested === true && index === 0 ? NESTED_INDENT : 0;
  return column.width - 2 * CELL_PADDING - indent;
}

function rowHeight(doc: Doc, row: TableRow, columns: readonly Column[]): number {
  const heights = row.cells.map((cell: Lines, i) => linesHeight(doc, cell, cellWidth(columns[i]!, row, i), row.strong === true && i === 0));
  return Math.max(...heights) + 2 * CELL_PADDING;
}

function drawRow(doc: Doc, row: TableRow, columns: readonly Column[], height: number): void {
  const box = contentBox(doc);
  const y = doc.y;
  row.cells.forEach((cell, i) => {
    const column = columns[i]!;
    const indent = row.nested === true && i === 0 ? NESTED_INDENT : 0;
    drawLines(doc, cell, column.x + CELL_PADDING + indent, y + CELL_PADDING, cellWidth(column, row, i), row.strong === true && i === 0);
  });
  const ruleY = y + height;
  doc.moveTo(box.left, ruleY).lineTo(box.left + box.width, ruleY).lineWidth(0.5).strokeColor(COLORS.rule).stroke();
  doc.y = ruleY;
}

export function drawTable(doc: Doc, table: TableSection): void {
  if (table.rows.length === 0) {
    drawSectionTitle(doc, table.title, SIZES.body * 2);
    drawMuted(doc, table.empty);
    doc.y += GAP;
    return;
  }
  const columns = columnsOf(doc, table);
  const header = headerHeight(doc, table, columns);
  const heights = table.rows.map((row) => rowHeight(doc, row, columns));
  drawSectionTitle(doc, table.title, header + (heights[0] ?? 0));
  drawHeader(doc, table, columns);
  table.rows.forEach((row, i) => {
    const height = heights[i]!;
    if (doc.y + height > contentBox(doc).bottom) {
      newPage(doc);
      drawMuted(doc, `${table.title} (continued)`);
      doc.y += 2;
      drawHeader(doc, table, columns);
    }
    drawRow(doc, row, columns, height);
  });
  doc.y += GAP;
}
