/**
 * /unauthorized: the page asked for is not the user's. Signed in, it shows inside the frame (route-table.tsx), with
 * Sign out and the menu in the header and aside, and its button leads to the user's start page, a page their roles
 * open (never back here, issue 13 item 11). Signed out, it stands alone and the button leads to the sign-in.
 */
import { PATHS } from '@dv/contracts';
import { Button } from 'antd';
import { Link } from 'react-router';
import { useAccess } from '../office/office-context';
import { startPageOf } from '../routing/access';
import { CenteredBox } from '../ui/centered-box';
import { StatusResult } from '../ui/status-result';

export const START_PAGE_ACTION = 'Go to my start page';

export function UnauthorizedPage() {
  const access = useAccess();
  const result = (
    // A warning sign where antd's Result drew its large 403 picture, which the page would download for it.
    <StatusResult
      status="warning"
      title={<h1 className="dv-page-title">Unauthorized</h1>}
      subTitle="Your account does not give access to this page."
      extra={
        <Link to={access.loggedIn ? startPageOf(access) : PATHS.home}>
          <Button type="primary">{START_PAGE_ACTION}</Button>
        </Link>
      }
    />
  );
  // The frame has its own main landmark; CenteredBox brings one for the page standing alone.
  return access.loggedIn ? result : <CenteredBox>{result}</CenteredBox>;
}
