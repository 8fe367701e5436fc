/**
 * Outsourcing: the office hands a ticket to the company, the company's agents work it through the queue's statuses.
 *
 * - An office user (staff, staffmanager) outsources a ticket of the office they act for, if the office's settings
 *   allow it (office-settings.ts); the ticket enters the queue as Open. A ticket in the queue cannot be outsourced
 *   again, except to answer the agent (Needs additional Info -> Open) or once finished (Resolved, Closed -> Open).
 * - Company users (agent, admin, superadministrator) work the tickets of their organization's offices: an agent
 *   claims one (Open -> Pending), moves it by the transition table (contracts rules/ticket-transitions.ts: a move
 *   outside it is 409 naming both statuses), logs payer calls and enters values, each with the call as evidence.
 *   An agent works only the tickets they hold; admins and super administrators may move any (QA, reassignment).
 *   Values are entered only once a payer call is logged: each carries the call as its evidence.
 *
 * Every write changes the ticket wrapper's `ticket.status` (what the office reads) and the queue's copy in one
 * transaction, with its audit record and, for a status move, the outbox event the realtime service forwards
 * (ids and statuses only). Another organization's ticket is "not found", never "forbidden".
 */
import {
  AGENT_WORK_STATUSES,
  canMoveTicket,
  COMPANY_ADMIN_ROLES,
  hasAnyRole,
  isAgentWorkStatus,
  isFinishedTicketStatus,
  OUTSOURCE_MESSAGES,
  OUTSOURCE_QUEUE_ROLES,
  OUTSOURCE_REQUEST_ROLES,
  ticketTransitionRefusal,
  WAITING_FOR_OFFICE_STATUS,
  type AgentFieldsInput,
  type CallLogInput,
  type OutsourcedTicket,
  type OutsourceInput,
  type TicketStatus,
  type TicketStatusInput,
  type TicketWrapperV3,
  type VerificationDetail,
} from '@dv/contracts';
import { Conflict, Forbidden, Invalid, invalidField, NotFound, type Actor, type Outbox, type Store, type Transaction } from '@dv/kit';
import { type AuditLog } from '../audit/audit.store';
import { ticketResolvedMessage, ticketStatusMessage } from '../events';
import { readTicket } from '../verifications/ticket-document';
import { editFieldPath } from '../verifications/ticket-edits';
import { NOT_FOUND, OFFICE_REQUIRED, type EditGuard, type RequestContext } from '../verifications/verifications.service';
import { type VerificationDocument, type VerificationStore } from '../verifications/verifications.store';
import { lastChangeAt, withEvidence, type EvidencedVerifications } from './field-evidence';
import { type OfficeSettingsReader } from './office-settings';
import { type OutsourcedTicketDocument, type OutsourcingStore, type StoredEvidence, type StoredUser } from './outsourcing.store';

/** A ticket holds at most this many document URLs (screenshots, recordings): a ticket is a record, not a drive. */
export const TICKET_DOCUMENTS_MAX = 50;

export interface OutsourcingServiceDeps {
  readonly store: Pick<Store, 'transaction'>;
  readonly verifications: Pick<VerificationStore, 'findInScope' | 'update'>;
  readonly outsourcing: Pick<OutsourcingStore, 'findInOrg' | 'insert' | 'update'>;
  /** The verification service (with field evidence): agents' values go through its edit rules. */
  readonly tickets: Pick<EvidencedVerifications, 'queueEdit'>;
  readonly settings: OfficeSettingsReader;
  readonly audit: Pick<AuditLog, 'record'>;
  readonly outbox: Pick<Outbox, 'add'>;
  readonly now: () => Date;
}

/** The office's request: the caller's bearer token lets the offices service answer with the office's settings. */
export interface OfficeRequestContext extends RequestContext {
  readonly authorization: string;
}

export interface OutsourcingService {
  outsource(context: OfficeRequestContext, id: string, input: OutsourceInput): Promise<OutsourcedTicket>;
  claim(context: RequestContext, id: string): Promise<OutsourcedTicket>;
  move(context: RequestContext, id: string, input: TicketStatusInput): Promise<OutsourcedTicket>;
  logCall(context: RequestContext, id: string, input: CallLogInput): Promise<OutsourcedTicket>;
  enterFields(context: RequestContext, id: string, input: AgentFieldsInput): Promise<VerificationDetail>;
}

export function userOf(actor: Actor): StoredUser {
  return { id: actor.userId, email: actor.email ?? null };
}

