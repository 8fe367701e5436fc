/**
 * /reverification/{id}: one verification's re-verification. The patient and carrier, where the latest check
 * stands (live from the socket: the page refetches when a status event names it, no polling), what changed since
 * the check before, the eligibility now, the plan kept from the verification, every check and the latest history.
 * The header re-checks again (refused while a check runs, with the service's reason otherwise), downloads the
 * Re-verification PDF and opens the verification. Loading, not found and failure each have their own state.
 */
import { PATHS, type ReverificationDetail } from '@dv/contracts';
import { Button } from 'antd';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { useServices } from '../app/services-context';
import { ApiCallError } from '../http/api-call-error';
import { PlaceholderLines } from '../ui/placeholder-lines';
import { Pill } from '../ui/pill';
import { ChangesCard, CheckProgress, ChecksCard, EligibilityCard, HistoryCard, PlanCard } from './check-sections';
import { fetchReverificationPdf, useReverification } from './reverification-api';
import { dateTime, patientName, STATUS_LOOKS } from './reverification-look';
import { listPathFrom, verificationPath } from './reverification-paths';
import { useStartReverification } from './use-start-reverification';
import { paperOfBrowser, saveFile } from '../ui/save-file';
import { DetailLoadFailure } from '../ui/detail-load-failure';
import '../ui/ui.css';
import '../verification/ticket/verification.css';
import './reverification.css';

const TITLE_ID = 'reverification-detail-title';

function Header({ detail }: { detail: ReverificationDetail }) {
  const { http } = useServices();
  const start = useStartReverification({ open: false });
  const [printing, setPrinting] = useState(false);
  const [pdfProblem, setPdfProblem] = useState<string | null>(null);
  const status = STATUS_LOOKS[detail.status];
  const problem = start.problem?.message ?? pdfProblem;

  async function download() {
    setPrinting(true);
    setPdfProblem(null);
    start.clearProblem();
    try {
      saveFile(await fetchReverificationPdf(http, detail.id, { paper: paperOfBrowser() }), `reverification-${detail.verificationId}.pdf`);
    } catch (error) {
      setPdfProblem(error instanceof ApiCallError ? error.message : 'The PDF could not be made');
    } finally {
      setPrinting(false);
    }
  }

  return (
    <>
      <header className="dv-ticket-header">
        <div>
          <h1 id={TITLE_ID} className="dv-ticket-title">
            {patientName(detail.patient)}
          </h1>
          <div className="dv-row">
            <span>{detail.carrier.name}</span>
            <span className="dv-text-secondary">DOB {detail.patient.dob}</span>
            <span className="dv-text-secondary">Member ID {detail.patient.memberId}</span>
            <Pill tone={status.tone} data-testid="reverification-status" data-status={detail.status}>
              {status.text}
            </Pill>
            <span className="dv-text-secondary">
              Last checked {dateTime(detail.lastCheckedAt)}, {detail.rechecks} {detail.rechecks === 1 ? 're-check' : 're-checks'}
            </span>
          </div>
        </div>
        <div className="dv-row dv-ticket-actions">
          <Link to={verificationPath(detail.verificationId)}>Open the verification</Link>
          <Button onClick={() => void download()} loading={printing}>
            Download PDF
          </Button>
          <Button
            type="primary"
            disabled={detail.status === 'checking'}
            title={detail.status === 'checking' ? 'A check is running: wait for its answer' : undefined}
            loading={start.starting !== null}
            onClick={() => {
              setPdfProblem(null);
              void start.start(detail.verificationId);
            }}
          >
            Re-verify again
          </Button>
        </div>
      </header>
      {problem ? (
        <p className="dv-text-danger dv-reverification__problem" role="alert">
          {problem}
        </p>
      ) : null}
    </>
  );
}

function ReverificationView({ detail, back }: { detail: ReverificationDetail; back: React.ReactNode }) {
  return (
    <article className="dv-page dv-ticket dv-reverification" aria-labelledby={TITLE_ID}>
      {back}
      <Header detail={detail} />
      <CheckProgress detail={detail} />
      <ChangesCard detail={detail} />
      <div className="dv-reverification__facts">
        <EligibilityCard detail={detail} />
        <PlanCard detail={detail} />
      </div>
      <ChecksCard detail={detail} />
      <HistoryCard detail={detail} />
    </article>
  );
}

export function ReverificationDetailPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const query = useReverification(id);
  const back = (
    <Link to={listPathFrom(location.state)} className="dv-reverification__back">
      Back to Re-verification
    </Link>
  );
  if (query.isPending) {
    return (
      <div className="dv-page dv-reverification" aria-busy="true">
        {back}
        <PlaceholderLines rows={10} label="Loading the re-verification" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <DetailLoadFailure
        thing="Re-verification"
        status={query.error instanceof ApiCallError ? query.error.status : undefined}
        message={query.error.message}
        notFoundText="It does not exist, or it belongs to another office."
        onRetry={() => void query.refetch()}
        way={<Link to={PATHS.reverification}>Re-verification</Link>}
      />
    );
  }
  return <ReverificationView detail={query.data} back={back} />;
}
