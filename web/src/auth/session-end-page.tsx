/** /sessionEnd: the session has expired (or ended in another tab); sign in again to go back where you were. */
import { PATHS } from '@dv/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { SignInPrompt } from '../pages/centered-result';
import { safeReturnPath, withReturn } from './return-path';
import { useSessionController } from './session-context';
import { useRunOnce } from './use-run-once';

export function SessionEndPage() {
  const controller = useSessionController();
  const [params] = useSearchParams();
  const [returnTo, setReturnTo] = useState(safeReturnPath(params.get('return')));

  useRunOnce(() => {
    if (!params.has('state')) return;
    void controller.completeSignOut(window.location.href).then((carried) => {
      if (carried) setReturnTo(carried);
    });
  });

  return (
    <SignInPrompt
      title="Your session has ended"
      explanation="For your security you were signed out. Sign in again to continue where you left off."
      to={withReturn(PATHS.login, returnTo)}
      action="Sign in again"
    />
  );
}
