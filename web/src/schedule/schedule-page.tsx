/**
 * /schedule (today, in the browser's calendar) and /schedule/{date}: the office's Appointment Schedule of a day
 * (issue 16). The day's appointments by time with each verification's status, kept live by the socket; "Verify
 * all" with its progress and result; one appointment verified from its row; the appointment's panel beside the
 * list (?appointment=); the schedule settings; and, for developers with the 'Schedule test' switch, the sandbox's
 * controls. Offices without the Appointment Schedule (use-schedule-offer.ts) get a plain refusal, never a call.
 *
 * Plain table and controls (ui/) as on the other list pages; the panel, the settings dialog and the sandbox's
 * controls load when first shown, to keep the page's first JavaScript small.
 */
import { matchRoute, PATHS, SCHEDULE_SETTINGS_ROLES, type ScheduleDayView } from '@dv/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useServices } from '../app/services-context';
import { useDevSetting } from '../dev-tools/use-dev-setting';
import { useOffice } from '../office/office-context';
import { LoadError } from '../ui/load-error';
import { Notice } from '../ui/notice';
import { Pill } from '../ui/pill';
import { PlaceholderLines } from '../ui/placeholder-lines';
import { StatusResult } from '../ui/status-result';
import { APPOINTMENT_PARAM, verificationPathFor } from './appointment/appointment-links';
import { AppointmentTable, type AppointmentTableProps } from './appointment-table';
import { BatchPanel } from './batch-panel';
import { type VerifyRequest, verifyKey } from './coverage-status';
import { DayNav } from './day-nav';
import { dayKey, startBatch, useScheduleSettings, verifyCoverage } from './schedule-api';
import { isScheduleDay, schedulePath, todayOf } from './schedule-dates';
import { useScheduleDay } from './use-schedule-day';
import { useScheduleOffer } from './use-schedule-offer';
import '../ui/ui.css';
import './schedule.css';

export const SCHEDULE_TITLE = matchRoute(PATHS.schedule)?.label ?? 'Appointment Schedule';
const TITLE_ID = 'schedule-title';
const TABLE_TITLE_ID = 'schedule-day-title';

const AppointmentDrawer = lazy(() => import('./appointment-drawer').then((m) => ({ default: m.AppointmentDrawer })));
const ScheduleSettingsDialog = lazy(() => import('./schedule-settings-dialog').then((m) => ({ default: m.ScheduleSettingsDialog })));
const SandboxControls = lazy(() => import('./sandbox-controls').then((m) => ({ default: m.SandboxControls })));

function Title({ sandbox, onSettings, settingsLoading }: { sandbox: boolean; onSettings: () => void; settingsLoading: boolean }) {
  return (
    <header className="dv-schedule__head">
      <div className="dv-row">
        <h1 id={TITLE_ID} className="dv-page-title">
          {SCHEDULE_TITLE}
        </h1>
        {sandbox ? (
          <Pill tone="purple" title="The appointments come from the sandbox practice-management system, not a real one" data-testid="sandbox-badge">
            Sandbox
          </Pill>
        ) : null}
      </div>
      <Button onClick={onSettings} loading={settingsLoading}>
        Schedule settings
      </Button>
    </header>
  );
}

