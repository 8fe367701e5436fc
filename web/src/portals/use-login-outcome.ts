/**
 * After a credential is saved, keeps the info bar's 'Your changes has been saved.' telling how the login that
 * follows goes (login-outcome.ts), as the socket's events and refetches bring the credential's statuses, until no
 * provider is still logging in. A later change of the credential (a retry, say) is no longer this save's outcome.
 */
import { type PortalCredential } from '@dv/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useInfoBar } from '../info-bar/info-bar';
import { loginOutcome, savedMessage } from './login-outcome';

type Watched = { credentialId: string; portalName: string };

export function useLoginOutcome(credentials: readonly PortalCredential[] | undefined): (credential: PortalCredential, portalName: string) => void {
  const infoBar = useInfoBar();
  const [watched, setWatched] = useState<Watched | null>(null);
  // What the bar says for the watched save, so that a refetch bringing the same statuses does not show it again
  // (which would restart its time, or bring back a bar the user closed).
  const shown = useRef<string | null>(null);
  const done = useRef(false);

  useEffect(() => {
    if (watched === null || done.current) return;
    const credential = credentials?.find((candidate) => candidate.id === watched.credentialId);
    // Deleted meanwhile: nothing more to say about it.
    if (credential === undefined) return;
    const outcome = loginOutcome(watched.portalName, credential);
    const message = savedMessage(outcome);
    const key = JSON.stringify(message);
    if (shown.current !== key) {
      shown.current = key;
      infoBar.show(message);
    }
    if (outcome === null || outcome.settled) done.current = true;
  }, [watched, credentials, infoBar]);

  return useCallback(
    (credential: PortalCredential, portalName: string) => {
      shown.current = null;
      done.current = false;
      // The saved message shows at once, before the cached list has the credential.
      infoBar.show({ type: 'saved' });
      setWatched({ credentialId: credential.id, portalName });
    },
    [infoBar],
  );
}
