/**
 * Keeps an outsourced ticket's page current from the socket: `ticket_status` changes the status shown at once
 * and refetches the ticket (an agent's move may come with notes and values), its outsourcing state (the agent
 * panel's read) and the queue.
 * The events carry ids and statuses only, never patient data.
 */
import { SOCKET_EVENTS, type VerificationDetail } from '@dv/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useSocketEvent } from '../realtime/realtime-context';
import { verificationKey } from '../verification/ticket/verification-api';
import { outsourcedTicketKey, QUEUE_QUERY_KEY } from './outsourcing-api';

export function useTicketStatusLive(verificationId: string): void {
  const queryClient = useQueryClient();
  useSocketEvent(SOCKET_EVENTS.ticketStatus, (event) => {
    if (event.verificationId !== verificationId) return;
    queryClient.setQueryData<VerificationDetail>(verificationKey(verificationId), (current) =>
      current === undefined ? current : { ...current, ticket: { ...current.ticket, status: event.status } },
    );
    void queryClient.invalidateQueries({ queryKey: verificationKey(verificationId) });
    void queryClient.invalidateQueries({ queryKey: outsourcedTicketKey(verificationId) });
    void queryClient.invalidateQueries({ queryKey: [QUEUE_QUERY_KEY] });
  });
}
