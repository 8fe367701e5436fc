/**
 * The credential dialog (SPEC sections 5 and 7): username and password for a portal. Adding needs both
 * ('Username is required', 'Password is required'); editing needs the username, and an empty password keeps the
 * stored one ('Leave empty to keep current password'). The form's rules are the contracts' input schemas. A save
 * the server refuses shows its message under the password field. Enter in either field saves, like the Save
 * button. The dialog opens with the focus in the username field, and a refused save puts it in the first wrong field.
 */
import {
  MESSAGES,
  type Portal,
  type PortalCredential,
  PortalCredentialInput,
  PortalCredentialUpdateInput,
} from '@dv/contracts';
import { Form, Input, type InputRef, Modal } from 'antd';
import { useRef, useState } from 'react';
import { zodRule } from '../fields/zod-rule';
import { type CallOutcome } from './portals-api';

export type CredentialDialogTarget = { portal: Portal; credential?: PortalCredential };

export type CredentialDialogProps = {
  target: CredentialDialogTarget;
  onClose: () => void;
  /** Sends the checked input: a new credential without `credential`, else an update of it. */
  save: (input: PortalCredentialInput | PortalCredentialUpdateInput) => Promise<CallOutcome<PortalCredential>>;
  onSaved: (credential: PortalCredential) => void;
};

type CredentialFields = { username: string; password: string };
const FIELD_NAMES: readonly (keyof CredentialFields)[] = ['username', 'password'];

const ADD_RULES = {
  username: [zodRule(PortalCredentialInput.shape.username)],
  password: [zodRule(PortalCredentialInput.shape.password)],
};
const EDIT_RULES = {
  username: [zodRule(PortalCredentialUpdateInput.shape.username)],
  password: [zodRule(PortalCredentialUpdateInput.shape.password)],
};

/** What is sent: the schema's output (a trimmed username; editing, an empty password is left out). */
function inputOf(editing: boolean, fields: CredentialFields): PortalCredentialInput | PortalCredentialUpdateInput {
  return editing ? PortalCredentialUpdateInput.parse(fields) : PortalCredentialInput.parse(fields);
}

export function CredentialDialog({ target, onClose, save, onSaved }: CredentialDialogProps) {
  const editing = target.credential !== undefined;
  const [form] = Form.useForm<CredentialFields>();
  const [saving, setSaving] = useState(false);
  const usernameRef = useRef<InputRef>(null);
  const passwordRef = useRef<InputRef>(null);
  const rules = editing ? EDIT_RULES : ADD_RULES;

  async function submit(fields: CredentialFields) {
    setSaving(true);
    try {
      const outcome = await save(inputOf(editing, fields));
      if (outcome.ok) {
        onSaved(outcome.value);
        onClose();
      } else {
        form.setFields([{ name: 'password', errors: [outcome.message ?? MESSAGES.UNKNOWN_ERROR_OCCURRED] }]);
        passwordRef.current?.focus();
      }
    } catch {
      form.setFields([{ name: 'password', errors: [MESSAGES.UNEXPECTED_ERROR] }]);
    } finally {
      setSaving(false);
    }
  }

  const formId = `credential-form-${target.portal.id}`;
  return (
    <Modal
      open
      title={editing ? `Edit credential: ${target.portal.name}` : `Login to ${target.portal.name}`}
      okText="Save"
      okButtonProps={{ loading: saving }}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterOpenChange={(opened) => {
        // The username field asks for the focus as it mounts; should the dialog take it back while it opens, the
        // field gets it again, unless the user has already moved on to a field.
        const inField = [usernameRef.current?.input, passwordRef.current?.input].includes(document.activeElement as HTMLInputElement);
        if (opened && !inField) usernameRef.current?.focus();
      }}
      destroyOnHidden
      mask={{ closable: !saving }}
    >
      <Form
        form={form}
        id={formId}
        name={formId}
        layout="vertical"
        requiredMark={false}
        initialValues={{ username: target.credential?.username ?? '', password: '' }}
        // The rules run on Save; typing in a field only takes its message away (the server's one too).
        validateTrigger={[]}
        onValuesChange={(changed: Partial<CredentialFields>) =>
          form.setFields(FIELD_NAMES.filter((name) => name in changed).map((name) => ({ name, errors: [] })))
        }
        onFinish={(fields) => void submit(fields)}
        onFinishFailed={({ errorFields }) => {
          const [first] = errorFields;
          if (first) form.focusField(first.name);
        }}
      >
        <Form.Item label="Username" name="username" rules={rules.username}>
          <Input ref={usernameRef} autoFocus autoComplete="off" onPressEnter={() => form.submit()} />
        </Form.Item>
        <Form.Item
          label="Password"
          name="password"
          rules={rules.password}
          extra={editing ? MESSAGES.PASSWORD_KEEP_HINT : undefined}
        >
          <Input.Password ref={passwordRef} autoComplete="new-password" onPressEnter={() => form.submit()} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
