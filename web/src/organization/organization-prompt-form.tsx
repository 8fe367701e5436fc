import { MESSAGES } from '@dv/contracts';
import { Button, Card, Form, Input, Typography } from 'antd';

export type OrganizationPromptFormProps = {
  name: string;
  error?: string;
  loading: boolean;
  onNameChange: (name: string) => void;
  onSubmit: () => void;
};

const INPUT_ID = 'organization-name';

/** Screen 1: 'Enter organization name', a text input and CONTINUE. */
export function OrganizationPromptForm({ name, error, loading, onNameChange, onSubmit }: OrganizationPromptFormProps) {
  return (
    <main className="dv-centered">
      <Card className="dv-centered-card">
        <Typography.Title level={2} id="organization-prompt-title">
          {MESSAGES.ORGANIZATION_PROMPT_TITLE}
        </Typography.Title>
        <Form layout="vertical" onFinish={onSubmit} aria-labelledby="organization-prompt-title" requiredMark={false}>
          <Form.Item
            label="Organization name"
            htmlFor={INPUT_ID}
            validateStatus={error ? 'error' : ''}
            help={error ? <span role="alert">{error}</span> : undefined}
          >
            <Input
              id={INPUT_ID}
              autoFocus
              autoComplete="organization"
              value={name}
              disabled={loading}
              aria-invalid={error ? true : undefined}
              onChange={(event) => onNameChange(event.target.value)}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={loading} block>
            {MESSAGES.ORGANIZATION_PROMPT_CONTINUE}
          </Button>
        </Form>
      </Card>
    </main>
  );
}
