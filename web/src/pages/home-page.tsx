/** '/': the signed-in user's start page, or the sign-in for everyone else. */
import { homePathFor } from '@dv/contracts';
import { Navigate } from 'react-router-dom';
import { useAccess } from '../office/office-context';

export function HomePage() {
  const access = useAccess();
  if (!access.loggedIn) return <Navigate to="/login" replace />;
  if (access.inRegistration) return <Navigate to="/register-do" replace />;
  return <Navigate to={homePathFor(access.effectiveRoles)} replace />;
}
