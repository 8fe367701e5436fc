/**
 * Re-verification: an earlier verification's eligibility checked again against its sources (issue 15).
 *
 * Starting one reads the verification in the caller's scope (verifications.service readScope: an office user their
 * office's, a company user their organization's; another's is "not found"). The first start creates the record
 * with the verification's own finding as its first check; each start adds a re-check whose source jobs are the
 * verification's (the clearinghouse, the carrier's portal) marked with the check's id, run by the job runner, and
 * settled by check-completion.ts. The verification itself, its plan included, never changes.
 * Refused (409): while the verification's own sources still run, while a re-check of it runs, and for a carrier no
 * source serves. A re-check still waiting for the office when another starts is closed: its waiting jobs end.
 */
import { randomUUID } from 'node:crypto';
import {
  REVERIFICATION_MESSAGES,
  type Page,
  type ReverificationDetail,
  type ReverificationListItem,
  type ReverificationListQuery,
  type ReverificationStartInput,
  type TicketWrapperV3,
} from '@dv/contracts';
import { Conflict, DuplicateKey, NotFound, type Outbox, type Store, type Transaction } from '@dv/kit';
import { type AuditLog } from '../audit/audit.store';
import { activeCarrier, type CarrierLookup } from '../carriers/carrier-catalogue';
import { reverificationStatusMessage } from '../events';
import { WAITING_JOB_STATUSES, type JobDocument, type JobStore } from '../jobs/jobs.store';
import { newSourceJobs } from '../jobs/new-jobs';
import { type ReverificationPrintout } from '../pdf/reverification-pdf';
import { readTicket } from '../verifications/ticket-document';
import { creatorName, NOT_FOUND, readScope, type RequestContext } from '../verifications/verifications.service';
import { type VerificationDocument, type VerificationStore } from '../verifications/verifications.store';
import { documentOf } from './check-completion';
import { findingOf } from './eligibility';
import { detailOf, listItemOf, planSummaryOf } from './reverification-views';
import { type ReverificationDocument, type ReverificationStore, type StoredCheck } from './reverification.store';

export const REVERIFICATION_NOT_FOUND = 'Re-verification not found';
/** Why a re-check's waiting job ended when a newer re-check started. */
export const SUPERSEDED_REASON = 'A newer re-check of this verification replaced this one';

export interface ReverificationServiceDeps {
  readonly store: Pick<Store, 'transaction'>;
  readonly reverifications: ReverificationStore;
  readonly verifications: Pick<VerificationStore, 'findInScope' | 'findById'>;
  readonly jobs: Pick<JobStore, 'insert' | 'ofChecks' | 'updateIf'>;
  readonly audit: AuditLog;
  readonly outbox: Pick<Outbox, 'add'>;
  /** Starts the new jobs (the job runner). */
  readonly startJobs: (jobIds: readonly string[]) => void;
  readonly clearinghouseName: string;
  readonly now: () => Date;
  /** The stored carrier catalogue: a re-check takes the sources of an active carrier. */
  readonly carriers: CarrierLookup;
}

export interface ReverificationService {
  start(context: RequestContext, input: ReverificationStartInput): Promise<ReverificationDetail>;
  get(context: RequestContext, id: string): Promise<ReverificationDetail>;
  list(context: RequestContext, query: ReverificationListQuery): Promise<Page<ReverificationListItem>>;
  /** The re-verification with the verification's patient and office, for its PDF. */
  printout(context: RequestContext, id: string): Promise<ReverificationPrintout>;
}

/** The verification's own finding: the first check of its re-verification. */
function verificationCheck(
  verification: VerificationDocument,
  wrapper: TicketWrapperV3,
): { check: StoredCheck; record: Pick<ReverificationDocument, 'document' | 'coverageStatus'> } {
  const { entry, found } = findingOf(wrapper.patient, wrapper.plan);
  const at = verification.readyAt ?? verification.updatedAt;
  const check: StoredCheck = {
    id: randomUUID(),
    kind: 'verification',
    status: 'done',
    startedAt: verification.createdAt,
    finishedAt: at,
    startedBy: verification.createdByName ?? verification.createdBy,
    eligibilityIndex: 0,
    found,
    changes: [],
  };
  return { check, record: { document: documentOf([check], [entry]), coverageStatus: entry.coverageStatus ?? 'unknown' } };
}

function newRecord(verification: VerificationDocument, at: string, userId: string): ReverificationDocument {
  const wrapper = readTicket(verification.document);
  const { check, record } = verificationCheck(verification, wrapper);
  const info = wrapper.ticket.integrationPatientInfo;
  return {
    _id: randomUUID(),
    orgId: verification.orgId,
    officeId: verification.officeId,
    verificationId: verification._id,
    carrier: verification.carrier,
    search: verification.search,
    patient: { firstName: info.patientFirstName, lastName: info.patientLastName, dob: info.patientDOB, memberId: info.patientMemberId },
    createdAt: at,
    updatedAt: at,
    createdBy: userId,
    document: record.document,
    checks: [check],
    status: 'done',
    lastCheckedAt: check.startedAt,
    coverageStatus: record.coverageStatus,
  };
}

