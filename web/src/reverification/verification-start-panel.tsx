/**
 * /reverification?verificationId=...: where the ticket page's "Re-verify" leads. It names the verification's
 * patient and carrier and waits for "Re-verify now": opening the address starts nothing. When the verification
 * was re-verified before, it leads to that re-verification, where each new check is added.
 */
import { REVERIFICATION_MESSAGES, type VerificationDetail } from '@dv/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { Link } from 'react-router';
import { useServices } from '../app/services-context';
import { ApiCallError, retryUnlessRefused } from '../http/api-call-error';
import { DescriptionList } from '../ui/description-list';
import { PlaceholderLines } from '../ui/placeholder-lines';
import { displayDate } from '../verification/ticket/breakdown-format';
import { fetchVerification, verificationKey } from '../verification/ticket/verification-api';
import { useReverifications } from './reverification-api';
import { dateTime } from './reverification-look';
import { reverificationPath, verificationPath } from './reverification-paths';
import { DEFAULT_LIST_QUERY } from './reverification-query';
import { useStartReverification } from './use-start-reverification';

/** The verification's re-verification, if it has one. */
function useExistingReverification(ticket: VerificationDetail | undefined) {
  const list = useReverifications({ ...DEFAULT_LIST_QUERY, verificationId: ticket?.id ?? '' }, ticket !== undefined);
  return list.data?.items[0];
}

function Ticket({ ticket, onClose }: { ticket: VerificationDetail; onClose: () => void }) {
  const start = useStartReverification();
  const existing = useExistingReverification(ticket);
  const info = ticket.ticket.integrationPatientInfo;
  const name = `${info.patientFirstName} ${info.patientLastName}`;
  const ready = ticket.readyAt !== null;
  return (
    <>
      <DescriptionList
        aria-label="The verification to re-verify"
        items={[
          { key: 'patient', label: 'Patient', children: <strong>{name}</strong> },
          { key: 'dob', label: 'Date of birth', children: info.patientDOB },
          { key: 'member', label: 'Member ID', children: info.patientMemberId },
          { key: 'carrier', label: 'Carrier', children: ticket.carrier.name },
          {
            key: 'verified',
            label: 'Verified',
            children: ready ? displayDate(ticket.readyAt!) : <span className="dv-text-secondary">The sources have not answered yet</span>,
          },
        ]}
      />
      {existing ? (
        <p className="dv-reverification__existing">
          Re-verified before (last checked {dateTime(existing.lastCheckedAt)}): a new check is added to{' '}
          <Link to={reverificationPath(existing.id)}>its re-verification</Link>.
        </p>
      ) : null}
      {!ready ? <p className="dv-text-secondary">{REVERIFICATION_MESSAGES.notReady}.</p> : null}
      {start.problem ? (
        <p className="dv-text-danger dv-reverification__problem" role="alert">
          {start.problem.message}
        </p>
      ) : null}
      <div className="dv-row">
        <Button type="primary" disabled={!ready} loading={start.starting !== null} onClick={() => void start.start(ticket.id)}>
          Re-verify now
        </Button>
        <Link to={verificationPath(ticket.id)}>Open the verification</Link>
        <Button type="link" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </>
  );
}

export function VerificationStartPanel({ verificationId, onClose }: { verificationId: string; onClose: () => void }) {
  const { http } = useServices();
  const ticket = useQuery({
    queryKey: verificationKey(verificationId),
    queryFn: () => fetchVerification(http, verificationId),
    retry: retryUnlessRefused,
  });
  if (ticket.isPending) return <PlaceholderLines rows={4} label="Loading the verification" />;
  if (ticket.isError) {
    const notFound = ticket.error instanceof ApiCallError && (ticket.error.status === 404 || ticket.error.status === 400);
    return (
      <div role="alert">
        <p className="dv-text-danger dv-reverification__problem">
          {notFound ? 'Verification not found: it does not exist, or it belongs to another office.' : `The verification could not be loaded: ${ticket.error.message}`}
        </p>
        <div className="dv-row">
          {notFound ? null : <Button onClick={() => void ticket.refetch()}>Try again</Button>}
          <Button type="link" onClick={onClose}>
            Pick another verification
          </Button>
        </div>
      </div>
    );
  }
  return <Ticket ticket={ticket.data} onClose={onClose} />;
}
