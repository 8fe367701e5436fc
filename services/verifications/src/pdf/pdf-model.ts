/**
 * What a verification PDF says, apart from how it is drawn: a heading and a list of sections (labelled fields,
 * tables, notes). The content builders fill it from the ticket, the renderer draws it; tests read either.
 */
import { type VERIFICATION_PAGE_PDF_TYPES } from '@dv/contracts';

export type VerificationPdfType = (typeof VERIFICATION_PAGE_PDF_TYPES)[number];

/** One line of text; `score` (1-4) when it shows a scored value, drawn small beside it. */
export interface ScoredText {
  readonly text: string;
  readonly score?: number | undefined;
}

/** What a field or table cell shows: one or more lines. */
export type Lines = readonly ScoredText[];

export interface PdfField {
  readonly label: string;
  readonly value: Lines;
}

export interface FieldsSection {
  readonly kind: 'fields';
  readonly title: string;
  readonly fields: readonly PdfField[];
}

export interface TableColumn {
  readonly header: string;
  /** Share of the table's width, relative to the other columns. */
  readonly weight: number;
}

export interface TableRow {
  readonly cells: readonly Lines[];
  /** A row under another (a subcategory under its category): its first cell is indented. */
  readonly nested?: boolean;
  /** A heading row of a group (a category): bold. */
  readonly strong?: boolean;
}

export interface TableSection {
  readonly kind: 'table';
  readonly title: string;
  readonly columns: readonly TableColumn[];
  readonly rows: readonly TableRow[];
  /** Shown instead of the table when there are no rows. */
  readonly empty: string;
}

export interface NotesSection {
  readonly kind: 'notes';
  readonly title: string;
  /** Each note a paragraph. */
  readonly notes: readonly Lines[];
  readonly empty: string;
}

export type PdfSection = FieldsSection | TableSection | NotesSection;

export interface PdfHeading {
  /** 'Benefit breakdown', 'Plan summary'. */
  readonly title: string;
  readonly office: string;
  /** The office's address and phone, when the ticket has them. */
  readonly officeDetails: string | undefined;
  /** MM/DD/YYYY. */
  readonly dateVerified: string;
  /** 'x/10', or 'Not scored' without a plan. */
  readonly planScore: string;
  /** Footer text beside the page numbers: product, title and the verification id. */
  readonly footer: string;
}

export interface PdfDocumentModel {
  readonly heading: PdfHeading;
  readonly legend: string;
  readonly sections: readonly PdfSection[];
}
