/**
 * Screen 7, the bug report popover: type, title, explanation and an optional attachment, sent with the address
 * of the page it was opened on. It is a modal dialog (focus kept inside, Escape closes) so it works the same
 * from the left menu and from the error bar's 'Report Bug'.
 *
 * The draft lives as long as the page: closing the popover or a failed send keeps everything typed; only a sent
 * report clears it.
 */
import {
  BUG_DESCRIPTION_MAX_LENGTH,
  BUG_TITLE_MAX_LENGTH,
  BUG_TYPES,
  INFO_BAR_TEXTS,
  MENU_LABELS,
  MESSAGES,
} from '@dv/contracts';
import { Alert, Button, Form, Input, Modal, Select, Space, Typography } from 'antd';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { useServices } from '../app/services-context';
import { MultilineInput } from '../fields/multiline-input';
import { useInfoBar } from '../info-bar/info-bar';
import { ATTACHMENT_ACCEPT, checkAttachment, fileSizeText } from './bug-attachment';
import { sendBugReport, type SendOutcome } from './bug-report-api';
import {
  type BugReportDraft,
  type BugReportField,
  draftErrors,
  EMPTY_DRAFT,
  type FieldErrors,
  firstWrongField,
  submissionOf,
} from './bug-report-draft';
import './bugs.css';

export type BugReportPopoverProps = {
  open: boolean;
  onClose: () => void;
  /** The page the report is about; the browser's address by default. */
  currentUrl?: () => string;
};

const FORM_ID = 'bug-report-form';
const FIELD_IDS: Record<BugReportField, string> = {
  type: 'bug-report-type',
  title: 'bug-report-title',
  description: 'bug-report-description',
  attachment: 'bug-report-attachment',
};
const TYPE_OPTIONS = BUG_TYPES.map((type) => ({ value: type, label: type }));

function errorId(field: BugReportField): string {
  return `${FIELD_IDS[field]}-error`;
}

function help(errors: FieldErrors, field: BugReportField) {
  const message = errors[field];
  return message === undefined ? undefined : <span id={errorId(field)}>{message}</span>;
}

/** aria props that tie a field to its message. */
function invalidProps(errors: FieldErrors, field: BugReportField) {
  return errors[field] === undefined ? {} : { 'aria-invalid': true, 'aria-describedby': errorId(field) };
}

