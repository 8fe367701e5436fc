/**
 * Verifications: creating one (ticket and source jobs), reading, editing, submitting and listing tickets.
 *
 * Access: an office user acts for the office named by the Connected-Dental-Office header (the kit checked it is
 * theirs) and sees that office's tickets only; a company user (agent, admin, superadministrator) sees the
 * organization's tickets, and creates tickets for the office the header names. Someone else's ticket is "not
 * found", never "forbidden": its existence is not revealed. Every read and write of a ticket writes an audit
 * record (audit/audit.store.ts).
 */
import { randomUUID } from 'node:crypto';
import {
  CARRIER_MESSAGES,
  EVENT_TYPES,
  RETRYABLE_JOB_MESSAGE,
  VERIFICATION_EDIT_CONFLICT,
  type EditConflictDetails,
  type FieldEdit,
  type Page,
  type VerificationCreated,
  type VerificationCreateInput,
  type VerificationDetail,
  type VerificationHistoryItem,
  type VerificationListQuery,
} from '@dv/contracts';
import { Conflict, Invalid, invalidField, NotFound, type Actor, type Logger, type Outbox, type Store, type Transaction } from '@dv/kit';
import { type AuditLog } from '../audit/audit.store';
import { type CarrierLookup } from '../carriers/carrier-catalogue';
import { verificationReadyMessage } from '../events';
import { isActive, jobView, type JobDocument, type JobStore } from '../jobs/jobs.store';
import { type PlanLibrary } from '../plans/plans.service';
import { agreementRatio, planScore } from '../scoring/plan-score';
import { fieldSourcesOf } from './field-sources';
import { applyEdits, EditRejected, storedValueAt } from './ticket-edits';
import { newVerification } from './new-verification';
import { type PaymentGate } from './payment-gate';
import { readTicket } from './ticket-document';
import {
  type VerificationDocument,
  type VerificationScope,
  type VerificationStore,
  listedSummary,
  versionOf,
} from './verifications.store';

export const OFFICE_REQUIRED = 'Name the office in the Connected-Dental-Office header';
export const UNKNOWN_CARRIER = 'Unknown carrier: pick a payer of the carrier catalogue (GET /api/carriers)';
export const NOT_FOUND = 'Verification not found';
export const ALREADY_SUBMITTED = 'The verification was submitted; it can no longer change';
export const JOB_NOT_FOUND = 'Source job not found';
/** A display name longer than this is cut: the list shows a name, not whatever a token carries. */
const CREATOR_NAME_MAX_LENGTH = 120;

export interface VerificationServiceDeps {
  readonly store: Pick<Store, 'transaction'>;
  readonly verifications: VerificationStore;
  readonly jobs: Pick<JobStore, 'insert' | 'ofVerification' | 'ofVerifications' | 'updateIf'>;
  readonly audit: AuditLog;
  readonly library: Pick<PlanLibrary, 'share'>;
  readonly outbox: Pick<Outbox, 'add'>;
  /** Starts the new jobs (the job runner). */
  readonly startJobs: (jobIds: readonly string[]) => void;
  /** The clearinghouse's name in job data. */
  readonly clearinghouseName: string;
  readonly now: () => Date;
  readonly logger?: Logger;
  /** The payment gate (payment-gate.ts): an unpaid office creates no verification; absent, none is refused. */
  readonly gate?: PaymentGate;
  /** The stored carrier catalogue: a new verification takes an active carrier of it. */
  readonly carriers: Pick<CarrierLookup, 'carrier'>;
}

/**
 * A check of the stored ticket inside an edit's transaction, before anything is written; a refusal throws. The
 * outsourcing queue's rule for company users' values comes in this way (outsourcing/field-evidence.ts), so the
 * check and the write see the same ticket.
 */
export type EditGuard = (doc: VerificationDocument, tx: Transaction) => Promise<void>;

export interface RequestContext {
  readonly actor: Actor;
  readonly requestId?: string;
}

