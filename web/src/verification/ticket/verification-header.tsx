/**
 * The ticket's header: patient, carrier, status and plan score (1 to 10), and what can be done with it: view the
 * sources' raw answers, download the PDF (breakdown or plan), submit (the ticket is then Completed).
 */
import { PATHS, type VerificationDetail, type VerificationPdfQuery } from '@dv/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Tooltip } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useServices } from '../../app/services-context';
import { useInfoBar } from '../../info-bar/info-bar';
import { displayDate } from './breakdown-format';
import { PdfMenu } from './pdf-menu';
import { fetchVerificationPdf, submitVerification, VerificationCallError, verificationKey } from './verification-api';
import { ReverifyLink } from '../../reverification/reverify-link';
import { Pill, type PillTone } from '../../ui/pill';
import { paperOfBrowser, saveFile } from '../../ui/save-file';

const STATUS_COLORS: Readonly<Record<VerificationDetail['status'], PillTone>> = {
  Pending: 'processing',
  portalpending: 'warning',
  Submitted: 'blue',
  Completed: 'success',
};

const STATUS_TEXTS: Readonly<Record<VerificationDetail['status'], string>> = {
  Pending: 'Pending',
  portalpending: 'Waiting for the office',
  Submitted: 'Submitted',
  Completed: 'Completed',
};

export function VerificationHeader({ detail, onProblem }: { detail: VerificationDetail; onProblem: (message: string | null) => void }) {
  const { http } = useServices();
  const infoBar = useInfoBar();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<'submit' | 'pdf' | null>(null);
  const info = detail.ticket.integrationPatientInfo;
  const working = detail.jobs.some((job) => job.status === 'pending' || job.status === 'processing');
  const score = detail.plan?.score;
  // Pending stays the status until submit; once every source answered, the ticket waits for the office.
  const answered = detail.status === 'Pending' && detail.readyAt !== null && !working;
  const look: { color: PillTone; text: string } | null = !answered
    ? null
    : detail.plan === null
      ? { color: 'orange', text: 'No plan found' }
      : { color: 'green', text: 'Ready to submit' };

  async function submit() {
    setBusy('submit');
    onProblem(null);
    try {
      queryClient.setQueryData(verificationKey(detail.id), await submitVerification(http, detail.id));
      infoBar.show({ type: 'success', text: 'The verification was submitted: it is completed.' });
    } catch (error) {
      onProblem(error instanceof VerificationCallError ? error.message : 'The verification could not be submitted');
    } finally {
      setBusy(null);
    }
  }

  async function download(type: VerificationPdfQuery['type']) {
    setBusy('pdf');
    onProblem(null);
    try {
      saveFile(await fetchVerificationPdf(http, detail.id, { type, paper: paperOfBrowser() }), `verification-${detail.id}-${type.toLowerCase()}.pdf`);
    } catch (error) {
      onProblem(error instanceof VerificationCallError ? error.message : 'The PDF could not be made');
    } finally {
      setBusy(null);
    }
  }

  return (
    <header className="dv-ticket-header">
      <div>
        {/* The page's own heading: the patient the ticket verifies (its cards' titles are the sections under it). */}
        <h1 className="dv-ticket-title">
          {info.patientFirstName} {info.patientLastName}
        </h1>
        <div className="dv-row">
          <span>{detail.carrier.name}</span>
          <Pill tone={look?.color ?? STATUS_COLORS[detail.status]} data-testid="verification-status">
            {look?.text ?? STATUS_TEXTS[detail.status]}
          </Pill>
          {score !== undefined ? (
            <Tooltip title="How complete and certain the plan is: 10 is every key value stated and agreed by the sources">
              <Pill tone={score >= 8 ? 'green' : score >= 5 ? 'gold' : 'red'} tabIndex={0} data-testid="plan-score">
                Plan score {score}/10
              </Pill>
            </Tooltip>
          ) : null}
          <span className="dv-text-secondary">
            {detail.readyAt ? `Verified ${displayDate(detail.readyAt)}` : `Created ${displayDate(detail.createdAt)}`}
            {detail.submittedAt ? `, submitted ${displayDate(detail.submittedAt)}` : ''}
          </span>
        </div>
      </div>
      <div className="dv-row dv-ticket-actions">
        <Link to={PATHS.verificationSource.replace('{id}', detail.id)}>View sources</Link>
        <ReverifyLink detail={detail} />
        <PdfMenu onPick={(type) => void download(type)} loading={busy === 'pdf'} disabled={detail.plan === null} />
        {detail.status === 'Completed' ? null : (
          <Popconfirm
            title="Submit this verification?"
            description="It is then completed and can no longer change."
            okText="Submit"
            onConfirm={() => void submit()}
          >
            <Button type="primary" loading={busy === 'submit'} disabled={working && detail.plan === null}>
              Submit
            </Button>
          </Popconfirm>
        )}
      </div>
    </header>
  );
}
