/**
 * The bug report popover's fields as antd form items, with their rules: the contract's BugReportSubmission
 * fields through zodRule, and checkAttachment for the file.
 *
 * Each item shows the message it is given (`messages`, the form's own errors as the popover last took them)
 * through `help`. Left to itself antd brings a field's errors in and out a moment after they change, to smooth
 * flicker; the popover has always shown them with the keystroke or the chosen file. An empty help takes the
 * same room as none.
 */
import { BUG_DESCRIPTION_MAX_LENGTH, BUG_TITLE_MAX_LENGTH, BUG_TYPES, BugReportSubmission } from '@dv/contracts';
import { Form, type FormItemProps, type FormRule, Input, Select } from 'antd';
import { MultilineInput } from '../fields/multiline-input';
import { zodRule } from '../fields/zod-rule';
import { AttachmentPicker } from './attachment-picker';
import { checkAttachment } from './bug-attachment';
import { BUG_REPORT_FIELDS, type BugReportDraft, type BugReportField, type FieldErrors } from './bug-report-draft';

/** The draft key that holds each popover field (the attachment is the draft's file). */
export const DRAFT_KEY: Readonly<Record<BugReportField, keyof BugReportDraft>> = {
  type: 'type',
  title: 'title',
  description: 'description',
  attachment: 'file',
};

/** Why a chosen file cannot be sent, or undefined. */
export function attachmentMessage(file: Pick<File, 'name' | 'type' | 'size'>): string | undefined {
  const check = checkAttachment(file);
  return check.ok ? undefined : check.message;
}

const ATTACHMENT_RULE: FormRule = {
  validator: (_rule, file: File | null | undefined) => {
    const problem = file ? attachmentMessage(file) : undefined;
    return problem === undefined ? Promise.resolve() : Promise.reject(new Error(problem));
  },
};

const RULES: Readonly<Record<BugReportField, FormRule[]>> = {
  type: [zodRule(BugReportSubmission.shape.type)],
  title: [zodRule(BugReportSubmission.shape.title)],
  description: [zodRule(BugReportSubmission.shape.description)],
  attachment: [ATTACHMENT_RULE],
};

/** The first message of each field in the form's error list (getFieldsError, onFieldsChange, errorFields). */
export function messagesOf(fields: readonly { name: unknown; errors?: string[] }[]): FieldErrors {
  const messages: FieldErrors = {};
  for (const { name, errors } of fields) {
    const key = Array.isArray(name) ? (name as unknown[])[0] : name;
    const field = BUG_REPORT_FIELDS.find((candidate) => DRAFT_KEY[candidate] === key);
    const message = errors?.[0];
    if (field !== undefined && message !== undefined) messages[field] ??= message;
  }
  return messages;
}

const TYPE_OPTIONS = BUG_TYPES.map((type) => ({ value: type, label: type }));
const ATTACHMENT_HINT = 'A screenshot or a PDF: .png .jpg .jpeg .bmp .pdf, up to 5 MB.';

export function BugReportFormItems({ messages }: { messages: FieldErrors }) {
  const item = (field: BugReportField): FormItemProps => ({
    name: DRAFT_KEY[field],
    rules: RULES[field],
    help: messages[field] ?? '',
    validateStatus: messages[field] === undefined ? '' : 'error',
  });
  return (
    <>
      <Form.Item label="Type" required {...item('type')}>
        <Select options={TYPE_OPTIONS} placeholder="Choose the kind of problem" />
      </Form.Item>
      <Form.Item label="Title" required {...item('title')}>
        <Input maxLength={BUG_TITLE_MAX_LENGTH} />
      </Form.Item>
      <Form.Item label="Explanation" required {...item('description')}>
        <MultilineInput maxLength={BUG_DESCRIPTION_MAX_LENGTH} placeholder="What did you do, what did you expect, what happened?" />
      </Form.Item>
      {/* The label names the file input; the buttons keep their own words as names. */}
      <Form.Item label="Attachment" {...item('attachment')} extra={messages.attachment ? undefined : ATTACHMENT_HINT}>
        <AttachmentPicker />
      </Form.Item>
    </>
  );
}
