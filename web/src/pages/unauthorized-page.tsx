import { Button, Result } from 'antd';
import { Link } from 'react-router-dom';
import { CenteredPage } from './centered-result';

export function UnauthorizedPage() {
  return (
    <CenteredPage>
      <Result
        status="403"
        title={<h1 className="dv-page-title">Unauthorized</h1>}
        subTitle="Your account does not give access to this page."
        extra={
          <Link to="/">
            <Button type="primary">Go to my start page</Button>
          </Link>
        }
      />
    </CenteredPage>
  );
}