export function BugReportPopover({ open, onClose, currentUrl = () => window.location.href }: BugReportPopoverProps) {
  const { http } = useServices();
  const infoBar = useInfoBar();
  const [draft, setDraft] = useState<BugReportDraft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<FieldErrors>({});
  /** A problem that belongs to no field: the generic error, or a detail the service named for another field. */
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const change = <K extends keyof BugReportDraft>(key: K, value: BugReportDraft[K], field: BugReportField) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  // Focus moves after the render that re-enables the fields: a disabled field cannot take it.
  const [focusRequest, setFocusRequest] = useState<{ field: BugReportField } | null>(null);
  const focusField = (field: BugReportField | undefined) => setFocusRequest(field ? { field } : null);
  useEffect(() => {
    if (!focusRequest || sending) return;
    document.getElementById(FIELD_IDS[focusRequest.field])?.focus();
    setFocusRequest(null);
  }, [focusRequest, sending]);

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    // Choosing the same file again after removing it must fire a change.
    event.target.value = '';
    if (!file) return;
    setDraft((current) => ({ ...current, file }));
    const check = checkAttachment(file);
    setErrors((current) => ({ ...current, attachment: check.ok ? undefined : check.message }));
  };

  const removeFile = () => {
    change('file', null, 'attachment');
    focusField('attachment');
  };

  const submit = async () => {
    const found = draftErrors(draft);
    setErrors(found);
    setFormError(null);
    const wrong = firstWrongField(found);
    if (wrong) {
      focusField(wrong);
      return;
    }
    setSending(true);
    infoBar.show({ type: 'inprogress' });
    let outcome: SendOutcome;
    try {
      outcome = await sendBugReport(http, await submissionOf(draft, currentUrl()));
    } catch (error) {
      outcome = { kind: 'failed', error: error instanceof Error ? error.message : undefined };
    } finally {
      setSending(false);
    }
    switch (outcome.kind) {
      case 'sent':
        infoBar.show({ type: 'success', text: MESSAGES.BUG_REPORT_SENT });
        setDraft(EMPTY_DRAFT);
        setErrors({});
        onClose();
        return;
      case 'invalid':
        infoBar.hide();
        setErrors(outcome.errors);
        setFormError(outcome.other.length > 0 ? outcome.other.join(' ') : null);
        focusField(firstWrongField(outcome.errors));
        return;
      case 'failed':
        infoBar.show({ type: 'error' });
        setFormError(MESSAGES.GENERIC_ERROR);
        return;
    }
  };

  return (
    <Modal
      open={open}
      title={MENU_LABELS.bugReport}
      onCancel={onClose}
      afterOpenChange={(opened) => {
        if (opened) focusField('type');
      }}
      footer={
        <Space>
          {sending ? (
            <Typography.Text type="secondary" role="status">
              {INFO_BAR_TEXTS.inprogress}
            </Typography.Text>
          ) : null}
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" htmlType="submit" form={FORM_ID} loading={sending}>
            Send
          </Button>
        </Space>
      }
    >
      <Form id={FORM_ID} layout="vertical" requiredMark="optional" onFinish={() => void submit()} disabled={sending}>
        {formError ? (
          <Alert
            className="dv-bug-report__alert"
            type="error"
            role="alert"
            showIcon
            title={formError}
            description={formError === MESSAGES.GENERIC_ERROR ? 'Your report is kept: send it again in a moment.' : undefined}
          />
        ) : null}
        <Form.Item
          label="Type"
          htmlFor={FIELD_IDS.type}
          required
          validateStatus={errors.type ? 'error' : undefined}
          help={help(errors, 'type')}
        >
          <Select
            id={FIELD_IDS.type}
            value={draft.type}
            options={TYPE_OPTIONS}
            placeholder="Choose the kind of problem"
            onChange={(type) => change('type', type, 'type')}
            {...invalidProps(errors, 'type')}
          />
        </Form.Item>
        <Form.Item
          label="Title"
          htmlFor={FIELD_IDS.title}
          required
          validateStatus={errors.title ? 'error' : undefined}
          help={help(errors, 'title')}
        >
          <Input
            id={FIELD_IDS.title}
            value={draft.title}
            maxLength={BUG_TITLE_MAX_LENGTH}
            onChange={(event) => change('title', event.target.value, 'title')}
            {...invalidProps(errors, 'title')}
          />
        </Form.Item>
        <Form.Item
          label="Explanation"
          htmlFor={FIELD_IDS.description}
          required
          validateStatus={errors.description ? 'error' : undefined}
          help={help(errors, 'description')}
        >
          <MultilineInput
            id={FIELD_IDS.description}
            value={draft.description}
            maxLength={BUG_DESCRIPTION_MAX_LENGTH}
            placeholder="What did you do, what did you expect, what happened?"
            onChange={(event) => change('description', event.target.value, 'description')}
            {...invalidProps(errors, 'description')}
          />
        </Form.Item>
        {/* No htmlFor: the button's own words stay its name. */}
        <Form.Item
          label="Attachment"
          validateStatus={errors.attachment ? 'error' : undefined}
          help={help(errors, 'attachment')}
          extra={errors.attachment ? undefined : 'A screenshot or a PDF: .png .jpg .jpeg .bmp .pdf, up to 5 MB.'}
        >
          <input
            ref={fileInput}
            type="file"
            // Inline: antd's form styles show file inputs (display: block) over any class of ours.
            style={{ display: 'none' }}
            accept={ATTACHMENT_ACCEPT}
            aria-label="Attachment file"
            onChange={chooseFile}
          />
          <Space wrap>
            <Button
              id={FIELD_IDS.attachment}
              onClick={() => fileInput.current?.click()}
              {...invalidProps(errors, 'attachment')}
            >
              {draft.file ? 'Choose another file' : 'Attach a file'}
            </Button>
            {draft.file ? (
              <>
                <Typography.Text className="dv-bug-report__file">
                  {draft.file.name} ({fileSizeText(draft.file.size)})
                </Typography.Text>
                <Button type="link" onClick={removeFile} aria-label={`Remove ${draft.file.name}`}>
                  Remove
                </Button>
              </>
            ) : null}
          </Space>
        </Form.Item>
      </Form>
    </Modal>
  );
}
