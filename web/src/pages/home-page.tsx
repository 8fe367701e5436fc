/**
 * '/': the signed-in user's start page, or the sign-in for everyone else. A user signed out here by an
 * authentication failure on a page public for such failures (SPEC section 2) stays: the default page says so and
 * offers the sign-in instead of starting it.
 */
import { homePathFor, PATHS } from '@dv/contracts';
import { Button, Result } from 'antd';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { isSignedOutState } from '../auth/return-path';
import { useAccess } from '../office/office-context';
import { CenteredPage } from './centered-result';

function SignedOut() {
  return (
    <CenteredPage>
      <Result
        status="info"
        title={<h1 className="dv-page-title">You are signed out</h1>}
        subTitle="Your session was not accepted any more, so it was ended in this browser."
        extra={
          <Link to={PATHS.login}>
            <Button type="primary">Sign in</Button>
          </Link>
        }
      />
    </CenteredPage>
  );
}

export function HomePage() {
  const access = useAccess();
  const location = useLocation();
  if (!access.loggedIn) {
    return isSignedOutState(location.state) ? <SignedOut /> : <Navigate to={PATHS.login} replace />;
  }
  if (access.inRegistration) return <Navigate to={PATHS.registerDo} replace />;
  return <Navigate to={homePathFor(access.effectiveRoles)} replace />;
}
