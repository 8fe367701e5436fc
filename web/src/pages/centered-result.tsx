/**
 * A signed-out user's page: why, and a button to sign in, centred (the signed-out '/', /sessionEnd). Plain HTML
 * and the ui/ blocks rather than antd's Card and Result, which would be most of what these pages load.
 */
import { Button } from 'antd';
import { Link } from 'react-router';
import { CenteredBox } from '../ui/centered-box';
import { StatusResult } from '../ui/status-result';

export function SignInPrompt({ title, explanation, to, action }: { title: string; explanation: string; to: string; action: string }) {
  return (
    <CenteredBox>
      <StatusResult
        status="info"
        title={<h1 className="dv-page-title">{title}</h1>}
        subTitle={explanation}
        extra={
          <Link to={to}>
            <Button type="primary">{action}</Button>
          </Link>
        }
      />
    </CenteredBox>
  );
}