/** 'Maria Lopez' -> 'M. L.': what the queue shows of the patient. */
export function initialsOf(firstName: string, lastName: string): string {
  return [firstName, lastName]
    .map((name) => name.trim().charAt(0).toUpperCase())
    .filter((initial) => initial !== '')
    .map((initial) => `${initial}.`)
    .join(' ');
}

export function outsourcedTicketOf(doc: OutsourcedTicketDocument): OutsourcedTicket {
  return {
    verificationId: doc._id,
    officeId: doc.officeId,
    status: doc.status,
    type: doc.type,
    requests: doc.requests.map((request) => ({ ...request })),
    assignee: doc.assignee ?? null,
    calls: doc.calls.map((call) => ({ ...call })),
    requestedAt: doc.requestedAt,
    updatedAt: doc.updatedAt,
  };
}

/** Queue work is for company users of the queue's roles; the route's role check comes first, this is the service's own. */
function requireCompany(actor: Actor): void {
  if (!actor.companyUser || !hasAnyRole(actor.roles, OUTSOURCE_QUEUE_ROLES)) throw new Forbidden('Only company agents work the outsourcing queue');
}

/** An agent works only the tickets they hold; admins and super administrators may act on any. */
function requireHolder(actor: Actor, ticket: OutsourcedTicketDocument): void {
  if (hasAnyRole(actor.roles, COMPANY_ADMIN_ROLES)) return;
  if (ticket.assignee === undefined) throw new Conflict(OUTSOURCE_MESSAGES.claimFirst);
  if (ticket.assignee.id !== actor.userId) throw new Conflict(OUTSOURCE_MESSAGES.notYours);
}

function requireWorkable(ticket: OutsourcedTicketDocument): void {
  if (!isAgentWorkStatus(ticket.status)) {
    throw new Conflict(OUTSOURCE_MESSAGES.notWorkable, { status: ticket.status, workable: [...AGENT_WORK_STATUSES] });
  }
}

/** The refusal of a move outside the table: 409, both statuses in the message and in the details. */
function refusal(from: TicketStatus, to: TicketStatus): Conflict {
  return new Conflict(ticketTransitionRefusal(from, to), { from, to });
}

