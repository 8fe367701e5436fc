/**
 * /verification/{id}: the verification workspace. The sources at work (live chips), whether the patient is
 * covered, and the whole benefit breakdown with every value's confidence and sources, editable in place; the
 * header submits the ticket, prints it and leads to the sources' raw answers. Loading, not found and failure
 * each have their own state with a way on.
 */
import { PATHS, type PlanV3, type VerificationDetail } from '@dv/contracts';
import { Alert } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router';
import { readDevSetting } from '../../dev-tools/dev-settings';
import { useOffice } from '../../office/office-context';
import { AmountsCard } from './amounts-card';
import { CategoryTable } from './category-table';
import { CoverageBanner } from './coverage-banner';
import { HistoryTable } from './history-table';
import { JobChips } from './job-chips';
import { NotesCard } from './notes-card';
import { PlanSummary } from './plan-summary';
import { ProcedureTable } from './procedure-table';
import { SectionCard } from '../../ui/section-card';
import { StatusResult } from '../../ui/status-result';
import { useVerification, VerificationCallError } from './verification-api';
import { VerificationHeader } from './verification-header';
import './verification.css';
import { WorkspaceProvider } from './workspace-context';
import { DetailLoadFailure } from '../../ui/detail-load-failure';
import { PlaceholderLines } from '../../ui/placeholder-lines';
import { Tabs } from '../../ui/tabs';
import { BENEFITS_TAB, TREATMENT_PLAN_TAB, useTicketAppointment } from '../../schedule/appointment/appointment-links';
import { useScheduleAccess } from '../../schedule/appointment/schedule-access';

const PlanSwitch = lazy(() => import('./plan-switch').then((m) => ({ default: m.PlanSwitch })));
// Lazy: the page's start-up budget has no room for it, and it waits for the ticket anyway.
const RecommendationsCard = lazy(() => import('./recommendations-card').then((m) => ({ default: m.RecommendationsCard })));
// Lazy for the same reason: outsourcing (the office's request, the agent's work) is a part of few tickets.
const TicketOutsourcing = lazy(() => import('../../outsourcing/ticket-outsourcing').then((m) => ({ default: m.TicketOutsourcing })));
// Lazy: only a verification opened from the schedule (?appointment=) has the tab, and it brings the estimate.
const TicketTreatmentPlan = lazy(() => import('../../schedule/appointment/ticket-treatment-plan').then((m) => ({ default: m.TicketTreatmentPlan })));
// Lazy: the form (issue 18) is for those who fill forms, and its chunk waits for the ticket anyway.
const VerificationFormSection = lazy(() => import('../../forms/verification-form-section').then((m) => ({ default: m.VerificationFormSection })));

/** The plans the ticket holds: its plan, then its draft plans (the developer switch 'show multiple plans'). */
function plansOf(detail: VerificationDetail): { key: string; label: string; plan: PlanV3 }[] {
  const current = detail.plan === null ? [] : [{ key: 'current', label: 'Plan', plan: detail.plan }];
  const drafts = (detail.ticket.draft ?? []).map((plan, index) => ({ key: `draft-${index}`, label: `Draft plan ${index + 1}`, plan }));
  return [...current, ...drafts];
}

function Breakdown({ detail }: { detail: VerificationDetail }) {
  if (detail.plan === null) {
    const working = detail.jobs.some((job) => job.status === 'pending' || job.status === 'processing');
    return working ? (
      <SectionCard aria-busy="true" aria-label="Benefit breakdown">
        <PlaceholderLines rows={6} label="The sources are working" />
      </SectionCard>
    ) : (
      <StatusResult status="info" title="No plan was found" subTitle="No source returned the plan's benefits. Retry a source, or enter the values by hand after a call to the carrier." />
    );
  }
  return (
    <div className="dv-breakdown" data-testid="benefit-breakdown">
      <PlanSummary detail={detail} />
      <AmountsCard detail={detail} />
      <CategoryTable />
      <ProcedureTable />
      <HistoryTable />
      <NotesCard detail={detail} />
    </div>
  );
}

