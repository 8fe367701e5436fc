/**
 * Bug reports (SPEC sections 3, 5, 7). The attachment travels as base64 with its mime type; its decoded size is
 * limited to ATTACHMENT_MAX_BYTES.
 */
import { z } from 'zod';
import { ATTACHMENT_MAX_BYTES, MESSAGES } from '../constants';
import { BUG_TYPES, BugAttachmentMime, BugType } from '../enums';
import { EMAIL_MAX_LENGTH, ID_MAX_LENGTH, ID_PATTERN, TIMESTAMP_MAX_LENGTH } from '../limits';
import { MANAGEMENT_PAGE_SIZE_DEFAULT, MANAGEMENT_PAGE_SIZE_MAX } from './offices-admin';

/**
 * What a browser's FileReader puts before the base64 (`data:image/png;base64,`), media-type parameters included
 * (`data:image/png;name=shot.png;base64,`, RFC 2397: parameter values are URL-encoded, so never hold ';' or ',').
 * At most 16 parameters: an unbounded count lets a body of ';a;a;a...' cost seconds of backtracking.
 */
const DATA_URL_PREFIX = /^data:[^;,]*(?:;[^;,]*){0,16};base64,/;

/** The base64 of an attachment, without a `data:...;base64,` prefix if it has one. */
export function attachmentBase64(file: string): string {
  return file.replace(DATA_URL_PREFIX, '');
}

/**
 * Base64 letters with line breaks and other whitespace anywhere (MIME wraps lines), padding at the end. Written so
 * that no character can match two ways: a 7 MB body is checked in one pass, however it fails.
 */
const BASE64_TEXT = /^[A-Za-z0-9+/\s]*(?:=\s*){0,2}$/;

/** Decoded size in bytes of base64 text; a `data:<mime>;base64,` prefix is allowed and not counted. */
export function base64DecodedBytes(base64: string): number {
  const payload = attachmentBase64(base64).replace(/\s/g, '');
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((payload.length * 3) / 4) - padding);
}

/** Line length of the narrowest common base64 wrapping (PEM's 64 columns; MIME uses 76). */
const BASE64_WRAP_COLUMNS = 64;
/** A CRLF line break as JSON escapes it: `\r\n`. */
const JSON_CRLF_BYTES = 4;
const ATTACHMENT_BASE64_CHARS = Math.ceil(ATTACHMENT_MAX_BYTES / 3) * 4;
/** Room for the data-URL prefix (`data:image/png;name=...;base64,`). */
const DATA_URL_PREFIX_MAX_CHARS = 1024;
/**
 * Longest attachment text: the base64 of ATTACHMENT_MAX_BYTES wrapped in 64-column CRLF lines, and its data-URL
 * prefix. A longer text cannot be a file within the limit; it is refused before its content is scanned.
 */
const ATTACHMENT_MAX_CHARS =
  ATTACHMENT_BASE64_CHARS + Math.ceil(ATTACHMENT_BASE64_CHARS / BASE64_WRAP_COLUMNS) * 2 + DATA_URL_PREFIX_MAX_CHARS;

const RequiredText = z.string({ error: MESSAGES.FIELD_REQUIRED }).trim().min(1, { error: MESSAGES.FIELD_REQUIRED });

/** Longest page address kept with a report; longer ones are refused. */
export const BUG_URL_MAX_LENGTH = 2048;
export const BUG_TITLE_MAX_LENGTH = 300;
export const BUG_DESCRIPTION_MAX_LENGTH = 20_000;
export const BUG_FILE_NAME_MAX_LENGTH = 255;

/** A bug type that is there but none of BUG_TYPES. */
export const BUG_TYPE_UNKNOWN_MESSAGE = `Unknown bug type: choose one of ${BUG_TYPES.join(', ')}`;

