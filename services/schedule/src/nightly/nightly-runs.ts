/**
 * The offices' nightly runs: an office that switched it on has its next business day verified every evening at its
 * chosen hour, in its own time zone, by a timer inside the service (no extra server). Each office's run is recorded
 * (`lastNightlyFor`), so a restart, a second check within the hour or a second replica does not start it twice; a
 * run that fails (the practice-management system down) is tried again at the next check within the hour.
 */
import { Conflict, type Logger, type Store } from '@dv/kit';
import { type BatchService } from '../batch/batch.service';
import { officeContextOf, type PracticeAdapters, type ProfileReader } from '../schedule/office-context';
import { type ScheduleStore } from '../schedule/schedule.store';

export const NIGHTLY_REQUESTER = { userId: 'system:schedule-nightly', name: 'Nightly run' } as const;

/** The office's wall clock at `now`: its day (YYYY-MM-DD), hour and weekday (0 Sunday to 6 Saturday). */
export function localClock(now: Date, timeZone: string): { date: string; hour: number; weekday: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
    weekday: 'short',
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? '';
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(part('weekday'));
  return { date: `${part('year')}-${part('month')}-${part('day')}`, hour: Number(part('hour')), weekday };
}

/** The business day after `date` (YYYY-MM-DD): Monday to Friday; a Friday's is the Monday after. */
export function nextBusinessDay(date: string): string {
  const day = new Date(`${date}T12:00:00.000Z`);
  do day.setUTCDate(day.getUTCDate() + 1);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6);
  return day.toISOString().slice(0, 10);
}

export interface NightlyRunsDeps {
  readonly schedule: ScheduleStore;
  readonly batches: Pick<BatchService, 'start'>;
  readonly store: Pick<Store, 'transaction'>;
  readonly profiles: ProfileReader;
  readonly adapters: PracticeAdapters;
  readonly now: () => Date;
  readonly intervalMs: number;
  readonly logger?: Logger;
}

export function createNightlyRuns(deps: NightlyRunsDeps) {
  let timer: NodeJS.Timeout | undefined;

  /** Starts every run that is due now; answers the days started, per office. */
  async function check(): Promise<{ officeId: string; date: string }[]> {
    const started: { officeId: string; date: string }[] = [];
    for (const doc of await deps.schedule.settingsWithNightlyRuns()) {
      const clock = localClock(deps.now(), doc.settings.timeZone);
      if (clock.hour !== doc.settings.nightlyHour) continue;
      const target = nextBusinessDay(clock.date);
      if (doc.lastNightlyFor === target) continue;
      try {
        await deps.batches.start(await officeContextOf(doc._id, deps.profiles, deps.adapters), target, 'nightly', NIGHTLY_REQUESTER);
        started.push({ officeId: doc._id, date: target });
      } catch (error) {
        // A batch of that day already running (someone pressed "Verify all"): the day is being verified.
        if (!(error instanceof Conflict)) {
          deps.logger?.warn({ err: error, officeId: doc._id, date: target }, 'the nightly run could not start; it is tried again at the next check');
          continue;
        }
      }
      await deps.store.transaction((tx) => deps.schedule.saveSettings(tx, { ...doc, lastNightlyFor: target }));
    }
    return started;
  }

  return {
    check,
    start() {
      timer = setInterval(() => void check(), deps.intervalMs);
      timer.unref();
    },
    stop() {
      if (timer !== undefined) clearInterval(timer);
    },
  };
}
