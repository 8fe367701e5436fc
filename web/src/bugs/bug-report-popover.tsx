/**
 * Screen 7, the bug report popover: type, title, explanation and an optional attachment, sent with the address
 * of the page it was opened on. It is a modal dialog (focus kept inside, Escape closes) so it works the same
 * from the left menu and from the error bar's 'Report Bug'.
 *
 * An antd form holds the draft. Its rules are the contract's BugReportSubmission fields (each 'This field is
 * required') and checkAttachment; they run on Send, a field's message goes as the field changes, and a chosen
 * file is checked at once. The draft lives as long as the page: closing the popover or a failed send keeps
 * everything typed; only a sent report clears it.
 */
import { INFO_BAR_TEXTS, MENU_LABELS, MESSAGES } from '@dv/contracts';
import { Alert, Button, Form, type FormInstance, Modal, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useServices } from '../app/services-context';
import { useInfoBar } from '../info-bar/info-bar';
import { sendBugReport, type SendOutcome } from './bug-report-api';
import {
  BUG_REPORT_FIELDS,
  type BugReportDraft,
  type BugReportField,
  EMPTY_DRAFT,
  type FieldErrors,
  firstWrongField,
  submissionOf,
} from './bug-report-draft';
import { attachmentMessage, BugReportFormItems, DRAFT_KEY, messagesOf } from './bug-report-form-items';
import './bugs.css';

export type BugReportPopoverProps = {
  open: boolean;
  onClose: () => void;
  /** The page the report is about; the browser's address by default. */
  currentUrl?: () => string;
};

const FORM_NAME = 'bug-report';

/** The messages a change sets: none for the changed fields, the check's for a chosen file. */
function changeMessages(changed: Partial<BugReportDraft>): { fields: BugReportField[]; errors: FieldErrors } {
  const fields = BUG_REPORT_FIELDS.filter((field) => DRAFT_KEY[field] in changed);
  const problem = changed.file ? attachmentMessage(changed.file) : undefined;
  return { fields, errors: problem === undefined ? {} : { attachment: problem } };
}

/** Focus moves after the render that re-enables the fields: a disabled field cannot take it. */
function useFieldFocus(form: FormInstance<BugReportDraft>, sending: boolean) {
  const [request, setRequest] = useState<{ field: BugReportField } | null>(null);
  useEffect(() => {
    if (!request || sending) return;
    form.focusField(DRAFT_KEY[request.field]);
    setRequest(null);
  }, [request, sending, form]);
  return (field: BugReportField | undefined) => setRequest(field ? { field } : null);
}

function PopoverFooter({ sending, onCancel }: { sending: boolean; onCancel: () => void }) {
  return (
    <Space>
      {sending ? (
        <Typography.Text type="secondary" role="status">
          {INFO_BAR_TEXTS.inprogress}
        </Typography.Text>
      ) : null}
      <Button onClick={onCancel}>Cancel</Button>
      <Button type="primary" htmlType="submit" form={FORM_NAME} loading={sending}>
        Send
      </Button>
    </Space>
  );
}

/** A problem that belongs to no field: the generic error, or a detail the service named for another field. */
function FormErrorAlert({ message }: { message: string }) {
  return (
    <Alert
      className="dv-bug-report__alert"
      type="error"
      role="alert"
      showIcon
      title={message}
      description={message === MESSAGES.GENERIC_ERROR ? 'Your report is kept: send it again in a moment.' : undefined}
    />
  );
}

/** Whether the focus is in one of the form's fields (the dialog itself holds it while it opens). */
function formHasFocus(): boolean {
  const active = document.activeElement;
  return active !== null && active.id !== FORM_NAME && document.getElementById(FORM_NAME)?.contains(active) === true;
}

export function BugReportPopover({ open, onClose, currentUrl = () => window.location.href }: BugReportPopoverProps) {
  const { http } = useServices();
  const infoBar = useInfoBar();
  const [form] = Form.useForm<BugReportDraft>();
  /** The fields' messages as the form has them, taken whenever they change (see BugReportFormItems). */
  const [messages, setMessages] = useState<FieldErrors>({});
  /** The problem above the fields (FormErrorAlert). */
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const focusField = useFieldFocus(form, sending);

  const setFieldMessages = (errors: FieldErrors, fields: readonly BugReportField[] = BUG_REPORT_FIELDS) => {
    form.setFields(fields.map((field) => ({ name: DRAFT_KEY[field], errors: errors[field] === undefined ? [] : [errors[field]] })));
    setMessages(messagesOf(form.getFieldsError()));
  };

  const send = async (draft: BugReportDraft) => {
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
        form.resetFields();
        setMessages({});
        onClose();
        return;
      case 'invalid':
        infoBar.hide();
        setFieldMessages(outcome.errors);
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
        // The opening animation can end after the user has already clicked a field: their choice stands.
        if (opened && !formHasFocus()) focusField('type');
      }}
      footer={<PopoverFooter sending={sending} onCancel={onClose} />}
    >
      <Form
        form={form}
        name={FORM_NAME}
        id={FORM_NAME}
        layout="vertical"
        requiredMark="optional"
        initialValues={EMPTY_DRAFT}
        disabled={sending}
        // The rules run on Send; a change only takes its field's message away (or checks the chosen file).
        validateTrigger={[]}
        onValuesChange={(changed: Partial<BugReportDraft>) => {
          const { fields, errors } = changeMessages(changed);
          setFieldMessages(errors, fields);
        }}
        // Taken once a check is over: while Send's check runs, the fields' errors are empty for a moment.
        onFieldsChange={(_changed, all) => {
          if (!all.some((field) => field.validating)) setMessages(messagesOf(all));
        }}
        onFinish={(draft) => {
          setFormError(null);
          void send(draft);
        }}
        onFinishFailed={({ errorFields }) => {
          setFormError(null);
          focusField(firstWrongField(messagesOf(errorFields)));
        }}
      >
        {formError ? <FormErrorAlert message={formError} /> : null}
        <BugReportFormItems messages={messages} />
      </Form>
    </Modal>
  );
}
