/**
 * The ticket API of the verification page: read, edit (with the version the user saw), submit, retry a source
 * job, download the PDF. Replies are checked against the contracts' schemas. A failed call throws a
 * VerificationCallError with the status, the server's message and its details (field problems of a 400, the
 * stored values of a 409), so the page can put each where it belongs.
 */
import {
  type EditConflictDetails,
  type FieldEdit,
  SOCKET_EVENTS,
  type VerificationDetail,
  type VerificationPdfQuery,
} from '@dv/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../app/services-context';
import { ApiCallError, type FieldIssue, fieldIssuesOf } from '../../http/api-call-error';
import { type HttpClient, type HttpResult } from '../../http/http-client';
import { useSocketEvent } from '../../realtime/realtime-context';

/** A failed ticket call: an ApiCallError that also carries the stored values of a 409 (an edit made on an older version). */
export class VerificationCallError extends ApiCallError {
  constructor(
    status: number,
    message: string,
    issues: readonly FieldIssue[] = [],
    readonly conflict: EditConflictDetails | null = null,
  ) {
    super(status, message, issues);
  }
}

const base = (id: string) => `/api/verifications/${encodeURIComponent(id)}`;
export const verificationKey = (id: string) => ['verification', id] as const;

/** The contract's schemas, loaded once, after the page has shown (ticket-schemas.ts). */
const schemas = () => import('./ticket-schemas');

async function failure(result: HttpResult<unknown>, what: string): Promise<VerificationCallError> {
  const details = (result.data as { details?: unknown } | undefined)?.details;
  const conflict = result.status === 409 ? (await schemas()).EditConflictDetails.safeParse(details) : null;
  return new VerificationCallError(
    result.status,
    result.error ?? `${what} failed`,
    fieldIssuesOf(result.data),
    conflict?.success ? conflict.data : null,
  );
}

/**
 * A ticket the service answered through the contract's response schema. The page shows it at once; the check
 * against the same schema runs once its module has loaded, and a reply that fails it is reported (a service and
 * a page of different releases), never silently taken as valid. Also read by the agents' edits through the
 * outsourcing queue (outsourcing/outsourcing-api.ts), which answer a ticket and fail as the plain edit does.
 */
export async function detailOf(result: HttpResult<unknown>, what: string): Promise<VerificationDetail> {
  if (!result.ok) throw await failure(result, what);
  const detail = result.data as VerificationDetail;
  void schemas().then(({ VerificationDetail: schema }) => {
    const check = schema.safeParse(detail);
    if (!check.success) console.error('verification reply does not match the contract', check.error.issues.slice(0, 5));
  });
  return detail;
}

export async function fetchVerification(http: HttpClient, id: string): Promise<VerificationDetail> {
  return detailOf(await http.get(base(id)), 'Reading the verification');
}

export async function editVerification(http: HttpClient, id: string, edits: readonly FieldEdit[], version: number): Promise<VerificationDetail> {
  return detailOf(await http.patch(base(id), { edits, version }), 'Saving');
}

export async function submitVerification(http: HttpClient, id: string): Promise<VerificationDetail> {
  return detailOf(await http.post(`${base(id)}/submit`), 'Submitting');
}

export async function retrySourceJob(http: HttpClient, id: string, jobId: string): Promise<VerificationDetail> {
  return detailOf(await http.post(`${base(id)}/jobs/${encodeURIComponent(jobId)}/retry`), 'Retrying the source');
}

/** The server-rendered PDF as a file (the call carries the session's token, so a plain link could not). */
export async function fetchVerificationPdf(http: HttpClient, id: string, query: VerificationPdfQuery): Promise<Blob> {
  const result = await http.get(`${base(id)}/pdf`, query, { read: 'file' });
  if (!result.ok || result.file === undefined) throw await failure(result, 'Making the PDF');
  return result.file;
}

/**
 * The ticket, kept live: each verification status event of the socket for this ticket puts the jobs' new
 * statuses into the cache at once (the chips move without waiting; an ended job waits for the refetch, which
 * says how it ended) and refetches the ticket, whose values may have changed with them. A slow poll backs the socket up while a job still works, in case it is down.
 */
export function useVerification(id: string) {
  const { http } = useServices();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: verificationKey(id),
    queryFn: () => fetchVerification(http, id),
    retry: (count, error) => !(error instanceof VerificationCallError && error.status < 500) && count < 2,
    refetchInterval: (current) => {
      const jobs = current.state.data?.jobs ?? [];
      return jobs.some((job) => job.status === 'pending' || job.status === 'processing') ? 15_000 : false;
    },
  });
  useSocketEvent(SOCKET_EVENTS.verificationStatus, (event) => {
    if (event.verificationId !== id) return;
    queryClient.setQueryData<VerificationDetail>(verificationKey(id), (current) =>
      current === undefined
        ? current
        : {
            ...current,
            jobs: current.jobs.map((job) => {
              const changed = event.jobs.find((candidate) => candidate.id === job.id);
              // The event carries no outcome: a job that ended keeps its chip until the refetch tells how it ended.
              if (changed === undefined || changed.status === job.status || changed.status === 'done') return job;
              return { ...job, status: changed.status, outcome: null };
            }),
          },
    );
    void queryClient.invalidateQueries({ queryKey: verificationKey(id) });
  });
  return query;
}
