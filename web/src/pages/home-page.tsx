/**
 * '/': the signed-in user's start page (startPageOf: /register-do in registration, else a page their roles open),
 * or the sign-in for everyone else. A user signed out here by an authentication failure on a page public for such
 * failures (SPEC section 2) stays: the default page says so and offers the sign-in instead of starting it.
 */
import { PATHS } from '@dv/contracts';
import { Navigate, useLocation } from 'react-router';
import { isSignedOutState } from '../auth/return-path';
import { useAccess } from '../office/office-context';
import { startPageOf } from '../routing/access';
import { SignInPrompt } from './centered-result';

function SignedOut() {
  return (
    <SignInPrompt
      title="You are signed out"
      explanation="Your session was not accepted any more, so it was ended in this browser."
      to={PATHS.login}
      action="Sign in"
    />
  );
}

export function HomePage() {
  const access = useAccess();
  const location = useLocation();
  if (!access.loggedIn) {
    return isSignedOutState(location.state) ? <SignedOut /> : <Navigate to={PATHS.login} replace />;
  }
  return <Navigate to={startPageOf(access)} replace />;
}