export function reverificationService(deps: ReverificationServiceDeps): ReverificationService {
  const { store, reverifications, verifications, jobs, audit, now } = deps;

  function auditEntry(context: RequestContext, record: Pick<ReverificationDocument, 'orgId' | 'officeId' | 'verificationId'>) {
    return {
      orgId: record.orgId,
      officeId: record.officeId,
      userId: context.actor.userId,
      ticketId: record.verificationId,
      ...(context.requestId === undefined ? {} : { requestId: context.requestId }),
    };
  }

  /** Ends the waiting jobs of the previous re-check, which the new one replaces. */
  async function closeWaiting(tx: Transaction, record: ReverificationDocument, at: string): Promise<StoredCheck[]> {
    const last = record.checks.at(-1)!;
    if (last.status !== 'waiting') return record.checks;
    for (const job of await jobs.ofChecks([last.id], tx)) {
      if (!WAITING_JOB_STATUSES.includes(job.status)) continue;
      await jobs.updateIf(job._id, { status: job.status }, { status: 'done', outcome: 'error', reason: SUPERSEDED_REASON, finishedAt: at, updatedAt: at }, tx);
    }
    return record.checks.map((check) => (check.id === last.id ? { ...check, status: 'done' as const, finishedAt: at } : check));
  }

  /** The start's transaction; two first starts of one verification race on the unique index: the loser is refused. */
  async function startCheck(work: (tx: Transaction) => Promise<void>): Promise<void> {
    try {
      await store.transaction(work);
    } catch (error) {
      if (error instanceof DuplicateKey) throw new Conflict(REVERIFICATION_MESSAGES.alreadyRunning);
      throw error;
    }
  }

  type Loaded = { record: ReverificationDocument; detail: ReverificationDetail; ticket: TicketWrapperV3 | null };

  async function load(context: RequestContext, id: string): Promise<Loaded> {
    const scope = readScope(context.actor);
    return store.transaction(async (tx) => {
      const record = await reverifications.findInScope(scope, id, tx);
      if (record === null) throw new NotFound(REVERIFICATION_NOT_FOUND);
      const verification = await verifications.findById(record.verificationId, tx);
      const ticket = verification === null ? null : readTicket(verification.document);
      const plan = ticket === null ? null : planSummaryOf(ticket, verification!.planId);
      const checkJobs = await jobs.ofChecks(record.checks.map((check) => check.id), tx);
      return { record, detail: detailOf(record, checkJobs, plan), ticket };
    });
  }

  return {
    async start(context, input) {
      const scope = readScope(context.actor);
      let started: { id: string; jobs: JobDocument[] } | undefined;
      await startCheck(async (tx) => {
        const verification = await verifications.findInScope(scope, input.verificationId, tx);
        if (verification === null) throw new NotFound(NOT_FOUND);
        if (verification.readyAt === null) throw new Conflict(REVERIFICATION_MESSAGES.notReady);
        const carrier = await activeCarrier(deps.carriers, verification.carrier.payerId, tx);
        if (carrier === undefined || (!carrier.eligibility270 && carrier.portalId === null)) throw new Conflict(REVERIFICATION_MESSAGES.noSource);
        const at = now();
        const iso = at.toISOString();
        let record = await reverifications.ofVerification(verification._id, tx);
        if (record === null) {
          record = newRecord(verification, iso, context.actor.userId);
          await reverifications.insert(tx, record);
        }
        if (record.status === 'checking') throw new Conflict(REVERIFICATION_MESSAGES.alreadyRunning);

        const check: StoredCheck = {
          id: randomUUID(),
          kind: 'reverification',
          status: 'checking',
          startedAt: iso,
          finishedAt: null,
          startedBy: creatorName(context.actor),
          eligibilityIndex: null,
          found: null,
          changes: [],
        };
        const newJobs = newSourceJobs({
          verificationId: verification._id,
          orgId: verification.orgId,
          officeId: verification.officeId,
          carrier,
          clearinghouseName: deps.clearinghouseName,
          at,
          reverificationId: check.id,
        });
        const checks = [...(await closeWaiting(tx, record, iso)), check];
        for (const job of newJobs) await jobs.insert(tx, job);
        await reverifications.update(tx, record._id, {
          document: record.document,
          checks,
          status: 'checking',
          lastCheckedAt: iso,
          coverageStatus: record.coverageStatus,
          updatedAt: iso,
        });
        await deps.outbox.add(tx, reverificationStatusMessage(record, 'checking', iso));
        await audit.record({ ...auditEntry(context, record), action: 'reverify', fields: [`reverification:${check.id}`] }, tx);
        started = { id: record._id, jobs: newJobs };
      });
      deps.startJobs(started!.jobs.map((job) => job._id));
      return (await load(context, started!.id)).detail;
    },

    async get(context, id) {
      const { record, detail } = await load(context, id);
      await audit.record({ ...auditEntry(context, record), action: 'read' });
      return detail;
    },

    async printout(context, id) {
      const { record, detail, ticket } = await load(context, id);
      if (ticket === null) throw new NotFound(NOT_FOUND);
      await audit.record({ ...auditEntry(context, record), action: 'read' });
      return { detail, patientInfo: ticket.ticket.integrationPatientInfo, clientInfo: ticket.ticket.integrationClientInfo };
    },

    async list(context, query) {
      const { actor } = context;
      const scope = actor.officeId === undefined ? readScope(actor) : { orgId: actor.orgId, officeId: actor.officeId };
      const { items, total } = await reverifications.page(scope, query);
      await audit.recordMany(items.map((record) => ({ ...auditEntry(context, record), action: 'list' as const })));
      return { items: items.map(listItemOf), total, page: query.page, pageSize: query.pageSize };
    },
  };
}