/** The breakdown, beside the appointment's treatment plan when the ticket was opened from the schedule. */
function BreakdownOrTabs({ detail, viewed }: { detail: VerificationDetail; viewed: VerificationDetail }) {
  const { appointmentId, tab, setTab } = useTicketAppointment();
  // Read only where the schedule is the user's: its 403 would take the user away from the ticket.
  const scheduled = useScheduleAccess();
  if (appointmentId === null || !scheduled) return <Breakdown detail={viewed} />;
  const treatmentPlan = (
    <Suspense fallback={<PlaceholderLines rows={6} label="Loading the treatment plan" />}>
      <TicketTreatmentPlan appointmentId={appointmentId} verificationId={detail.id} />
    </Suspense>
  );
  const items = [
    { key: BENEFITS_TAB, label: 'Benefits', children: <Breakdown detail={viewed} /> },
    { key: TREATMENT_PLAN_TAB, label: 'Treatment plan', children: treatmentPlan },
  ];
  return <Tabs label="Verification" items={items} activeKey={tab} onChange={setTab} />;
}

function Workspace({ detail }: { detail: VerificationDetail }) {
  const { access } = useOffice();
  const [problem, setProblem] = useState<string | null>(null);
  const [shownPlan, setShownPlan] = useState('current');
  const plans = plansOf(detail);
  const multiple = readDevSetting('showMultiplePlans') && plans.length > 1;
  const shown = multiple ? plans.find((candidate) => candidate.key === shownPlan) : undefined;
  const viewed = shown && shown.key !== 'current' ? { ...detail, plan: shown.plan } : detail;
  const administrative = access.effectiveRoles.some((role) => role === 'admin' || role === 'superadministrator' || role === 'agent');

  return (
    <WorkspaceProvider detail={viewed} canEdit={viewed === detail}>
      <div className="dv-page dv-ticket">
        <VerificationHeader detail={detail} onProblem={setProblem} />
        {problem ? <Alert type="error" showIcon closable title={problem} onClose={() => setProblem(null)} /> : null}
        <JobChips verificationId={detail.id} officeId={detail.officeId} jobs={detail.jobs} canRetry={detail.status !== 'Completed'} />
        <CoverageBanner detail={detail} />
        <Suspense fallback={null}>
          <TicketOutsourcing detail={detail} />
        </Suspense>
        <Suspense fallback={null}>
          <RecommendationsCard detail={detail} />
        </Suspense>
        {multiple ? (
          <Suspense fallback={null}>
            <PlanSwitch value={shownPlan} onChange={setShownPlan} plans={plans} />
          </Suspense>
        ) : null}
        <BreakdownOrTabs detail={detail} viewed={viewed} />
        <Suspense fallback={null}>
          <VerificationFormSection detail={detail} />
        </Suspense>
        {readDevSetting('showPlanJson') && administrative && viewed.plan ? (
          <SectionCard size="small" title="Plan as JSON">
            <pre className="dv-json">{JSON.stringify(viewed.plan, null, 2)}</pre>
          </SectionCard>
        ) : null}
      </div>
    </WorkspaceProvider>
  );
}

export function VerificationPage() {
  const { id = '' } = useParams();
  const query = useVerification(id);
  if (query.isPending) {
    return (
      <div className="dv-page" aria-busy="true">
        <PlaceholderLines rows={10} label="Loading the verification" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <DetailLoadFailure
        thing="Verification"
        status={query.error instanceof VerificationCallError ? query.error.status : undefined}
        message={query.error.message}
        notFoundText="It does not exist, or it belongs to another office."
        onRetry={() => void query.refetch()}
        way={<Link to={PATHS.verification}>New verification</Link>}
      />
    );
  }
  return <Workspace detail={query.data} />;
}
