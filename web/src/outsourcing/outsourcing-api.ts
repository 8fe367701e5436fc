/**
 * The outsourcing calls (contracts entities/outsourcing.ts lists them): the office's request on its ticket, the
 * company's queue and its work on one ticket, and the requesters' counts. Replies are checked against contracts'
 * schemas; a failed call throws an OutsourcingCallError with the status, the server's message and the fields a
 * 400 names, so forms can put each problem under its field.
 */
import {
  type CallLogInput,
  MANAGEMENT_PAGE_SIZE_MAX,
  OutsourcedTicket,
  type OutsourceInput,
  OutsourceQueueItem,
  type OutsourceQueueQuery,
  type Page,
  pageOf,
  type RequestersQuery,
  RequestersReply,
  type TicketStatusInput,
} from '@dv/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type z } from 'zod';
import { useServices } from '../app/services-context';
import { type HttpClient, type HttpResult } from '../http/http-client';
import { queueCallParams } from './queue-query';

export type FieldProblem = { readonly path: string; readonly message: string };

export class OutsourcingCallError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly problems: readonly FieldProblem[] = [],
  ) {
    super(message);
    this.name = 'OutsourcingCallError';
  }
}

const QueuePage = pageOf(OutsourceQueueItem);
const QUEUE = '/api/management/verifications';
const queuePath = (id: string, action: string) => `${QUEUE}/${encodeURIComponent(id)}/${action}`;

export const QUEUE_QUERY_KEY = 'outsource-queue';
export const REQUESTERS_QUERY_KEY = 'outsource-requesters';
/** The outsourcing state of one ticket as the last reply of this tab told it (there is no read call for it). */
export const outsourcedTicketKey = (id: string) => ['outsourced-ticket', id] as const;

function problemsOf(data: unknown): FieldProblem[] {
  const details = (data as { details?: unknown } | undefined)?.details;
  if (!Array.isArray(details)) return [];
  return details.flatMap((detail: unknown) => {
    const { path, message } = (detail ?? {}) as { path?: unknown; message?: unknown };
    return typeof message === 'string' ? [{ path: typeof path === 'string' ? path : '', message }] : [];
  });
}

function failure(result: HttpResult<unknown>, what: string): OutsourcingCallError {
  return new OutsourcingCallError(result.status, result.error ?? `${what} failed`, problemsOf(result.data));
}

async function ticketOf(call: Promise<HttpResult<unknown>>, what: string): Promise<OutsourcedTicket> {
  const result = await call;
  if (!result.ok) throw failure(result, what);
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

/** `params`: the queue query as GET parameters (queue-query.ts). */
export async function fetchQueue(http: HttpClient, params: Record<string, string>): Promise<Page<OutsourceQueueItem>> {
  const result = await http.get(QUEUE, params);
  if (!result.ok) throw failure(result, 'Reading the queue');
  return QueuePage.parse(result.data);
}

export async function fetchRequesters(http: HttpClient, query: RequestersQuery): Promise<RequestersReply> {
  const result = await http.get('/api/management/requesters', query.officeId === undefined ? {} : { officeId: query.officeId });
  if (!result.ok) throw failure(result, 'Reading the requesters');
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

/**
 * One ticket's row in the company's queue, found by the ticket's office and payer (the queue has no call for a
 * single ticket): who holds it and how many calls were logged. Null when it is not in the queue.
 */
export function useQueueRow(detail: { id: string; officeId: string; carrier: { payerId: string } }, enabled: boolean) {
  const { http } = useServices();
  return useQuery({
    queryKey: [QUEUE_QUERY_KEY, 'row', detail.id],
    queryFn: async () => {
      const params = { pageSize: String(MANAGEMENT_PAGE_SIZE_MAX), officeId: detail.officeId, payerId: detail.carrier.payerId, sort: 'updatedAt', order: 'desc' };
      const page = await fetchQueue(http, params);
      return page.items.find((item) => item.verificationId === detail.id) ?? null;
    },
    enabled,
  });
}
