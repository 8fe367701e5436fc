/**
 * The bugs service's management API for /management/bugs (agent, admin, superadministrator): list, detail,
 * attachment bytes, solve / reopen. Replies are checked against contracts' schemas; a call that fails throws an
 * ApiCallError (http/api-call-error.ts) carrying the status, so pages can tell "not there" from "broken".
 */
import {
  type BugReportListQuery,
  type BugReportPatch,
  ManagedBugReport,
  type Page,
  pageOf,
} from '@dv/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../app/services-context';
import { callError, retryUnlessRefused } from '../http/api-call-error';
import { type HttpClient } from '../http/http-client';
import { listQueryParams } from './bug-list-filters';

const BugReportPage = pageOf(ManagedBugReport);
const BASE = '/api/management/bugs';
const reportPath = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export const BUGS_QUERY_KEY = 'management-bugs';
const listKey = (query: BugReportListQuery) => [BUGS_QUERY_KEY, 'list', query] as const;
const reportKey = (id: string) => [BUGS_QUERY_KEY, 'report', id] as const;
const attachmentKey = (id: string) => [BUGS_QUERY_KEY, 'attachment', id] as const;

export async function fetchBugReports(http: HttpClient, query: BugReportListQuery): Promise<Page<ManagedBugReport>> {
  const result = await http.get(BASE, listQueryParams(query));
  if (!result.ok) throw callError(result, 'Listing bug reports');
  return BugReportPage.parse(result.data);
}

export async function fetchBugReport(http: HttpClient, id: string): Promise<ManagedBugReport> {
  const result = await http.get(reportPath(id));
  if (!result.ok) throw callError(result, 'Reading the bug report');
  return ManagedBugReport.parse(result.data);
}

export async function patchBugReport(http: HttpClient, id: string, patch: BugReportPatch): Promise<ManagedBugReport> {
  const result = await http.patch(reportPath(id), patch);
  if (!result.ok) throw callError(result, 'Saving the bug report');
  return ManagedBugReport.parse(result.data);
}

/** The attachment's bytes, read with the session's token (a plain link could not send it). */
export async function fetchBugAttachment(http: HttpClient, id: string): Promise<Blob> {
  const result = await http.get(`${reportPath(id)}/attachment`, undefined, { read: 'file' });
  if (!result.ok || !result.file) throw callError(result, 'Reading the attachment');
  return result.file;
}

export function useBugReports(query: BugReportListQuery) {
  const { http } = useServices();
  return useQuery({
    queryKey: listKey(query),
    queryFn: () => fetchBugReports(http, query),
    // The table keeps the previous page while the next one loads instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}

export function useBugReport(id: string) {
  const { http } = useServices();
  return useQuery({
    queryKey: reportKey(id),
    queryFn: () => fetchBugReport(http, id),
    retry: retryUnlessRefused,
  });
}

export function useBugAttachment(id: string) {
  const { http } = useServices();
  return useQuery({
    queryKey: attachmentKey(id),
    queryFn: () => fetchBugAttachment(http, id),
    // Attachments do not change; up to 5 MB each, so they leave memory soon after the page does.
    staleTime: Infinity,
    gcTime: 30_000,
  });
}

export function useSetBugSolved(id: string) {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (solved: boolean) => patchBugReport(http, id, { solved }),
    onSuccess: async (report) => {
      queryClient.setQueryData(reportKey(id), report);
      await queryClient.invalidateQueries({ queryKey: [BUGS_QUERY_KEY, 'list'] });
    },
  });
}
