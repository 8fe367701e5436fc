/**
 * A schedule day for the page, kept live by the socket: a batch's progress events move its bar at once and
 * refetch the day (its chips and counts), throttled so that a batch of many appointments does not ask for the
 * day at every step; the last event (done) refetches at once, for the summary. A verification of one of the
 * day's patients that ends (the verification status event) refetches it too. No polling.
 */
import { SOCKET_EVENTS, type ScheduleBatchProgressEvent, type ScheduleDayView } from '@dv/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useServices } from '../app/services-context';
import { retryUnlessRefused } from '../http/api-call-error';
import { useOffice } from '../office/office-context';
import { useSocketEvent } from '../realtime/realtime-context';
import { mergeProgress } from './batch-progress';
import { dayKey, fetchScheduleDay } from './schedule-api';

/** At most one read of the day per this many milliseconds while events come in. */
export const DAY_REFETCH_THROTTLE_MS = 1500;

/**
 * `trigger()` runs the callback now, or once at the end of the quiet interval if it ran less than `intervalMs`
 * ago; `trigger({ now: true })` runs it at once whatever; `trigger({ again: true })` also runs it once more after
 * the interval (a read that may come too early).
 */
export function useThrottled(callback: () => void, intervalMs: number) {
  const latest = useRef(callback);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef(false);
  useEffect(() => {
    latest.current = callback;
  });
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );
  return useCallback(
    ({ now = false, again = false }: { now?: boolean; again?: boolean } = {}) => {
      const fire = () => {
        pending.current = false;
        latest.current();
        timer.current = setTimeout(() => {
          timer.current = null;
          if (pending.current) fire();
        }, intervalMs);
      };
      if (now && timer.current !== null) {
        clearTimeout(timer.current);
        timer.current = null;
      }
      if (timer.current === null) fire();
      else pending.current = true;
      if (again) pending.current = true;
    },
    [intervalMs],
  );
}

function verificationIdsOf(day: ScheduleDayView | undefined): Set<string> {
  const ids = new Set<string>();
  for (const appointment of day?.appointments ?? []) {
    for (const coverage of appointment.coverages) if (coverage.verification.verificationId) ids.add(coverage.verification.verificationId);
  }
  return ids;
}

export function useScheduleDay(date: string, enabled: boolean) {
  const { http } = useServices();
  const { currentOfficeId } = useOffice();
  const queryClient = useQueryClient();
  const key = useMemo(() => dayKey(currentOfficeId, date), [currentOfficeId, date]);
  const query = useQuery({
    queryKey: key,
    queryFn: () => fetchScheduleDay(http, date),
    enabled,
    retry: retryUnlessRefused,
  });
  const [event, setEvent] = useState<ScheduleBatchProgressEvent | null>(null);
  const refetch = useThrottled(() => void queryClient.invalidateQueries({ queryKey: key }), DAY_REFETCH_THROTTLE_MS);

  useSocketEvent(SOCKET_EVENTS.scheduleBatchProgress, (progress) => {
    if (progress.date !== date) return;
    setEvent(progress);
    const known = query.data?.batch?.id === progress.batchId;
    refetch({ now: progress.status === 'done' || !known });
  });
  useSocketEvent(SOCKET_EVENTS.verificationStatus, ({ verificationId }) => {
    // The schedule service hears of the verification on its own way: a read at once may come before it did.
    if (verificationIdsOf(query.data).has(verificationId)) refetch({ again: true });
  });

  const current = event !== null && event.date === date ? event : null;
  const batch = mergeProgress(query.data?.batch ?? null, current);
  return { query, batch };
}