export interface VerificationService {
  create(context: RequestContext, input: VerificationCreateInput): Promise<VerificationCreated>;
  get(context: RequestContext, id: string): Promise<VerificationDetail>;
  list(context: RequestContext, query: VerificationListQuery): Promise<Page<VerificationHistoryItem>>;
  /** `version`: the ticket version the edits were made on; a newer stored version refuses them (409). */
  edit(context: RequestContext, id: string, edits: readonly FieldEdit[], version?: number, guard?: EditGuard): Promise<VerificationDetail>;
  submit(context: RequestContext, id: string): Promise<VerificationDetail>;
  /** Runs a finished or waiting source job again. */
  retryJob(context: RequestContext, id: string, jobId: string): Promise<VerificationDetail>;
}

/** Which tickets the caller reaches: company users their organization's, office users their office's. */
export function readScope(actor: Actor): VerificationScope {
  if (actor.companyUser) return { orgId: actor.orgId };
  if (actor.officeId === undefined) throw new Invalid(OFFICE_REQUIRED);
  return { orgId: actor.orgId, officeId: actor.officeId };
}

/** The list of the current office; a company user without an office header lists the organization's. */
function listScope(actor: Actor): VerificationScope {
  if (actor.officeId !== undefined) return { orgId: actor.orgId, officeId: actor.officeId };
  return readScope(actor);
}

function detailOf(doc: VerificationDocument, jobs: readonly JobDocument[]): VerificationDetail {
  const wrapper = readTicket(doc.document);
  return {
    id: doc._id,
    officeId: doc.officeId,
    status: doc.status,
    carrier: doc.carrier,
    appointment: doc.appointment,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
    readyAt: doc.readyAt,
    submittedAt: doc.submittedAt,
    planId: doc.planId,
    warnings: [...doc.warnings],
    version: versionOf(doc),
    jobs: jobs.map(jobView),
    fieldSources: fieldSourcesOf(wrapper, jobs),
    ...wrapper,
  };
}

/** Who created a verification, as the list names them: the name or email their sign-in gave, else their id. */
export function creatorName(actor: Actor): string {
  const name = actor.claims.name;
  if (typeof name === 'string' && name.trim() !== '') return name.trim().slice(0, CREATOR_NAME_MAX_LENGTH);
  return actor.email ?? actor.userId;
}

function listItemOf(doc: VerificationDocument, jobs: readonly JobDocument[]): VerificationHistoryItem {
  const summary = listedSummary(doc, readTicket);
  return {
    id: doc._id,
    officeId: doc.officeId,
    status: doc.status,
    ticketStatus: summary.ticketStatus,
    coverageStatus: summary.coverageStatus,
    createdBy: doc.createdByName ?? doc.createdBy,
    patient: { firstName: summary.firstName, lastName: summary.lastName, dob: summary.dob, memberId: summary.memberId },
    carrier: doc.carrier,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
    readyAt: doc.readyAt,
    submittedAt: doc.submittedAt,
    planScore: doc.planScore,
    jobs: jobs.map((job) => ({ id: job._id, source: job.source, status: job.status, outcome: job.outcome })),
  };
}