/** The type a client sends: missing or empty is 'This field is required', anything else unknown names the choices. */
const SubmittedBugType = z.enum(BUG_TYPES, {
  error: (issue) =>
    issue.input === undefined || issue.input === null || issue.input === '' ? MESSAGES.FIELD_REQUIRED : BUG_TYPE_UNKNOWN_MESSAGE,
});

const Attachment = z
  .string()
  .max(ATTACHMENT_MAX_CHARS, { error: MESSAGES.FILE_TOO_BIG, abort: true })
  .refine((file) => BASE64_TEXT.test(attachmentBase64(file)), { error: 'Attachment must be base64' })
  .refine((file) => base64DecodedBytes(file) <= ATTACHMENT_MAX_BYTES, { error: MESSAGES.FILE_TOO_BIG });

/** ISO 8601. */
const ReportDate = z.iso.datetime({ offset: true }).max(TIMESTAMP_MAX_LENGTH);

const bugReportFields = {
  type: SubmittedBugType,
  title: RequiredText.max(BUG_TITLE_MAX_LENGTH),
  /** The page the report was sent from. */
  url: z.string().max(BUG_URL_MAX_LENGTH),
  /** Who sent it (user name or e-mail as the session knows it). */
  user: z.string().max(EMAIL_MAX_LENGTH),
  description: RequiredText.max(BUG_DESCRIPTION_MAX_LENGTH),
  fileBase64: Attachment.nullable().optional(),
  fileMime: BugAttachmentMime.nullable().optional(),
  solved: z.boolean().default(false),
  creationDate: ReportDate,
  solvingDate: ReportDate.nullable().optional(),
};

/** PUT /api/bugReports. An attachment needs its mime type. */
export const BugReportInput = z.object(bugReportFields).refine(
  (report) => !report.fileBase64 || report.fileMime,
  { error: MESSAGES.FIELD_REQUIRED, path: ['fileMime'] },
);
export type BugReportInput = z.infer<typeof BugReportInput>;

/** A stored bug report. */
export const BugReport = z.object({ id: z.string().min(1), ...bugReportFields });
export type BugReport = z.infer<typeof BugReport>;

// ---------- The bugs service (PUT /api/bugReports and /api/management/bugs) ----------

/**
 * Largest request body of PUT /api/bugReports in bytes: a base64 ATTACHMENT_MAX_BYTES file (4 characters per 3
 * bytes) wrapped in 64-column CRLF lines as JSON escapes them (whitespace the schema accepts must not turn a
 * 5 MB file into a 413), plus 256 KiB for the data-URL prefix and the other fields, even fully \u-escaped. The
 * gateway's route limit and the service's own use this one number.
 */
export const BUG_REPORT_MAX_BODY_BYTES =
  ATTACHMENT_BASE64_CHARS + Math.ceil(ATTACHMENT_BASE64_CHARS / BASE64_WRAP_COLUMNS) * JSON_CRLF_BYTES + 256 * 1024;

/** The attachment's content is none of the accepted kinds (checked by its bytes, not by its name or mime). */
export const BUG_ATTACHMENT_TYPE_MESSAGE = 'Attach a .png, .jpg, .jpeg, .bmp or .pdf file';
/** The declared mime type is an accepted kind, but not the kind the bytes are. */
export const BUG_ATTACHMENT_MIME_MISMATCH_MESSAGE = 'The file type does not match the file content';

const tooLong = (max: number) => ({ error: `Keep it under ${max} characters` });

/**
 * PUT /api/bugReports as the bugs service reads it. The client may send every field of SPEC section 7, but the
 * server sets user, solved, creationDate and solvingDate itself: those are not read (unknown keys are dropped).
 * `url` is the page the report was sent from (absolute or a path; only its path and query are kept).
 * `fileName` is the attachment's original name, optional, used for downloads.
 */
