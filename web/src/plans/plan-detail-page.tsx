/**
 * /plan/{id}: one plan of the organization's library, as the verification page shows its breakdown (the same
 * components, read only) without any patient: payer and plan terms, maximums and deductibles, coverage by
 * category, procedure codes, caveats. The header prints it ('Download PDF', the Plan type) and starts a
 * verification of a patient on it (the New Verification form with the carrier chosen). Loading, not found and
 * failure each have their own state with a way on.
 */
import { PATHS, type PlanLibraryDetail } from '@dv/contracts';
import { Button } from 'antd';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useServices } from '../app/services-context';
import { ApiCallError } from '../http/api-call-error';
import { PlaceholderLines } from '../ui/placeholder-lines';
import { SectionCard } from '../ui/section-card';
import { PlanAmountsCard } from '../verification/ticket/amounts-card';
import { displayDate } from '../verification/ticket/breakdown-format';
import { PlanCategoryTable } from '../verification/ticket/category-table';
import { PlanFacts } from '../verification/ticket/plan-summary';
import { PlanProcedureTable } from '../verification/ticket/procedure-table';
import { ReadOnlyFields } from '../verification/ticket/scored-field';
import { PLAN_TYPE_LABELS, searchPathFrom, verifyOnPlanPath } from './plan-paths';
import { PlanScore } from './plan-score';
import { fetchPlanPdf, usePlan } from './plans-api';
import { paperOfBrowser, saveFile } from '../ui/save-file';
import { DetailLoadFailure } from '../ui/detail-load-failure';
import '../verification/ticket/verification.css';
import './plans.css';

const TITLE_ID = 'plan-title';

function Caveats({ plan }: { plan: PlanLibraryDetail['plan'] }) {
  const caveats = plan.caveat ?? [];
  return (
    <SectionCard size="small" title="Notes and caveats" className="dv-notes">
      {plan.planNotes ? <p className="dv-para dv-pre">{plan.planNotes}</p> : null}
      {caveats.length > 0 ? (
        <ul>
          {caveats.map((caveat) => (
            <li key={caveat.value}>{caveat.value}</li>
          ))}
        </ul>
      ) : null}
      {caveats.length === 0 && !plan.planNotes ? <span className="dv-text-secondary">No notes.</span> : null}
    </SectionCard>
  );
}

function PlanHeader({ detail }: { detail: PlanLibraryDetail }) {
  const { http } = useServices();
  const navigate = useNavigate();
  const [printing, setPrinting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function download() {
    setPrinting(true);
    setProblem(null);
    try {
      saveFile(await fetchPlanPdf(http, detail.id, { paper: paperOfBrowser() }), `plan-${detail.id}.pdf`);
    } catch (error) {
      setProblem(error instanceof ApiCallError ? error.message : 'The PDF could not be made');
    } finally {
      setPrinting(false);
    }
  }

  const group = [detail.groupNumber ? `Group ${detail.groupNumber}` : 'No group number', detail.groupName].filter(Boolean).join(' · ');
  return (
    <>
      <header className="dv-ticket-header">
        <div>
          <h1 id={TITLE_ID} className="dv-ticket-title">
            {detail.carrier.name}
          </h1>
          <div className="dv-row">
            <span>{group}</span>
            {detail.planType ? <span>{PLAN_TYPE_LABELS[detail.planType]}</span> : null}
            <PlanScore score={detail.score} data-testid="plan-score" />
            <span className="dv-text-secondary">
              Last verified {displayDate(detail.lastVerifiedAt)}, shared by {detail.verifications} {detail.verifications === 1 ? 'verification' : 'verifications'}
            </span>
          </div>
        </div>
        <div className="dv-row dv-ticket-actions">
          <Button onClick={() => void download()} loading={printing}>
            Download PDF
          </Button>
          <Button type="primary" onClick={() => void navigate(verifyOnPlanPath(detail.carrier.payerId))}>
            Verify a patient on this plan
          </Button>
        </div>
      </header>
      {problem ? (
        // Plain text rather than ui/notice: sharing Notice with the New Verification form split it into a chunk
        // of its own, which that page's size budget has no room for.
        <p className="dv-text-danger dv-plan-detail__problem" role="alert">
          {problem}
        </p>
      ) : null}
    </>
  );
}

function PlanView({ detail, back }: { detail: PlanLibraryDetail; back: React.ReactNode }) {
  const { plan } = detail;
  return (
    <article className="dv-page dv-ticket dv-plan-page" aria-labelledby={TITLE_ID}>
      {back}
      <PlanHeader detail={detail} />
      <p className="dv-text-secondary dv-plan-detail__note">
        Shared by your organization&apos;s offices, without patient data: what remains for a patient and their history are on each verification.
      </p>
      <ReadOnlyFields>
        <div className="dv-breakdown" data-testid="plan-breakdown">
          <PlanFacts plan={plan} />
          <PlanAmountsCard plan={plan} />
          <PlanCategoryTable plan={plan} />
          <PlanProcedureTable plan={plan} canEdit={false} />
          <Caveats plan={plan} />
        </div>
      </ReadOnlyFields>
    </article>
  );
}

export function PlanDetailPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const query = usePlan(id);
  const back = (
    <Link to={searchPathFrom(location.state)} className="dv-plan-detail__back">
      Back to Plan Search
    </Link>
  );
  if (query.isPending) {
    return (
      <div className="dv-page" aria-busy="true">
        {back}
        <PlaceholderLines rows={10} label="Loading the plan" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <DetailLoadFailure
        thing="Plan"
        status={query.error instanceof ApiCallError ? query.error.status : undefined}
        message={query.error.message}
        notFoundText="It is not in your organization's plan library."
        onRetry={() => void query.refetch()}
        way={<Link to={PATHS.plan}>Plan Search</Link>}
      />
    );
  }
  return <PlanView detail={query.data} back={back} />;
}
