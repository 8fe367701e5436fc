/**
 * The ticket's recommendations (issue 15): what is missing or doubtful, most urgent first, each with the buttons
 * that settle it. Shown only while the RECOMMENDATIONS_ENABLED flag is active (the service answers `enabled` from
 * the same flag); "No recommendations" when nothing is missing. Loaded lazily by the verification page.
 *
 * Outsourcing asks the company's agents (POST .../outsource, staff and staff managers only); once the ticket is
 * outsourced its status shows beside them ("Outsourced: Pending"), and while it is being worked the status stands
 * in their place, since a second request would be refused (contracts' acceptsOutsourceRequest, the service's
 * rule); customization opens
 * the verification form customization (managers only); the carrier is called by the phone its answer gave; a
 * failed portal source runs again; the carrier's portal opens in a new tab at the URL of the organization's
 * portal catalogue.
 */
import {
  acceptsOutsourceRequest,
  hasAnyRole,
  isFeatureActive,
  OUTSOURCE_REQUEST_ROLES,
  pageRoles,
  PATHS,
  type OutsourceType,
  type Recommendation,
  type RecommendationAction,
  type RecommendationSeverity,
  type RecommendedAction,
  type TicketStatus,
  type VerificationDetail,
  type VerificationRecommendations,
} from '@dv/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useServices } from '../../app/services-context';
import { useFeatureFlags } from '../../features/feature-flags';
import { type HttpClient } from '../../http/http-client';
import { useOffice } from '../../office/office-context';
import { usePortals } from '../../portals/use-portal-credentials';
import { PlaceholderLines } from '../../ui/placeholder-lines';
import { SectionCard } from '../../ui/section-card';
import { TicketStatusChip } from '../../outsourcing/ticket-status';
import { retrySourceJob, verificationKey } from './verification-api';

const SEVERITY_LABELS: Record<RecommendationSeverity, string> = { HIGH: 'High', MEDIUM: 'Medium', LOW: 'Low' };

/*
 * The words and the outsource types live here rather than beside the schemas in contracts: any value the page
 * takes from contracts' recommendation module keeps that module's zod schemas, and with them the enums' values,
 * in the chunk every page loads at start-up. The types are checked against the contract's enumerations.
 */
const ACTION_LABELS: Record<RecommendationAction, string> = {
  OUTSOURCE_BREAKDOWN: 'Outsource breakdown',
  OUTSOURCE_ELIGIBILITY: 'Outsource eligibility',
  GO_TO_CUSTOMIZATION: 'Go to customization',
  CONTACT_CARRIER: 'Contact carrier',
  EXTRACT_PORTAL_DATA_WITH_API: 'Extract portal data',
  CHECK_CARRIER_PORTAL: 'Check carrier portal',
};

/** What an outsourcing action asks the agents for (POST .../outsource `type`). */
const OUTSOURCE_TYPE_OF_ACTION = {
  OUTSOURCE_BREAKDOWN: 'Breakdown',
  OUTSOURCE_ELIGIBILITY: 'Re-verification',
} as const satisfies Partial<Record<RecommendationAction, OutsourceType>>;

const isOutsourceAction = (action: RecommendationAction): action is keyof typeof OUTSOURCE_TYPE_OF_ACTION => Object.hasOwn(OUTSOURCE_TYPE_OF_ACTION, action);

/** The ticket's outsourcing status (null: never outsourced), and whether the office may send a request now. */
function outsourcingOf(detail: VerificationDetail): { status: TicketStatus | null; open: boolean } {
  const status = detail.ticket.requesterId === undefined ? null : detail.ticket.status;
  return { status, open: acceptsOutsourceRequest(status) };
}

const base = (id: string) => `/api/verifications/${encodeURIComponent(id)}`;

