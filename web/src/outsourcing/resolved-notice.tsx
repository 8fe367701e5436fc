/**
 * The office's notification when the company resolves one of its outsourced tickets (`ticket_resolved`): a toast
 * that stays until closed, with the way to the ticket. The event names the ticket and the request type only.
 *
 * Mounted once, in the app's shell (layout/root-layout.tsx), for office users (staff, staff managers: the roles
 * that outsource) on every page; on the ticket's own page it speaks of "this verification". The toast's key is
 * the ticket's, so one resolution is one toast.
 */
import { hasAnyRole, matchRoute, OUTSOURCE_REQUEST_ROLES, type OutsourceType, pathOnly, PATHS, SOCKET_EVENTS } from '@dv/contracts';
import { useLocation, useNavigate } from 'react-router';
import { useServices } from '../app/services-context';
import { useOffice } from '../office/office-context';
import { useSocketEvent } from '../realtime/realtime-context';

export const resolvedTitle = 'Outsourced verification resolved';

export function resolvedText(type: OutsourceType, here: boolean): string {
  return here ? `The ${type} request for this verification is resolved.` : `A ${type} request of your office is resolved.`;
}

/** The ticket a path shows (/verification/{id}), if it shows one. */
export function ticketOnScreen(path: string): string | undefined {
  if (matchRoute(path)?.path !== PATHS.verificationDetail) return undefined;
  const segment = pathOnly(path).split('/')[2];
  if (segment === undefined) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Renders nothing: shows the toast while mounted. `currentId`: the ticket on screen, if any. */
export function ResolvedNotice({ currentId }: { currentId?: string }) {
  const { notifierHub } = useServices();
  const navigate = useNavigate();
  useSocketEvent(SOCKET_EVENTS.ticketResolved, (event) => {
    const here = event.verificationId === currentId;
    notifierHub.notifier.toast({
      key: `ticket-resolved-${event.verificationId}`,
      type: 'success',
      message: resolvedTitle,
      description: resolvedText(event.type, here),
      durationMs: false,
      ...(here ? {} : { action: { label: 'Open it', onClick: () => void navigate(`/verification/${encodeURIComponent(event.verificationId)}`) } }),
    });
  });
  return null;
}

/** The shell's notice: for office users only, knowing which ticket the page shows. */
export function OfficeResolvedNotice() {
  const { access } = useOffice();
  const { pathname } = useLocation();
  if (!access.loggedIn || !hasAnyRole(access.effectiveRoles, OUTSOURCE_REQUEST_ROLES)) return null;
  return <ResolvedNotice currentId={ticketOnScreen(pathname)} />;
}
