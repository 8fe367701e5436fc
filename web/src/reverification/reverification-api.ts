/**
 * The re-verification API of the /reverification pages (services/verifications/src/reverification): the office's
 * list (GET /api/reverifications), one re-verification (GET /api/reverifications/{id}), a new check
 * (POST /api/reverifications) and its PDF. A failed call throws an ApiCallError (http/api-call-error.ts) with the
 * status and the server's message (a refused re-check's 409 says why, in REVERIFICATION_MESSAGES' words), so a
 * page shows it as the service put it.
 *
 * Kept live by the socket, never by polling: each re-verification status event of the office refetches the lists
 * and the re-verification it names.
 */
import {
  type Page,
  pageOf,
  type ReverificationDetail,
  ReverificationListItem,
  type ReverificationListQuery,
  type ReverificationPdfQuery,
  SOCKET_EVENTS,
} from '@dv/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../app/services-context';
import { callError, retryUnlessRefused } from '../http/api-call-error';
import { type HttpClient, type HttpResult } from '../http/http-client';
import { useSocketEvent } from '../realtime/realtime-context';
import { listCallParams } from './reverification-query';

const ReverificationPage = pageOf(ReverificationListItem);
const BASE = '/api/reverifications';
const onePath = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export const REVERIFICATIONS_QUERY_KEY = 'reverifications';
const listKey = (query: ReverificationListQuery) => [REVERIFICATIONS_QUERY_KEY, 'list', query] as const;
export const reverificationKey = (id: string) => [REVERIFICATIONS_QUERY_KEY, 'one', id] as const;

export async function fetchReverifications(http: HttpClient, query: ReverificationListQuery): Promise<Page<ReverificationListItem>> {
  // The list's own parameters, and the verification whose re-verification the start panel looks for.
  const result = await http.get(BASE, { ...listCallParams(query), ...(query.verificationId ? { verificationId: query.verificationId } : {}) });
  if (!result.ok) throw callError(result, 'Reading the re-verifications');
  return ReverificationPage.parse(result.data);
}

/**
 * A re-verification the service answered through the contract's schema. The page shows it at once; the check
 * against the schema (which brings the Reverification document's model) runs once its module has loaded, and a
 * reply that fails it is reported, never silently taken as valid: as the plan and the ticket pages do.
 */
function detailOf(result: HttpResult<unknown>, what: string): ReverificationDetail {
  if (!result.ok) throw callError(result, what);
  const detail = result.data as ReverificationDetail;
  void import('./reverification-schemas').then(({ ReverificationDetail: schema }) => {
    const check = schema.safeParse(detail);
    if (!check.success) console.error('re-verification reply does not match the contract', check.error.issues.slice(0, 5));
  });
  return detail;
}

export async function fetchReverification(http: HttpClient, id: string): Promise<ReverificationDetail> {
  return detailOf(await http.get(onePath(id)), 'Reading the re-verification');
}

/** Checks the verification's eligibility again: the re-verification with its new check (201), or the 409's reason. */
export async function startReverification(http: HttpClient, verificationId: string): Promise<ReverificationDetail> {
  return detailOf(await http.post(BASE, { verificationId }), 'Starting the re-verification');
}

/** The server-rendered Re-verification PDF as a file (the call carries the session's token, so a plain link could not). */
export async function fetchReverificationPdf(http: HttpClient, id: string, query: ReverificationPdfQuery): Promise<Blob> {
  const result = await http.get(`${onePath(id)}/pdf`, query, { read: 'file' });
  if (!result.ok || result.file === undefined) throw callError(result, 'Making the PDF');
  return result.file;
}

/** Every status event of the office's re-verifications: the lists refetch (a row's status, its changes). */
function useListsLive() {
  const queryClient = useQueryClient();
  useSocketEvent(SOCKET_EVENTS.reverificationStatus, () => {
    void queryClient.invalidateQueries({ queryKey: [REVERIFICATIONS_QUERY_KEY, 'list'] });
  });
}

export function useReverifications(query: ReverificationListQuery, enabled = true) {
  const { http } = useServices();
  useListsLive();
  return useQuery({
    queryKey: listKey(query),
    queryFn: () => fetchReverifications(http, query),
    // The table keeps the previous page while the next one loads instead of flashing empty.
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** One re-verification, refetched when the socket says its check started, waits or ended. */
export function useReverification(id: string) {
  const { http } = useServices();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: reverificationKey(id),
    queryFn: () => fetchReverification(http, id),
    retry: retryUnlessRefused,
  });
  useSocketEvent(SOCKET_EVENTS.reverificationStatus, (event) => {
    if (event.reverificationId === id) void queryClient.invalidateQueries({ queryKey: reverificationKey(id) });
  });
  return query;
}