/** The server's message of a failed call, or `fallback`. */
function messageOf(data: unknown, fallback: string): string {
  const message = (data as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : fallback;
}

/**
 * The reply's shape, checked without the contract's zod schema (see ACTION_LABELS). An action or severity this
 * page does not know is left out where it is shown, never trusted.
 */
function isRecommendationsReply(data: unknown): data is VerificationRecommendations {
  const reply = data as Partial<VerificationRecommendations> | null;
  return (
    typeof reply === 'object' &&
    reply !== null &&
    typeof reply.enabled === 'boolean' &&
    typeof reply.sourcesWorking === 'boolean' &&
    Array.isArray(reply.recommendations) &&
    reply.recommendations.every(
      (item) => typeof item === 'object' && item !== null && typeof item.message === 'string' && typeof item.code === 'string' && Array.isArray(item.actions),
    )
  );
}

async function fetchRecommendations(http: HttpClient, id: string): Promise<VerificationRecommendations> {
  const result = await http.get(`${base(id)}/recommendations`);
  if (!result.ok) throw new Error(messageOf(result.data, result.error ?? 'The recommendations could not be read.'));
  if (!isRecommendationsReply(result.data)) throw new Error('The recommendations came back in a form this page does not know: reload the page.');
  return result.data;
}

type Outsourced = { readonly status?: TicketStatus; readonly requesterId?: string };

/** The ticket's status and requester an outsourcing reply names (read without the contract's schema, as above). */
function outsourcedOf(data: unknown): Outsourced {
  const reply = (data ?? {}) as { status?: unknown; requests?: unknown };
  const last: unknown = Array.isArray(reply.requests) ? reply.requests.at(-1) : undefined;
  const requesterId = (last as { requester?: { id?: unknown } } | undefined)?.requester?.id;
  return {
    ...(typeof reply.status === 'string' ? { status: reply.status as TicketStatus } : {}),
    ...(typeof requesterId === 'string' ? { requesterId } : {}),
  };
}

/** What an outsourcing request answered: words for the office, and the ticket's new outsourcing state. */
async function outsource(http: HttpClient, id: string, action: keyof typeof OUTSOURCE_TYPE_OF_ACTION, note: string): Promise<{ text: string; outsourced: Outsourced }> {
  const result = await http.post(`${base(id)}/outsource`, { type: OUTSOURCE_TYPE_OF_ACTION[action], note });
  if (result.ok) return { text: "Sent to the company's agents: the ticket shows their answer when they are done.", outsourced: outsourcedOf(result.data) };
  if (result.status === 404 && messageOf(result.data, '') === '') throw new Error('Outsourcing is not available on this server yet.');
  throw new Error(messageOf(result.data, result.error ?? 'The request could not be sent.'));
}

/** '8005550199' -> '(800) 555-0199'; anything else as given. */
export function phoneText(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return national.length === 10 ? `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}` : phone;
}

/** Only web addresses become links: a catalogue entry edited to 'javascript:' never reaches an href. */
function webUrl(url: string | undefined): string | undefined {
  return url !== undefined && /^https?:\/\//i.test(url) ? url : undefined;
}

type Outcome = { type: 'success' | 'error'; text: string } | null;

function PortalLink({ portalId, primary }: { portalId: string; primary: boolean }) {
  const portals = usePortals();
  const portal = portals.data?.find((candidate) => candidate.id === portalId);
  const url = webUrl(portal?.url);
  const label = ACTION_LABELS.CHECK_CARRIER_PORTAL;
  if (url === undefined) {
    const why = portals.isPending ? 'Loading the portal address' : 'This portal is not in your portal catalogue';
    return (
      <Button disabled title={why}>
        {label}
      </Button>
    );
  }
  return (
    <Button type={primary ? 'primary' : 'default'} href={url} target="_blank" rel="noopener noreferrer" aria-label={`${label}: ${portal?.name ?? portalId} (opens in a new tab)`}>
      {label}
    </Button>
  );
}

function ActionButton({ detail, recommendation, action, primary, onOutcome }: {
  detail: VerificationDetail;
  recommendation: Recommendation;
  action: RecommendedAction;
  /** The first action of the most urgent recommendation: the one primary button of the card. */
  primary: boolean;
  onOutcome: (outcome: Outcome) => void;
}) {
  const { http } = useServices();
  const queryClient = useQueryClient();
  const { access } = useOffice();
  const navigate = useNavigate();
  const label = ACTION_LABELS[action.action];
  const type = primary ? 'primary' : 'default';
  // Local state rather than react-query's useMutation: its module would become a chunk of its own, shared with
  // the pages that use it, one more file for them to load.
  const [busy, setBusy] = useState(false);
  async function act(): Promise<void> {
    setBusy(true);
    try {
      let text: string;
      if (isOutsourceAction(action.action)) {
        const sent = await outsource(http, detail.id, action.action, recommendation.message);
        text = sent.text;
        // The buttons give way to the status at once, not after the refetch: no second request meanwhile.
        queryClient.setQueryData<VerificationDetail>(verificationKey(detail.id), (current) =>
          current === undefined ? current : { ...current, ticket: { ...current.ticket, ...sent.outsourced } },
        );
      } else {
        queryClient.setQueryData(verificationKey(detail.id), await retrySourceJob(http, detail.id, action.jobId ?? ''));
        text = 'The portal source runs again: its chip shows how it goes.';
      }
      onOutcome({ type: 'success', text });
      void queryClient.invalidateQueries({ queryKey: verificationKey(detail.id) });
    } catch (error) {
      onOutcome({ type: 'error', text: error instanceof Error ? error.message : 'The action failed.' });
    } finally {
      setBusy(false);
    }
  }
  const run = { isPending: busy, mutate: () => void act() };

  switch (action.action) {
    case 'OUTSOURCE_BREAKDOWN':
    case 'OUTSOURCE_ELIGIBILITY':
      if (!hasAnyRole(access.effectiveRoles, OUTSOURCE_REQUEST_ROLES) || detail.status === 'Completed') return null;
      return (
        <Button type={type} loading={run.isPending} onClick={() => run.mutate()}>
          {label}
        </Button>
      );
    case 'EXTRACT_PORTAL_DATA_WITH_API':
      if (action.jobId === undefined || detail.status === 'Completed') return null;
      return (
        <Button type={type} loading={run.isPending} onClick={() => run.mutate()}>
          {label}
        </Button>
      );
    case 'GO_TO_CUSTOMIZATION':
      if (!hasAnyRole(access.effectiveRoles, pageRoles(PATHS.customizationVerification))) return null;
      return (
        <Button type={type} onClick={() => void navigate(PATHS.customizationVerification)}>
          {label}
        </Button>
      );
    case 'CONTACT_CARRIER':
      if (action.phone === undefined) return null;
      return (
        <Button type={type} href={`tel:${action.phone.replace(/[^\d+]/g, '')}`}>
          {`${label}: ${phoneText(action.phone)}`}
        </Button>
      );
    case 'CHECK_CARRIER_PORTAL':
      return action.portalId === undefined ? null : <PortalLink portalId={action.portalId} primary={primary} />;
    default:
      // An action a newer service knows and this page does not: left out.
      return null;
  }
}

function RecommendationItem({ detail, recommendation, lead }: { detail: VerificationDetail; recommendation: Recommendation; lead: boolean }) {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const severity = recommendation.severity;
  const outsourcing = outsourcingOf(detail);
  const showStatus = outsourcing.status !== null && recommendation.actions.some((action) => isOutsourceAction(action.action));
  const actions = outsourcing.open ? recommendation.actions : recommendation.actions.filter((action) => !isOutsourceAction(action.action));
  return (
    <li className={`dv-recommendation dv-recommendation-${severity.toLowerCase()}`} data-testid="recommendation" data-code={recommendation.code}>
      <div className="dv-recommendation-text">
        <span className={`dv-severity dv-severity-${severity.toLowerCase()}`}>{SEVERITY_LABELS[severity] ?? severity}</span>
        <span>{recommendation.message}</span>
      </div>
      {actions.length === 0 && !showStatus ? null : (
        <div className="dv-recommendation-actions">
          {showStatus && outsourcing.status !== null ? (
            <span className="dv-recommendation-outsourced" data-testid="recommendation-outsourced">
              Outsourced: <TicketStatusChip status={outsourcing.status} />
            </span>
          ) : null}
          {actions.map((action, index) => (
            <ActionButton
              key={action.action}
              detail={detail}
              recommendation={recommendation}
              action={action}
              primary={lead && index === 0}
              onOutcome={setOutcome}
            />
          ))}
        </div>
      )}
      {outcome === null ? null : (
        <Alert type={outcome.type} showIcon closable title={outcome.text} onClose={() => setOutcome(null)} />
      )}
    </li>
  );
}

function RecommendationList({ detail, reply }: { detail: VerificationDetail; reply: VerificationRecommendations }) {
  if (reply.sourcesWorking) return <p className="dv-recommendations-note">Recommendations appear once the sources have answered.</p>;
  if (reply.recommendations.length === 0) {
    return (
      <p className="dv-recommendations-note" data-testid="no-recommendations">
        No recommendations
      </p>
    );
  }
  return (
    <ol className="dv-recommendations" aria-label="Recommendations, most urgent first">
      {reply.recommendations.map((recommendation, index) => (
        <RecommendationItem key={recommendation.code} detail={detail} recommendation={recommendation} lead={index === 0} />
      ))}
    </ol>
  );
}

function RecommendationsSection({ detail }: { detail: VerificationDetail }) {
  const { http } = useServices();
  // The ticket's version and its jobs' states key the read: an edit or a source's end derives them again.
  const jobs = detail.jobs.map((job) => `${job.id}:${job.status}:${job.outcome ?? ''}`).join(',');
  const query = useQuery({
    queryKey: [...verificationKey(detail.id), 'recommendations', detail.version, jobs],
    queryFn: () => fetchRecommendations(http, detail.id),
    // A new key keeps showing the last list until the new one comes, instead of a placeholder.
    placeholderData: (previous) => previous,
  });
  // The service reads the flag too: while it says off, nothing shows.
  if (query.data?.enabled === false) return null;
  return (
    <SectionCard title="Recommendations" size="small" data-testid="recommendations" aria-busy={query.isPending}>
      {query.isPending ? (
        <PlaceholderLines rows={2} label="Loading the recommendations" />
      ) : query.isError ? (
        <Alert
          type="warning"
          showIcon
          title="The recommendations could not be loaded"
          description={query.error.message}
          action={<Button onClick={() => void query.refetch()}>Try again</Button>}
        />
      ) : (
        <RecommendationList detail={detail} reply={query.data} />
      )}
    </SectionCard>
  );
}

export function RecommendationsCard({ detail }: { detail: VerificationDetail }) {
  const flags = useFeatureFlags();
  return isFeatureActive(flags, 'RECOMMENDATIONS_ENABLED') ? <RecommendationsSection detail={detail} /> : null;
}
