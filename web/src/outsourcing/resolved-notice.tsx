/**
 * The office's notification when the company resolves one of its outsourced tickets (`ticket_resolved`): a toast
 * that stays until closed, with the way to the ticket. The event names the ticket and the request type only.
 */
import { type OutsourceType, SOCKET_EVENTS } from '@dv/contracts';
import { useNavigate } from 'react-router';
import { useServices } from '../app/services-context';
import { useSocketEvent } from '../realtime/realtime-context';

export const resolvedTitle = 'Outsourced verification resolved';

export function resolvedText(type: OutsourceType, here: boolean): string {
  return here ? `The ${type} request for this verification is resolved.` : `A ${type} request of your office is resolved.`;
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
