/**
 * Reading the company's outsourcing work: the queue (GET /api/management/verifications), one ticket's state
 * (GET /api/management/verifications/{id}) and who requested what (GET /api/management/requesters). Company users
 * only, narrowed to their organization's offices (another organization's ticket is "not found"); the queue shows
 * of the patient only initials, and each listed ticket is an audited `list` access like the office's list, one
 * ticket's state an audited `read` (the office's notes to the agent are in it).
 */
import {
  hasAnyRole,
  OUTSOURCE_QUEUE_ROLES,
  OUTSOURCE_REQUESTERS_ROLES,
  OUTSOURCE_TYPES,
  type Role,
  type CountsByStatus,
  type CountsByType,
  OUTSOURCE_MESSAGES,
  type OfficeRequesters,
  type OutsourcedTicket,
  type OutsourceQueueItem,
  type OutsourceQueueQuery,
  type Page,
  type RequesterCounts,
  type RequestersQuery,
  type RequestersReply,
} from '@dv/contracts';
import { Forbidden, NotFound } from '@dv/kit';
import { type AuditLog } from '../audit/audit.store';
import { type RequestContext } from '../verifications/verifications.service';
import { outsourcedTicketOf } from './outsourcing.service';
import { type OutsourcedTicketDocument, type OutsourcingStore, type QueueFilter } from './outsourcing.store';

const HOUR_MS = 3_600_000;

export interface QueueServiceDeps {
  readonly outsourcing: Pick<OutsourcingStore, 'page' | 'ofOrganization' | 'findInOrg'>;
  readonly audit: Pick<AuditLog, 'recordMany' | 'record'>;
  readonly now: () => Date;
}

export interface QueueService {
  queue(context: RequestContext, query: OutsourceQueueQuery): Promise<Page<OutsourceQueueItem>>;
  /** One ticket of the caller's organization's queue, whatever its page in the queue. */
  ticket(context: RequestContext, id: string): Promise<OutsourcedTicket>;
  requesters(context: RequestContext, query: RequestersQuery): Promise<RequestersReply>;
}

/** The route checked the roles first; the service checks them again (and that they are a company's). */
function requireRoles(context: RequestContext, roles: readonly Role[]): void {
  const { actor } = context;
  if (!actor.companyUser || !hasAnyRole(actor.roles, roles)) throw new Forbidden('Your role does not allow this');
}

function itemOf(doc: OutsourcedTicketDocument, now: Date): OutsourceQueueItem {
  const latest = doc.requests.at(-1);
  return {
    verificationId: doc._id,
    officeId: doc.officeId,
    status: doc.status,
    type: doc.type,
    carrier: { ...doc.carrier },
    patientInitials: doc.patientInitials,
    requester: latest?.requester ?? { id: doc.requesterId, email: null },
    assignee: doc.assignee ?? null,
    requestedAt: doc.requestedAt,
    updatedAt: doc.updatedAt,
    ageHours: Math.max(0, Math.floor((now.getTime() - Date.parse(doc.requestedAt)) / HOUR_MS)),
    calls: doc.calls.length,
  };
}

const noTypes = (): CountsByType => Object.fromEntries(OUTSOURCE_TYPES.map((type) => [type, 0])) as CountsByType;

interface Tally {
  requests: number;
  byType: CountsByType;
  byStatus: CountsByStatus;
}

function count(tally: Tally, doc: OutsourcedTicketDocument, type: OutsourcedTicketDocument['type'], latest: boolean): void {
  tally.requests += 1;
  tally.byType[type] += 1;
  // A ticket's current status counts once, for whoever asked last.
  if (latest) tally.byStatus[doc.status] = (tally.byStatus[doc.status] ?? 0) + 1;
}

/** Per office, per requester: requests by type, and the current status of the tickets they asked for last. Pure. */
export function requestersOf(docs: readonly OutsourcedTicketDocument[]): RequestersReply {
  const offices = new Map<string, Tally & { requesters: Map<string, RequesterCounts> }>();
  for (const doc of docs) {
    const office = offices.get(doc.officeId) ?? { requests: 0, byType: noTypes(), byStatus: {}, requesters: new Map<string, RequesterCounts>() };
    offices.set(doc.officeId, office);
    doc.requests.forEach((request, index) => {
      const latest = index === doc.requests.length - 1;
      const requester =
        office.requesters.get(request.requester.id) ??
        ({ requester: { ...request.requester }, requests: 0, byType: noTypes(), byStatus: {}, lastRequestedAt: request.requestedAt } satisfies RequesterCounts);
      office.requesters.set(request.requester.id, requester);
      count(office, doc, request.type, latest);
      count(requester, doc, request.type, latest);
      if (request.requestedAt > requester.lastRequestedAt) requester.lastRequestedAt = request.requestedAt;
      // The latest email a requester's token carried names them.
      if (request.requester.email !== null) requester.requester.email = request.requester.email;
    });
  }
  const byRequests = <T extends { requests: number }>(a: T, b: T, tie: number) => b.requests - a.requests || tie;
  const reply: OfficeRequesters[] = [...offices.entries()].map(([officeId, office]) => ({
    officeId,
    requests: office.requests,
    byType: office.byType,
    byStatus: office.byStatus,
    requesters: [...office.requesters.values()].sort((a, b) => byRequests(a, b, a.requester.id.localeCompare(b.requester.id))),
  }));
  return { offices: reply.sort((a, b) => byRequests(a, b, a.officeId.localeCompare(b.officeId))) };
}

export function queueService({ outsourcing, audit, now }: QueueServiceDeps): QueueService {
  return {
    async queue(context, query) {
      requireRoles(context, OUTSOURCE_QUEUE_ROLES);
      const { actor } = context;
      const at = now();
      const filter: QueueFilter = {
        orgId: actor.orgId,
        ...(query.status === undefined ? {} : { statuses: query.status }),
        ...(query.officeId === undefined ? {} : { officeId: query.officeId }),
        ...(query.payerId === undefined ? {} : { payerId: query.payerId }),
        ...(query.type === undefined ? {} : { type: query.type }),
        ...(query.olderThanHours === undefined ? {} : { requestedBefore: new Date(at.getTime() - query.olderThanHours * HOUR_MS).toISOString() }),
        ...(query.assignee === undefined ? {} : { assigneeId: query.assignee === 'me' ? actor.userId : null }),
      };
      const { items, total } = await outsourcing.page(filter, query);
      await audit.recordMany(
        items.map((doc) => ({
          orgId: doc.orgId,
          officeId: doc.officeId,
          userId: actor.userId,
          ticketId: doc._id,
          action: 'list' as const,
          ...(context.requestId === undefined ? {} : { requestId: context.requestId }),
        })),
      );
      return { items: items.map((doc) => itemOf(doc, at)), total, page: query.page, pageSize: query.pageSize };
    },

    async ticket(context, id) {
      requireRoles(context, OUTSOURCE_QUEUE_ROLES);
      const { actor } = context;
      const doc = await outsourcing.findInOrg(actor.orgId, id);
      if (doc === null) throw new NotFound(OUTSOURCE_MESSAGES.notOutsourced);
      await audit.record({
        orgId: doc.orgId,
        officeId: doc.officeId,
        userId: actor.userId,
        ticketId: doc._id,
        action: 'read',
        ...(context.requestId === undefined ? {} : { requestId: context.requestId }),
      });
      return outsourcedTicketOf(doc);
    },

    async requesters(context, query) {
      requireRoles(context, OUTSOURCE_REQUESTERS_ROLES);
      return requestersOf(await outsourcing.ofOrganization(context.actor.orgId, query.officeId));
    },
  };
}
