/**
 * Outsourcing on the verification page (/verification/{id}), the page's one lazy element for it (the page's
 * start-up budget has no room): the office's staff outsource the ticket and follow its status; company users
 * (agent, admin, superadministrator) work an outsourced ticket. Both follow `ticket_status` live; the office's
 * notification when the company resolves it comes from the app's shell (resolved-notice.tsx), on every page.
 */
import { hasAnyRole, OUTSOURCE_QUEUE_ROLES, OUTSOURCE_REQUEST_ROLES, type VerificationDetail } from '@dv/contracts';
import { useOffice } from '../office/office-context';
import { AgentPanel } from './agent-panel';
import { OfficeOutsourcing } from './office-outsourcing';
import { useTicketStatusLive } from './ticket-live';
import './outsourcing.css';

export function TicketOutsourcing({ detail }: { detail: VerificationDetail }) {
  const { access } = useOffice();
  useTicketStatusLive(detail.id);
  const outsourced = detail.ticket.requesterId !== undefined;
  if (hasAnyRole(access.effectiveRoles, OUTSOURCE_QUEUE_ROLES)) return outsourced ? <AgentPanel detail={detail} /> : null;
  if (!hasAnyRole(access.effectiveRoles, OUTSOURCE_REQUEST_ROLES)) return null;
  return <OfficeOutsourcing detail={detail} />;
}