export function verificationService(deps: VerificationServiceDeps): VerificationService {
  const { store, verifications, jobs, audit, now } = deps;

  /** The verification and its jobs as of one moment (a job's end and the ticket's update commit together). */
  async function load(context: RequestContext, id: string): Promise<{ doc: VerificationDocument; detail: VerificationDetail }> {
    const scope = readScope(context.actor);
    return store.transaction(async (tx) => {
      const doc = await verifications.findInScope(scope, id, tx);
      if (doc === null) throw new NotFound(NOT_FOUND);
      return { doc, detail: detailOf(doc, await jobs.ofVerification(id, tx)) };
    });
  }

  function entry(context: RequestContext, doc: Pick<VerificationDocument, '_id' | 'orgId' | 'officeId'>) {
    return {
      orgId: doc.orgId,
      officeId: doc.officeId,
      userId: context.actor.userId,
      ticketId: doc._id,
      ...(context.requestId === undefined ? {} : { requestId: context.requestId }),
    };
  }

  /** A user's edit of the ticket: the change and its audit record in one transaction, then the ticket as it is. */
  async function update(
    context: RequestContext,
    id: string,
    change: (doc: VerificationDocument) => { fields: readonly string[]; apply: Parameters<VerificationStore['update']>[2] },
    stale?: (doc: VerificationDocument) => Conflict | null,
    guard?: EditGuard,
  ): Promise<VerificationDetail> {
    const scope = readScope(context.actor);
    await store.transaction(async (tx) => {
      const doc = await verifications.findInScope(scope, id, tx);
      if (doc === null) throw new NotFound(NOT_FOUND);
      if (doc.status === 'Completed') throw new Conflict(ALREADY_SUBMITTED);
      await guard?.(doc, tx);
      const conflict = stale?.(doc) ?? null;
      if (conflict !== null) throw conflict;
      const { fields, apply } = change(doc);
      await verifications.update(tx, id, apply);
      await audit.record({ ...entry(context, doc), action: 'update', fields }, tx);
    });
    return (await load(context, id)).detail;
  }

  return {
    async create(context, input) {
      const { actor } = context;
      if (actor.officeId === undefined) throw new Invalid(OFFICE_REQUIRED);
      await deps.gate?.assertMayVerify(actor);
      const carrier = await deps.carriers.carrier(input.carrier.payerId);
      if (carrier === undefined) throw invalidField('carrier.payerId', UNKNOWN_CARRIER);
      if (!carrier.active) throw invalidField('carrier.payerId', CARRIER_MESSAGES.inactive);
      const at = now();
      const iso = at.toISOString();
      const { doc, jobs: newJobs } = newVerification({
        id: randomUUID(),
        orgId: actor.orgId,
        officeId: actor.officeId,
        createdBy: actor.userId,
        createdByName: creatorName(actor),
        carrier,
        patient: input.patient,
        ...(input.clientInfo === undefined ? {} : { clientInfo: input.clientInfo }),
        appointment: input.appointment ?? null,
        clearinghouseName: deps.clearinghouseName,
        at,
      });
      await store.transaction(async (tx) => {
        await verifications.insert(tx, doc);
        for (const job of newJobs) await jobs.insert(tx, job);
        await audit.record({ ...entry(context, doc), action: 'create' }, tx);
        if (newJobs.length === 0) await deps.outbox.add(tx, verificationReadyMessage(doc, [], iso));
      });
      deps.startJobs(newJobs.map((job) => job._id));
      return { id: doc._id, jobs: newJobs.map(jobView) };
    },

    async get(context, id) {
      const { doc, detail } = await load(context, id);
      await audit.record({ ...entry(context, doc), action: 'read' });
      return detail;
    },

    async list(context, query) {
      const { items, total } = await verifications.page(listScope(context.actor), query);
      const allJobs = await jobs.ofVerifications(items.map((doc) => doc._id));
      const page = {
        items: items.map((doc) => listItemOf(doc, allJobs.filter((job) => job.verificationId === doc._id))),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
      await audit.recordMany(items.map((doc) => ({ ...entry(context, doc), action: 'list' as const })));
      return page;
    },

    edit(context, id, edits, version, guard) {
      const stale = (doc: VerificationDocument): Conflict | null => {
        if (version === undefined || version === versionOf(doc)) return null;
        const wrapper = readTicket(doc.document);
        const details: EditConflictDetails = {
          version: versionOf(doc),
          current: edits.map((edit) => ({ path: edit.path, value: (storedValueAt(wrapper, edit.path) ?? null) as EditConflictDetails['current'][number]['value'] })),
        };
        return new Conflict(VERIFICATION_EDIT_CONFLICT, details);
      };
      return update(context, id, (doc) => {
        const wrapper = readTicket(doc.document);
        let edited;
        try {
          edited = applyEdits(wrapper, edits, { userId: context.actor.userId, now: now() });
        } catch (error) {
          if (error instanceof EditRejected) {
            throw new Invalid(
              'Invalid edit',
              error.problems.map((problem) => ({ location: 'body', path: problem.path, message: problem.message })),
            );
          }
          throw error;
        }
        // An edited field the sources disputed is settled by the user: it counts as agreed from now on.
        const settled = doc.agreement.disputed.filter((path) => edited.paths.some((edit) => path === edit || path.startsWith(`${edit}.`)));
        const agreement = {
          compared: doc.agreement.compared,
          agreed: Math.min(doc.agreement.compared, doc.agreement.agreed + settled.length),
          disputed: doc.agreement.disputed.filter((path) => !settled.includes(path)),
        };
        const plan = edited.wrapper.plan;
        if (plan !== null) plan.score = planScore(plan, edited.wrapper.patient, agreement);
        deps.logger?.debug({ verificationId: id, agreement: agreementRatio(agreement) }, 'ticket edited');
        return {
          fields: edited.paths,
          apply: { document: edited.wrapper, agreement, planScore: plan?.score ?? null, updatedAt: now().toISOString() },
        };
      }, stale, guard);
    },

    async retryJob(context, id, jobId) {
      const scope = readScope(context.actor);
      await store.transaction(async (tx) => {
        const doc = await verifications.findInScope(scope, id, tx);
        if (doc === null) throw new NotFound(NOT_FOUND);
        if (doc.status === 'Completed') throw new Conflict(ALREADY_SUBMITTED);
        const all = await jobs.ofVerification(id, tx);
        const job = all.find((candidate) => candidate._id === jobId);
        if (job === undefined) throw new NotFound(JOB_NOT_FOUND);
        if (isActive(job)) throw new Conflict(RETRYABLE_JOB_MESSAGE);
        const at = now();
        const iso = at.toISOString();
        // The result of an earlier success stays until the new run ends, so the merge keeps its data meanwhile;
        // the raw answer goes (the source view shows the run under way, not an old answer as if it were new).
        const rerun = {
          rawJson: null,
          status: 'pending' as const,
          outcome: null,
          reason: null,
          availableAt: at.getTime(),
          leaseOwner: null,
          leaseUntil: 0,
          deadlineAt: 0,
          requestId: null,
          finishedAt: null,
          updatedAt: iso,
        };
        if (!(await jobs.updateIf(jobId, { status: job.status, updatedAt: job.updatedAt }, rerun, tx))) {
          throw new Conflict(RETRYABLE_JOB_MESSAGE);
        }
        const after = all.map((candidate) => (candidate._id === jobId ? { ...candidate, ...rerun } : candidate));
        await verifications.update(tx, id, { readyAt: null, status: 'Pending', updatedAt: iso });
        await audit.record({ ...entry(context, doc), action: 'update', fields: [`job:${jobId}:retry`] }, tx);
        await deps.outbox.add(tx, verificationReadyMessage(doc, after, iso, EVENT_TYPES.verificationJobChanged));
      });
      deps.startJobs([jobId]);
      return (await load(context, id)).detail;
    },

    async submit(context, id) {
      const scope = readScope(context.actor);
      await store.transaction(async (tx) => {
        const doc = await verifications.findInScope(scope, id, tx);
        if (doc === null) throw new NotFound(NOT_FOUND);
        if (doc.status === 'Completed') throw new Conflict(ALREADY_SUBMITTED);
        const at = now();
        const iso = at.toISOString();
        const wrapper = readTicket(doc.document);
        let planId = doc.planId;
        if (wrapper.plan !== null) {
          wrapper.plan.lastSubmission = iso;
          const shared = await deps.library.share(tx, {
            orgId: doc.orgId,
            verificationId: doc._id,
            currentPlanId: doc.planId,
            carrier: doc.carrier,
            plan: wrapper.plan,
            now: at,
          });
          wrapper.plan.planHash = shared.planHash;
          planId = shared.planId;
        }
        wrapper.ticket.status = 'Resolved';
        wrapper.ticket.resolvedDate = iso;
        wrapper.ticket.submitPlanId = planId;
        await verifications.update(tx, id, { document: wrapper, status: 'Completed', submittedAt: iso, updatedAt: iso, planId });
        await audit.record({ ...entry(context, doc), action: 'submit' }, tx);
      });
      return (await load(context, id)).detail;
    },
  };
}
