/**
 * The goduser's data correction (/correction): a ticket's raw document with what the validators say of it
 * (GET /api/correction/tickets/{id}) and its correction (PUT, a version 3 wrapper with a note and the version it
 * was made on). A refused call throws an ApiCallError (http/api-call-error.ts) with the 400's issues
 * ('document.plan...') or the 409's current version.
 */
import { CorrectionTicket } from '@dv/contracts';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../app/services-context';
import { checkedReply, retryUnlessRefused } from '../http/api-call-error';
import { type HttpClient } from '../http/http-client';

const ticketPath = (id: string) => `/api/correction/tickets/${encodeURIComponent(id)}`;
export const correctionKey = (id: string) => ['correction', id] as const;

export async function fetchCorrectionTicket(http: HttpClient, id: string): Promise<CorrectionTicket> {
  return checkedReply(CorrectionTicket, await http.get(ticketPath(id)), 'Reading the ticket');
}

export async function saveCorrection(http: HttpClient, id: string, input: { document: unknown; note: string; expectedVersion: number }): Promise<CorrectionTicket> {
  return checkedReply(CorrectionTicket, await http.put(ticketPath(id), input), 'Saving the correction');
}

/** The ticket named in the page's address; nothing is read until one is named. */
export function useCorrectionTicket(id: string | null) {
  const { http } = useServices();
  return useQuery({
    queryKey: correctionKey(id ?? ''),
    queryFn: () => fetchCorrectionTicket(http, id ?? ''),
    enabled: id !== null,
    // A ticket that is not found is the answer, not a reason to ask again.
    retry: retryUnlessRefused,
  });
}
