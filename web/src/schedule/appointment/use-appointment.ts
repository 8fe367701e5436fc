/**
 * What the appointment panel and the ticket's treatment plan tab read (the calls are schedule-api.ts's): one
 * appointment, the office's fees, and each coverage's verification from the ticket API
 * (GET /api/verifications/{id}), in the ticket page's own cache entry, so opening the ticket afterwards shows it at
 * once. Kept live by the socket: a status event of one of the appointment's verifications refetches the
 * appointment (its chips) and that verification; a slow poll backs it up while a verification still works, since
 * the schedule hears of the end on its own bus a moment after the browser does.
 */
import { type ScheduleAppointmentDetail, SOCKET_EVENTS, type VerificationDetail } from '@dv/contracts';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../app/services-context';
import { retryUnlessRefused } from '../../http/api-call-error';
import { useOffice } from '../../office/office-context';
import { useSocketEvent } from '../../realtime/realtime-context';
import { fetchVerification, verificationKey } from '../../verification/ticket/verification-api';
import { appointmentKey, type CoverageRank, feesKey, fetchAppointment, fetchFees } from '../schedule-api';

/** While a verification works: how often the appointment and its tickets are read again, should the socket be down. */
const WORKING_POLL_MS = 5_000;

const working = (detail: ScheduleAppointmentDetail | undefined) =>
  detail?.coverages.some((coverage) => coverage.verification.chip === 'inProgress') ?? false;

/** The appointment, refetched when the socket says one of its verifications moved. */
export function useAppointment(id: string) {
  const { http } = useServices();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: appointmentKey(id),
    queryFn: () => fetchAppointment(http, id),
    retry: retryUnlessRefused,
    refetchInterval: (current) => (working(current.state.data) ? WORKING_POLL_MS : false),
  });
  useSocketEvent(SOCKET_EVENTS.verificationStatus, (event) => {
    const ids = query.data?.coverages.map((coverage) => coverage.verification.verificationId) ?? [];
    if (!ids.includes(event.verificationId)) return;
    void queryClient.invalidateQueries({ queryKey: appointmentKey(id) });
    void queryClient.invalidateQueries({ queryKey: verificationKey(event.verificationId) });
  });
  return query;
}

/** The office's fee per code; changed rarely, read once a minute at most. */
export function useFees() {
  const { http } = useServices();
  const { currentOfficeId } = useOffice();
  return useQuery({ queryKey: feesKey(currentOfficeId), queryFn: () => fetchFees(http), staleTime: 60_000, retry: retryUnlessRefused });
}

export type CoverageVerificationState = {
  readonly rank: CoverageRank;
  readonly verificationId: string | null;
  readonly detail: VerificationDetail | undefined;
  readonly pending: boolean;
  readonly error: Error | null;
};

const jobsWorking = (detail: VerificationDetail | undefined) =>
  detail?.jobs.some((job) => job.status === 'pending' || job.status === 'processing') ?? false;

/** Each coverage's latest verification (the ticket), in the coverages' order. */
export function useCoverageVerifications(detail: ScheduleAppointmentDetail): CoverageVerificationState[] {
  const { http } = useServices();
  const results = useQueries({
    queries: detail.coverages.map((coverage) => {
      const id = coverage.verification.verificationId;
      return {
        queryKey: verificationKey(id ?? ''),
        queryFn: () => fetchVerification(http, id ?? ''),
        enabled: id !== null,
        retry: 1,
        refetchInterval: (current: { state: { data: VerificationDetail | undefined } }) => (jobsWorking(current.state.data) ? WORKING_POLL_MS : false),
      };
    }),
  });
  return detail.coverages.map((coverage, index) => {
    const result = results[index]!;
    const verificationId = coverage.verification.verificationId;
    return {
      rank: coverage.rank,
      verificationId,
      detail: verificationId === null ? undefined : result.data,
      pending: verificationId !== null && result.isPending,
      error: result.error,
    };
  });
}
