import { Button, Card, Result } from 'antd';
import { type ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** A page whose whole content is one message, centred. */
export function CenteredPage({ children }: { children: ReactNode }) {
  return (
    <main className="dv-centered">
      <Card className="dv-centered-card">{children}</Card>
    </main>
  );
}

/** A signed-out user's page: why, and a button to sign in. */
export function SignInPrompt({ title, explanation, to, action }: { title: string; explanation: string; to: string; action: string }) {
  return (
    <CenteredPage>
      <Result
        status="info"
        title={<h1 className="dv-page-title">{title}</h1>}
        subTitle={explanation}
        extra={
          <Link to={to}>
            <Button type="primary">{action}</Button>
          </Link>
        }
      />
    </CenteredPage>
  );
}
