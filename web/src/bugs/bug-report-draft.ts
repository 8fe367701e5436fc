/**
 * What the bug report popover holds while the user types, and which of its fields are wrong. Type, title and
 * explanation are judged by contracts' BugReportSubmission (each 'This field is required'), the attachment by
 * checkAttachment; the same field names place the bugs service's 400 details.
 */
import { BugReportSubmission, type BugType } from '@dv/contracts';
import { checkAttachment, readAsDataUrl } from './bug-attachment';

export type BugReportDraft = {
  type: BugType | undefined;
  title: string;
  description: string;
  file: File | null;
};

export const EMPTY_DRAFT: BugReportDraft = { type: undefined, title: '', description: '', file: null };

export type BugReportField = 'type' | 'title' | 'description' | 'attachment';
export type FieldErrors = Partial<Record<BugReportField, string>>;

/** In the order the popover shows them: the first wrong one gets the focus. */
export const BUG_REPORT_FIELDS: readonly BugReportField[] = ['type', 'title', 'description', 'attachment'];

/** The popover field a submission path belongs to ('fileMime' and 'fileName' are the attachment's); null if none. */
export function fieldOfPath(path: string): BugReportField | null {
  const head = path.split('.')[0] ?? '';
  switch (head) {
    case 'type':
    case 'title':
    case 'description':
      return head;
    case 'fileBase64':
    case 'fileMime':
    case 'fileName':
      return 'attachment';
    default:
      return null;
  }
}

export function draftErrors(draft: BugReportDraft): FieldErrors {
  const errors: FieldErrors = {};
  const parsed = BugReportSubmission.safeParse({
    type: draft.type,
    title: draft.title,
    description: draft.description,
    url: '',
  });
  for (const issue of parsed.error?.issues ?? []) {
    const field = fieldOfPath(issue.path.map(String).join('.'));
    if (field !== null) errors[field] ??= issue.message;
  }
  if (draft.file) {
    const check = checkAttachment(draft.file);
    if (!check.ok) errors.attachment = check.message;
  }
  return errors;
}

export function firstWrongField(errors: FieldErrors): BugReportField | undefined {
  return BUG_REPORT_FIELDS.find((field) => errors[field] !== undefined);
}

/** What PUT /api/bugReports gets for a draft that draftErrors() found nothing wrong with. */
export async function submissionOf(draft: BugReportDraft, url: string): Promise<BugReportSubmission> {
  if (draft.type === undefined) throw new Error('A checked draft has a type.');
  const report = { type: draft.type, title: draft.title, description: draft.description, url };
  if (!draft.file) return report;
  const check = checkAttachment(draft.file);
  if (!check.ok) throw new Error(check.message);
  return { ...report, fileBase64: await readAsDataUrl(draft.file), fileMime: check.mime, fileName: draft.file.name };
}