export function outsourcingService(deps: OutsourcingServiceDeps): OutsourcingService {
  const { store, verifications, outsourcing, audit, outbox, now } = deps;

  function auditEntry(context: RequestContext, ticket: Pick<OutsourcedTicketDocument, '_id' | 'orgId' | 'officeId'>) {
    return {
      orgId: ticket.orgId,
      officeId: ticket.officeId,
      userId: context.actor.userId,
      ticketId: ticket._id,
      ...(context.requestId === undefined ? {} : { requestId: context.requestId }),
    };
  }

  /** The ticket in the caller's organization and the verification it belongs to, read in the transaction. */
  async function loadQueued(context: RequestContext, id: string, tx: Transaction) {
    requireCompany(context.actor);
    const ticket = await outsourcing.findInOrg(context.actor.orgId, id, tx);
    if (ticket === null) throw new NotFound(OUTSOURCE_MESSAGES.notOutsourced);
    const verification = await verifications.findInScope({ orgId: ticket.orgId, officeId: ticket.officeId }, id, tx);
    if (verification === null) throw new NotFound(NOT_FOUND);
    return { ticket, verification };
  }

  /** Writes the wrapper (the office's view of the ticket) with what `edit` changes in it. */
  async function writeWrapper(tx: Transaction, verification: VerificationDocument, iso: string, edit: (wrapper: TicketWrapperV3) => void) {
    const wrapper = readTicket(verification.document);
    edit(wrapper);
    await verifications.update(tx, verification._id, { document: wrapper, updatedAt: iso });
  }

  /** A status move's events: the status to every browser of the office and company, and a resolution's notice. */
  async function announce(tx: Transaction, ticket: OutsourcedTicketDocument, to: TicketStatus, iso: string) {
    await outbox.add(tx, ticketStatusMessage(ticket, to, iso));
    if (to === 'Resolved') await outbox.add(tx, ticketResolvedMessage(ticket, { type: ticket.type, requesterId: ticket.requesterId }, iso));
  }

  /** Reads the ticket once its transaction committed. */
  async function current(orgId: string, id: string): Promise<OutsourcedTicket> {
    const ticket = await outsourcing.findInOrg(orgId, id);
    if (ticket === null) throw new NotFound(OUTSOURCE_MESSAGES.notOutsourced);
    return outsourcedTicketOf(ticket);
  }

  return {
    async outsource(context, id, input) {
      const { actor } = context;
      if (actor.officeId === undefined) throw new Invalid(OFFICE_REQUIRED);
      if (actor.companyUser || !hasAnyRole(actor.roles, OUTSOURCE_REQUEST_ROLES)) throw new Forbidden("Only the office's staff outsource its tickets");
      const scope = { orgId: actor.orgId, officeId: actor.officeId };
      if ((await verifications.findInScope(scope, id)) === null) throw new NotFound(NOT_FOUND);
      if (!(await deps.settings.outsourceEnabled(actor.officeId, context.authorization))) throw new Forbidden(OUTSOURCE_MESSAGES.disabled);

      await store.transaction(async (tx) => {
        const verification = await verifications.findInScope(scope, id, tx);
        if (verification === null) throw new NotFound(NOT_FOUND);
        const existing = await outsourcing.findInOrg(actor.orgId, id, tx);
        const from = existing?.status ?? null;
        if (existing !== null && !isFinishedTicketStatus(existing.status) && existing.status !== WAITING_FOR_OFFICE_STATUS) {
          throw new Conflict(OUTSOURCE_MESSAGES.alreadyOutsourced, { status: existing.status });
        }
        if (existing !== null && !canMoveTicket(existing.status, 'Open')) throw refusal(existing.status, 'Open');
        const iso = now().toISOString();
        const request = { type: input.type, note: input.note ?? null, requester: userOf(actor), requestedAt: iso };
        await writeWrapper(tx, verification, iso, (wrapper) => {
          wrapper.ticket.status = 'Open';
          wrapper.ticket.requesterId = actor.userId;
        });
        const latest = { status: 'Open' as const, type: input.type, requesterId: actor.userId, requestedAt: iso, updatedAt: iso };
        let ticket: OutsourcedTicketDocument;
        if (existing === null) {
          const info = readTicket(verification.document).ticket.integrationPatientInfo;
          ticket = {
            _id: id,
            orgId: verification.orgId,
            officeId: verification.officeId,
            ...latest,
            requests: [request],
            carrier: { payerId: verification.carrier.payerId, name: verification.carrier.name },
            patientInitials: initialsOf(info.patientFirstName, info.patientLastName),
            calls: [],
            evidence: [],
          };
          await outsourcing.insert(tx, ticket);
        } else {
          // An answer to the agent's question goes back to the agent holding it; a new request to anyone.
          const answer = existing.status === WAITING_FOR_OFFICE_STATUS;
          ticket = { ...existing, ...latest, requests: [...existing.requests, request] };
          await outsourcing.update(tx, id, { ...latest, requests: ticket.requests }, { releaseAssignee: !answer });
        }
        await audit.record({ ...auditEntry(context, ticket), action: 'outsource', transition: { from, to: 'Open' } }, tx);
        await announce(tx, ticket, 'Open', iso);
      });
      return current(actor.orgId, id);
    },

    async claim(context, id) {
      const { actor } = context;
      await store.transaction(async (tx) => {
        const { ticket, verification } = await loadQueued(context, id, tx);
        if (isFinishedTicketStatus(ticket.status)) throw new Conflict(OUTSOURCE_MESSAGES.notWorkable, { status: ticket.status });
        if (ticket.assignee !== undefined && ticket.assignee.id !== actor.userId) {
          throw new Conflict(OUTSOURCE_MESSAGES.claimedByOther, { assignee: ticket.assignee });
        }
        const to: TicketStatus = ticket.status === 'Open' ? 'Pending' : ticket.status;
        if (ticket.assignee !== undefined && to === ticket.status) return;
        const iso = now().toISOString();
        await outsourcing.update(tx, id, { assignee: userOf(actor), status: to, updatedAt: iso });
        const moved = to !== ticket.status;
        if (moved) {
          await writeWrapper(tx, verification, iso, (wrapper) => {
            wrapper.ticket.status = to;
          });
          await announce(tx, ticket, to, iso);
        }
        await audit.record({ ...auditEntry(context, ticket), action: 'claim', ...(moved ? { transition: { from: ticket.status, to } } : {}) }, tx);
      });
      return current(actor.orgId, id);
    },

    async move(context, id, input) {
      const { actor } = context;
      const { to } = input;
      await store.transaction(async (tx) => {
        const { ticket, verification } = await loadQueued(context, id, tx);
        if (!canMoveTicket(ticket.status, to)) throw refusal(ticket.status, to);
        // Taking an Open ticket to Pending is claiming it: nobody need hold it yet.
        const claiming = ticket.status === 'Open' && to === 'Pending' && ticket.assignee === undefined;
        if (!claiming) requireHolder(actor, ticket);
        const iso = now().toISOString();
        await writeWrapper(tx, verification, iso, (wrapper) => {
          wrapper.ticket.status = to;
          if (to === 'Resolved') wrapper.ticket.resolvedDate = iso;
          if (input.note !== undefined) {
            wrapper.ticket.alertNotes = [...(wrapper.ticket.alertNotes ?? []), { creationDate: iso, alertContent: input.note, user: actor.email ?? actor.userId }];
          }
        });
        // Back to Open is back to the queue: nobody holds it any more.
        await outsourcing.update(
          tx,
          id,
          { status: to, updatedAt: iso, ...(claiming ? { assignee: userOf(actor) } : {}) },
          { releaseAssignee: to === 'Open' },
        );
        await audit.record({ ...auditEntry(context, ticket), action: 'status-change', transition: { from: ticket.status, to } }, tx);
        await announce(tx, ticket, to, iso);
      });
      return current(actor.orgId, id);
    },

    async logCall(context, id, input) {
      const { actor } = context;
      const { evidence } = input;
      await store.transaction(async (tx) => {
        const { ticket, verification } = await loadQueued(context, id, tx);
        requireHolder(actor, ticket);
        requireWorkable(ticket);
        const iso = now().toISOString();
        const fields = ['ticket.payerAgentName', 'ticket.callReference'];
        await writeWrapper(tx, verification, iso, (wrapper) => {
          const info = wrapper.ticket;
          info.payerAgentName = input.payerAgentName ?? evidence.representative;
          info.callReference = input.callReference ?? evidence.callReference;
          const added = [...(input.documents ?? []), ...(evidence.documentUrl === undefined ? [] : [evidence.documentUrl])];
          if (added.length > 0) {
            info.documents = [...new Set([...(info.documents ?? []), ...added])];
            if (info.documents.length > TICKET_DOCUMENTS_MAX) {
              throw invalidField('documents', `A ticket holds at most ${TICKET_DOCUMENTS_MAX} documents`);
            }
            fields.push('ticket.documents');
          }
          if (input.alertNote !== undefined) {
            info.alertNotes = [...(info.alertNotes ?? []), { creationDate: iso, alertContent: input.alertNote, user: actor.email ?? actor.userId }];
            fields.push('ticket.alertNotes');
          }
        });
        const call = { ...evidence, loggedBy: userOf(actor), loggedAt: iso };
        await outsourcing.update(tx, id, { calls: [...ticket.calls, call], updatedAt: iso });
        await audit.record({ ...auditEntry(context, ticket), action: 'call-log', fields }, tx);
      });
      return current(actor.orgId, id);
    },

    async enterFields(context, id, input) {
      const { actor } = context;
      requireCompany(actor);
      // Checked in the edit's transaction: the holder, the status and the calls are those the values land on.
      const queueRules: EditGuard = async (_doc, tx) => {
        const ticket = await outsourcing.findInOrg(actor.orgId, id, tx);
        if (ticket === null) throw new NotFound(OUTSOURCE_MESSAGES.notOutsourced);
        requireHolder(actor, ticket);
        requireWorkable(ticket);
        if (ticket.calls.length === 0) throw new Conflict(OUTSOURCE_MESSAGES.logCallFirst);
      };
      // The ticket's own edit rules (validation, scores, audit, version check), then the call behind each value.
      const detail = await deps.tickets.queueEdit(context, id, input.edits, input.version, queueRules);
      const iso = now().toISOString();
      const evidence: StoredEvidence[] = [...new Set(input.edits.map((edit) => editFieldPath(edit.path)))].flatMap((path) => {
        const changedAt = lastChangeAt(detail, path);
        return changedAt === undefined ? [] : [{ path, ...input.evidence, enteredBy: actor.email ?? actor.userId, enteredAt: iso, changedAt }];
      });
      await store.transaction(async (tx) => {
        const latest = await outsourcing.findInOrg(actor.orgId, id, tx);
        if (latest === null) throw new NotFound(OUTSOURCE_MESSAGES.notOutsourced);
        const kept = latest.evidence.filter((record) => !evidence.some((added) => added.path === record.path));
        await outsourcing.update(tx, id, { evidence: [...kept, ...evidence], updatedAt: iso });
      });
      return withEvidence(detail, evidence);
    },
  };
}
