/**
 * The credential dialog (SPEC sections 5 and 7): username and password for a portal. Adding needs both
 * ('Username is required', 'Password is required'); editing needs the username, and an empty password keeps the
 * stored one ('Leave empty to keep current password'). The rules are the contracts' input schemas. A save the
 * server refuses shows its message under the password field. Enter in either field saves, like the Save button.
 * The dialog opens with the focus in the username field, and a refused save puts it in the first wrong field.
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
import { type CallOutcome } from './portals-api';

export type CredentialDialogTarget = { portal: Portal; credential?: PortalCredential };

export type CredentialDialogProps = {
  target: CredentialDialogTarget;
  onClose: () => void;
  /** Sends the checked input: a new credential without `credential`, else an update of it. */
  save: (input: PortalCredentialInput | PortalCredentialUpdateInput) => Promise<CallOutcome<PortalCredential>>;
  onSaved: (credential: PortalCredential) => void;
};

type Field = 'username' | 'password';
type FieldErrors = Partial<Record<Field, string>>;

function checkInput(editing: boolean, username: string, password: string) {
  const parsed = editing
    ? PortalCredentialUpdateInput.safeParse({ username, password })
    : PortalCredentialInput.safeParse({ username, password });
  if (parsed.success) return { input: parsed.data, errors: {} };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'username' || field === 'password') && errors[field] === undefined) errors[field] = issue.message;
  }
  return { input: null, errors };
}

export function CredentialDialog({ target, onClose, save, onSaved }: CredentialDialogProps) {
  const editing = target.credential !== undefined;
  const [username, setUsername] = useState(target.credential?.username ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const usernameRef = useRef<InputRef>(null);
  const passwordRef = useRef<InputRef>(null);

  async function submit() {
    const checked = checkInput(editing, username, password);
    setErrors(checked.errors);
    setServerError(null);
    if (!checked.input) {
      (checked.errors.username ? usernameRef : passwordRef).current?.focus();
      return;
    }
    setSaving(true);
    try {
      const outcome = await save(checked.input);
      if (outcome.ok) {
        onSaved(outcome.value);
        onClose();
      } else {
        setServerError(outcome.message ?? MESSAGES.UNKNOWN_ERROR_OCCURRED);
        passwordRef.current?.focus();
      }
    } catch {
      setServerError(MESSAGES.UNEXPECTED_ERROR);
    } finally {
      setSaving(false);
    }
  }

  const passwordError = errors.password ?? serverError ?? undefined;
  const formId = `credential-form-${target.portal.id}`;
  return (
    <Modal
      open
      title={editing ? `Edit credential: ${target.portal.name}` : `Login to ${target.portal.name}`}
      okText="Save"
      okButtonProps={{ loading: saving }}
      onOk={() => void submit()}
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
      <Form id={formId} layout="vertical" requiredMark={false}>
        <Form.Item
          label="Username"
          htmlFor={`${formId}-username`}
          validateStatus={errors.username ? 'error' : undefined}
          help={errors.username}
        >
          <Input
            ref={usernameRef}
            autoFocus
            id={`${formId}-username`}
            autoComplete="off"
            value={username}
            onPressEnter={() => void submit()}
            onChange={(event) => {
              setUsername(event.target.value);
              setErrors((current) => ({ ...current, username: undefined }));
            }}
          />
        </Form.Item>
        <Form.Item
          label="Password"
          htmlFor={`${formId}-password`}
          validateStatus={passwordError ? 'error' : undefined}
          help={passwordError}
          extra={editing ? MESSAGES.PASSWORD_KEEP_HINT : undefined}
        >
          <Input.Password
            ref={passwordRef}
            id={`${formId}-password`}
            autoComplete="new-password"
            value={password}
            onPressEnter={() => void submit()}
            onChange={(event) => {
              setPassword(event.target.value);
              setErrors((current) => ({ ...current, password: undefined }));
              setServerError(null);
            }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
