/**
 * The office the user acts for, its settings and plan type, and the access that follows from them. Keeps the
 * HTTP client's Connected-Dental-Office header and the auth-failure rules in step with what is on screen.
 */
import { type DentalOffice } from '@dv/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useSession } from '../auth/session-context';
import { useServices } from '../app/services-context';
import { type Access, accessFor } from '../routing/access';
import { initialCurrentOffice, rememberForTab, saveCurrentOffice } from './current-office-store';
import { fetchDentalOffice, fetchUserOffices, type OfficeListItem } from './office-api';

export type OfficeState = {
  access: Access;
  currentOfficeId: string | null;
  chooseOffice: (officeId: string) => void;
  offices: readonly OfficeListItem[];
  currentSettings: OfficeListItem | undefined;
  dentalOffice: DentalOffice | undefined;
};

const OfficeContext = createContext<OfficeState | null>(null);

export function useOffice(): OfficeState {
  const state = useContext(OfficeContext);
  if (!state) throw new Error('useOffice outside <OfficeProvider>');
  return state;
}

export function useAccess(): Access {
  return useOffice().access;
}

export function OfficeProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const { http, runtime } = useServices();
  const queryClient = useQueryClient();
  const signedIn = session.status === 'signedIn' ? session : null;
  const allowed = useMemo(() => signedIn?.claims.allowedOfficeIds ?? [], [signedIn]);
  const userKey = signedIn?.claims.sub ?? signedIn?.claims.email ?? null;

  const [chosen, setChosen] = useState<{ user: string | null; officeId: string | null } | null>(null);
  const currentOfficeId =
    chosen && chosen.user === userKey && (chosen.officeId === null || allowed.includes(chosen.officeId))
      ? chosen.officeId
      : initialCurrentOffice(allowed);
  const access = useMemo(() => accessFor(session, currentOfficeId), [session, currentOfficeId]);

  useLayoutEffect(() => {
    runtime.currentOfficeId = currentOfficeId;
    runtime.roles = access.roles;
    runtime.officeIds = access.officeIds;
    if (currentOfficeId) rememberForTab(currentOfficeId);
  }, [runtime, currentOfficeId, access]);

  const offices = useQuery({
    queryKey: ['user-offices', userKey],
    queryFn: () => fetchUserOffices(http),
    enabled: signedIn !== null,
  });
  const dentalOffice = useQuery({
    queryKey: ['dental-office', currentOfficeId],
    queryFn: () => fetchDentalOffice(http, currentOfficeId ?? ''),
    enabled: signedIn !== null && currentOfficeId !== null,
    retry: false,
  });

  const chooseOffice = useCallback(
    (officeId: string) => {
      saveCurrentOffice(officeId);
      runtime.currentOfficeId = officeId;
      setChosen({ user: userKey, officeId });
    },
    [runtime, userKey],
  );

  // Every read is done again for the new office, once the new office's first render committed: by then a page its
  // roles do not open is gone (the route gate renders its redirect in that commit), so none of that page's reads
  // goes out with the new office's header, which the service would refuse (403: the app would sign the user out).
  const previousOffice = useRef(currentOfficeId);
  useEffect(() => {
    if (previousOffice.current === currentOfficeId) return;
    previousOffice.current = currentOfficeId;
    void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'user-offices' });
  }, [currentOfficeId, queryClient]);

  const value = useMemo<OfficeState>(
    () => ({
      access,
      currentOfficeId,
      chooseOffice,
      offices: offices.data ?? [],
      currentSettings: offices.data?.find((office) => office.id === currentOfficeId),
      dentalOffice: dentalOffice.data,
    }),
    [access, currentOfficeId, chooseOffice, offices.data, dentalOffice.data],
  );
  return <OfficeContext.Provider value={value}>{children}</OfficeContext.Provider>;
}
