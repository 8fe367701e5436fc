import { Button } from 'antd';
import { Link } from 'react-router-dom';
import { CenteredBox } from '../ui/centered-box';
import { StatusResult } from '../ui/status-result';

export function UnauthorizedPage() {
  return (
    <CenteredBox>
      {/* A warning sign where antd's Result drew its large 403 picture, which the page would download for it. */}
      <StatusResult
        status="warning"
        title={<h1 className="dv-page-title">Unauthorized</h1>}
        subTitle="Your account does not give access to this page."
        extra={
          <Link to="/">
            <Button type="primary">Go to my start page</Button>
          </Link>
        }
      />
    </CenteredBox>
  );
}