/** "Verify all": the batch the service started goes into the day at once; a refusal is said and the day re-read. */
function useVerifyAll(date: string) {
  const { http } = useServices();
  const { currentOfficeId } = useOffice();
  const queryClient = useQueryClient();
  const key = dayKey(currentOfficeId, date);
  return useMutation({
    mutationFn: () => startBatch(http, date),
    onSuccess: (batch) => queryClient.setQueryData<ScheduleDayView>(key, (day) => (day ? { ...day, batch } : day)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/**
 * One coverage verified from its row: the verification's page opens once the service has started it, for this
 * appointment (its treatment plan tab).
 */
function useVerifyOne() {
  const { http } = useServices();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: ({ appointmentId, rank }: VerifyRequest) => verifyCoverage(http, appointmentId, rank),
    onSuccess: ({ verificationId }, { appointmentId }) => void navigate(verificationPathFor(verificationId, appointmentId)),
  });
}

/** The day's table, or its loading, failed or empty state; `table` is what the rows do (appointment-table.tsx). */
type DayContentProps = {
  readonly day: ReturnType<typeof useScheduleDay>['query'];
  readonly date: string;
} & Omit<AppointmentTableProps, 'appointments' | 'labelledBy' | 'busy'>;

function DayContent({ day, date, ...table }: DayContentProps) {
  if (day.isPending) return <PlaceholderLines rows={8} label="Loading the appointments" />;
  if (day.isError) return <LoadError title={`The schedule of this day could not be loaded. ${day.error.message}`} onRetry={() => void day.refetch()} />;
  if (day.data.appointments.length === 0) {
    return (
      <p className="dv-schedule__empty" data-testid="schedule-empty">
        No appointments on this day. Use Previous day and Next day, or pick a day, to see another.
      </p>
    );
  }
  const appointments = [...day.data.appointments].sort((a, b) => a.start.localeCompare(b.start));
  return (
    <>
      <h2 id={TABLE_TITLE_ID} className="dv-visually-hidden">
        Appointments of {date}
      </h2>
      <AppointmentTable appointments={appointments} labelledBy={TABLE_TITLE_ID} busy={day.isFetching} {...table} />
    </>
  );
}

function ScheduleDay({ date, today }: { date: string; today: string }) {
  const { access, currentOfficeId } = useOffice();
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const { query: day, batch } = useScheduleDay(date, true);
  const verifyAll = useVerifyAll(date);
  const verifyOne = useVerifyOne();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const settings = useScheduleSettings(settingsOpen);
  const sandboxTest = useDevSetting('scheduleTest');
  const canEditSettings = access.effectiveRoles.some((role) => (SCHEDULE_SETTINGS_ROLES as readonly string[]).includes(role));

  const openId = search.get(APPOINTMENT_PARAM);
  const open = day.data?.appointments.find((appointment) => appointment.id === openId) ?? null;
  const panelSearch = (id: string) => `?${new URLSearchParams({ [APPOINTMENT_PARAM]: id }).toString()}`;
  const verifying = verifyOne.isPending && verifyOne.variables ? verifyKey(verifyOne.variables) : null;
  const onVerify = (request: VerifyRequest) => verifyOne.mutate(request);
  const sandbox = day.data?.source === 'sandbox';
  // What the panel did (a verification started, values written back) shows in the row once it closes.
  const closePanel = () => {
    setSearch({}, { replace: true });
    void queryClient.invalidateQueries({ queryKey: dayKey(currentOfficeId, date) });
  };

  return (
    <section className="dv-page dv-schedule" aria-labelledby={TITLE_ID}>
      <Title sandbox={sandbox} onSettings={() => setSettingsOpen(true)} settingsLoading={settingsOpen && settings.isPending} />
      <DayNav date={date} today={today} />
      {sandboxTest && sandbox ? (
        <Suspense fallback={null}>
          <SandboxControls date={date} today={today} />
        </Suspense>
      ) : null}
      {day.data ? (
        <BatchPanel
          batch={batch}
          readBatch={day.data.batch}
          appointments={day.data.appointments.length}
          starting={verifyAll.isPending}
          problem={verifyAll.error?.message ?? null}
          onVerifyAll={() => verifyAll.mutate()}
        />
      ) : null}
      {verifyOne.error ? <Notice type="error" title={verifyOne.error.message} className="dv-schedule__notice" /> : null}
      {settings.isError && settingsOpen ? <LoadError title="The schedule settings could not be loaded." onRetry={() => void settings.refetch()} className="dv-schedule__notice" /> : null}
      <DayContent
        day={day}
        date={date}
        onVerify={onVerify}
        verifying={verifying}
        panelSearch={panelSearch}
        onOpen={(id) => setSearch(panelSearch(id))}
        batchRunning={batch?.status === 'running' || day.data?.batch?.status === 'running'}
      />
      {openId !== null ? (
        <Suspense fallback={null}>
          <AppointmentDrawer appointment={open} onClose={closePanel} verifying={verifying} onVerify={onVerify} />
        </Suspense>
      ) : null}
      {settingsOpen && settings.data ? (
        <Suspense fallback={null}>
          <ScheduleSettingsDialog settings={settings.data} canEdit={canEditSettings} onClose={() => setSettingsOpen(false)} />
        </Suspense>
      ) : null}
    </section>
  );
}

function Refusal({ title, subTitle }: { title: string; subTitle: string }) {
  return (
    <section className="dv-page dv-schedule" aria-labelledby={TITLE_ID}>
      <h1 id={TITLE_ID} className="dv-page-title">
        {SCHEDULE_TITLE}
      </h1>
      <StatusResult status="info" title={title} subTitle={subTitle} extra={<Link to={PATHS.verification}>New Verification</Link>} />
    </section>
  );
}

export function SchedulePage() {
  const { date: param } = useParams();
  const { currentOfficeId } = useOffice();
  const offer = useScheduleOffer();
  const today = todayOf();
  if (param !== undefined && !isScheduleDay(param)) {
    return (
      <section className="dv-page dv-schedule" aria-labelledby={TITLE_ID}>
        <h1 id={TITLE_ID} className="dv-page-title">
          {SCHEDULE_TITLE}
        </h1>
        <StatusResult status="warning" title="Not a day" subTitle="The address should end with a date as YYYY-MM-DD." extra={<Link to={schedulePath(today)}>Today&apos;s schedule</Link>} />
      </section>
    );
  }
  if (currentOfficeId === null) return <Refusal title="Choose an office" subTitle="The schedule is an office's: choose one in the header's office switcher." />;
  if (offer === 'unknown') return <PlaceholderLines rows={8} label="Loading the office" />;
  if (offer === 'no') {
    return (
      <Refusal
        title="This office has no Appointment Schedule"
        subTitle="The Appointment Schedule needs a practice-management integration and a plan that is not freemium. Ask your office manager."
      />
    );
  }
  const date = param ?? today;
  // A new day is a new page: its own batch, its own refusals, the day button pressed keeping the focus (day-nav.tsx).
  return <ScheduleDay key={date} date={date} today={today} />;
}