export const BugReportSubmission = z
  .object({
    type: SubmittedBugType,
    title: RequiredText.max(BUG_TITLE_MAX_LENGTH, tooLong(BUG_TITLE_MAX_LENGTH)),
    url: z.string({ error: MESSAGES.FIELD_REQUIRED }).max(BUG_URL_MAX_LENGTH, tooLong(BUG_URL_MAX_LENGTH)),
    description: RequiredText.max(BUG_DESCRIPTION_MAX_LENGTH, tooLong(BUG_DESCRIPTION_MAX_LENGTH)),
    fileBase64: Attachment.nullable().optional(),
    fileMime: BugAttachmentMime.nullable().optional(),
    fileName: z.string().trim().max(BUG_FILE_NAME_MAX_LENGTH, tooLong(BUG_FILE_NAME_MAX_LENGTH)).nullable().optional(),
  })
  .refine((report) => !report.fileBase64 || report.fileMime, { error: MESSAGES.FIELD_REQUIRED, path: ['fileMime'] });
export type BugReportSubmission = z.infer<typeof BugReportSubmission>;

/** Reply of PUT /api/bugReports (201). */
export const BugReportCreated = z.object({ id: z.string().min(1) });
export type BugReportCreated = z.infer<typeof BugReportCreated>;

/** What a report says about its attachment; the bytes come from GET /api/management/bugs/{id}/attachment. */
export const BugAttachmentInfo = z.object({
  mime: BugAttachmentMime,
  /** Decoded size in bytes. */
  size: z.number().int().min(0),
  /** Safe for a download name: letters, digits, ' ', '.', '_', '-', '(', ')', with an extension of its type. */
  fileName: z.string().min(1),
});
export type BugAttachmentInfo = z.infer<typeof BugAttachmentInfo>;

/** A report as company users see it (list items and detail). */
export const ManagedBugReport = z.object({
  id: z.string().min(1),
  orgId: z.string().min(1),
  /** The office the reporter acted for (the Connected-Dental-Office header), if any. */
  officeId: z.string().nullable(),
  type: BugType,
  title: z.string(),
  description: z.string(),
  /** Path and query of the page the report came from, e.g. '/plan/42?tab=1'. */
  url: z.string(),
  /** The reporter's e-mail, else their user id (SPEC section 3 `user`). */
  user: z.string(),
  userId: z.string(),
  solved: z.boolean(),
  /** ISO 8601. */
  creationDate: z.iso.datetime({ offset: true }),
  /** ISO 8601 when solved, null while open. */
  solvingDate: z.iso.datetime({ offset: true }).nullable(),
  attachment: BugAttachmentInfo.nullable(),
});
export type ManagedBugReport = z.infer<typeof ManagedBugReport>;

export const BUG_SORT_FIELDS = ['creationDate', 'type', 'solved'] as const;
export type BugSortField = (typeof BUG_SORT_FIELDS)[number];
export const BUG_SORT_ORDERS = ['asc', 'desc'] as const;

/**
 * GET /api/management/bugs: filters (solved, type, office, text in title or description), sort (newest first
 * by default) and paging. Other query parameters are ignored.
 */
export const BugReportListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MANAGEMENT_PAGE_SIZE_MAX).default(MANAGEMENT_PAGE_SIZE_DEFAULT),
  solved: z
    .enum(['true', 'false'], { error: "Use 'true' or 'false'" })
    .transform((value) => value === 'true')
    .optional(),
  type: z.enum(BUG_TYPES).optional(),
  office: z
    .string()
    .regex(ID_PATTERN, { error: 'Not an office id' })
    .max(ID_MAX_LENGTH, { error: 'Not an office id' })
    .optional(),
  text: z.string().trim().max(100).optional(),
  sort: z.enum(BUG_SORT_FIELDS).default('creationDate'),
  order: z.enum(BUG_SORT_ORDERS).default('desc'),
});
export type BugReportListQuery = z.infer<typeof BugReportListQuery>;

/** PATCH /api/management/bugs/{id}: solve (solvingDate set) or reopen (solvingDate cleared). */
export const BugReportPatch = z.strictObject({ solved: z.boolean() });
export type BugReportPatch = z.infer<typeof BugReportPatch>;
