/**
 * The outsourcing calls (contracts entities/outsourcing.ts lists them): the office's request on its ticket, the
 * company's queue and its work on one ticket, and the requesters' counts. Replies are checked against contracts'
 * schemas; a failed call throws an ApiCallError (http/api-call-error.ts) with the status, the server's message and
 * the fields a 400 names, so forms can put each problem under its field. The agent's values answer the ticket and fail as the
 * ticket page's own edit does (a VerificationCallError), since the page's fields save them.
 */
import {
  type AgentFieldsInput,
  type CallLogInput,
  OutsourcedTicket,
  OutsourcedTicketReply,
  type OutsourceInput,
  OutsourceQueueItem,
  type OutsourceQueueQuery,
  type Page,
  pageOf,
  type RequestersQuery,
  RequestersReply,
  type TicketStatusInput,
  type VerificationDetail,
} from '@dv/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type z } from 'zod';
import { useServices } from '../app/services-context';
import { callError } from '../http/api-call-error';
import { type HttpClient, type HttpResult } from '../http/http-client';
import { detailOf } from '../verification/ticket/verification-api';
import { queueCallParams } from './queue-query';

const QueuePage = pageOf(OutsourceQueueItem);
const QUEUE = '/api/management/verifications';
const queuePath = (id: string, action: string) => `${QUEUE}/${encodeURIComponent(id)}/${action}`;

export const QUEUE_QUERY_KEY = 'outsource-queue';
export const REQUESTERS_QUERY_KEY = 'outsource-requesters';
/** The outsourcing state of one ticket: its own read, replaced by each reply of a call on it. */
export const outsourcedTicketKey = (id: string) => ['outsourced-ticket', id] as const;

async function ticketOf(call: Promise<HttpResult<unknown>>, what: string): Promise<OutsourcedTicket> {
  const result = await call;
  if (!result.ok) throw callError(result, what);
  return OutsourcedTicket.parse(result.data);
}

export function outsourceTicket(http: HttpClient, id: string, input: z.input<typeof OutsourceInput>): Promise<OutsourcedTicket> {
  return ticketOf(http.post(`/api/verifications/${encodeURIComponent(id)}/outsource`, input), 'Outsourcing the verification');
}

export function claimTicket(http: HttpClient, id: string): Promise<OutsourcedTicket> {
  return ticketOf(http.post(queuePath(id, 'claim')), 'Claiming the ticket');
}

export function moveTicket(http: HttpClient, id: string, input: z.input<typeof TicketStatusInput>): Promise<OutsourcedTicket> {
  return ticketOf(http.post(queuePath(id, 'status'), input), 'Changing the status');
}

export function logPayerCall(http: HttpClient, id: string, input: z.input<typeof CallLogInput>): Promise<OutsourcedTicket> {
  return ticketOf(http.patch(queuePath(id, 'call'), input), 'Logging the call');
}

/** One ticket's outsourcing state; null when it is not in the caller's queue (never outsourced, or not theirs). */
export async function fetchOutsourcedTicket(http: HttpClient, id: string): Promise<OutsourcedTicket | null> {
  const result = await http.get(`${QUEUE}/${encodeURIComponent(id)}`);
  if (result.status === 404) return null;
  if (!result.ok) throw callError(result, 'Reading the outsourced ticket');
  return OutsourcedTicketReply.parse(result.data);
}

/** The agent's values with the payer call they come from (PATCH .../fields): the ticket as saved. */
export async function enterAgentValues(http: HttpClient, id: string, input: AgentFieldsInput): Promise<VerificationDetail> {
  return detailOf(await http.patch(queuePath(id, 'fields'), input), 'Saving');
}

/** `params`: the queue query as GET parameters (queue-query.ts). */
export async function fetchQueue(http: HttpClient, params: Record<string, string>): Promise<Page<OutsourceQueueItem>> {
  const result = await http.get(QUEUE, params);
  if (!result.ok) throw callError(result, 'Reading the queue');
  return QueuePage.parse(result.data);
}

export async function fetchRequesters(http: HttpClient, query: RequestersQuery): Promise<RequestersReply> {
  const result = await http.get('/api/management/requesters', query.officeId === undefined ? {} : { officeId: query.officeId });
  if (!result.ok) throw callError(result, 'Reading the requesters');
  return RequestersReply.parse(result.data);
}

/** The queue page the address asks for; while the next one loads, the rows shown stay. */
export function useOutsourceQueue(query: OutsourceQueueQuery) {
  const { http } = useServices();
  return useQuery({
    queryKey: [QUEUE_QUERY_KEY, query],
    queryFn: () => fetchQueue(http, queueCallParams(query)),
    placeholderData: keepPreviousData,
  });
}

export function useRequesters(query: RequestersQuery) {
  const { http } = useServices();
  return useQuery({ queryKey: [REQUESTERS_QUERY_KEY, query], queryFn: () => fetchRequesters(http, query) });
}

/** One ticket's outsourcing state, read for the agent panel (`enabled`: the ticket is outsourced). */
export function useOutsourcedTicket(id: string, enabled: boolean) {
  const { http } = useServices();
  return useQuery({ queryKey: outsourcedTicketKey(id), queryFn: () => fetchOutsourcedTicket(http, id), enabled });
}
