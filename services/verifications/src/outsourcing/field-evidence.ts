/**
 * The evidence of values agents entered, beside the field's sources in every ticket the verification service
 * answers (GET /api/verifications/{id}, the edit, submit and retry replies, the PDF). The evidence is kept with
 * the ticket's outsourcing state (outsourcing.store.ts) and names the change-history entry it backs: once anyone
 * changes the field again, the old call no longer stands behind the value and is not shown.
 *
 * For the same reason a company user's plain edit (PATCH /api/verifications/{id}) of a ticket in the queue is
 * refused until the queue closes it: their values go through the queue, each with its call (`queueEdit`).
 */
import {
  isClosedTicketStatus,
  OUTSOURCE_MESSAGES,
  type FieldEdit,
  type FieldEvidence,
  type VerificationDetail,
} from '@dv/contracts';
import { Conflict } from '@dv/kit';
import { type EditGuard, type RequestContext, type VerificationService } from '../verifications/verifications.service';
import { type OutsourcingStore, type StoredEvidence } from './outsourcing.store';

type Node = Record<string, unknown>;

function isRecord(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The scored field at a wrapper path ('plan.benefits.annualMax'), if there is one. */
function scoredAt(detail: Pick<VerificationDetail, 'plan' | 'patient'>, path: string): { score: number; changeHistory?: unknown[] } | undefined {
  let node: unknown = detail;
  for (const segment of path.split('.')) {
    if (!isRecord(node) || !Object.hasOwn(node, segment)) return undefined;
    node = node[segment];
  }
  return isRecord(node) && typeof node.score === 'number' && 'value' in node ? (node as { score: number; changeHistory?: unknown[] }) : undefined;
}

/** When the field at `path` last changed (its latest change-history entry), if it ever did. */
export function lastChangeAt(detail: Pick<VerificationDetail, 'plan' | 'patient'>, path: string): string | undefined {
  const last = scoredAt(detail, path)?.changeHistory?.at(-1);
  return isRecord(last) && typeof last.updatedAt === 'string' ? last.updatedAt : undefined;
}

function evidenceView(record: StoredEvidence): FieldEvidence {
  return {
    calledAt: record.calledAt,
    representative: record.representative,
    callReference: record.callReference,
    ...(record.documentUrl === undefined ? {} : { documentUrl: record.documentUrl }),
    enteredBy: record.enteredBy,
    enteredAt: record.enteredAt,
  };
}

/** The ticket with each still-standing evidence beside its field's sources. Pure. */
export function withEvidence(detail: VerificationDetail, evidence: readonly StoredEvidence[]): VerificationDetail {
  if (evidence.length === 0) return detail;
  const fieldSources = { ...detail.fieldSources };
  for (const record of evidence) {
    if (lastChangeAt(detail, record.path) !== record.changedAt) continue;
    const sources = fieldSources[record.path] ?? { stated: [{ source: 'user' as const, sourceName: 'user' }], disputed: [] };
    fieldSources[record.path] = { ...sources, evidence: evidenceView(record) };
  }
  return { ...detail, fieldSources };
}

/**
 * The plain edit's rule, checked in its transaction: a company user's value on a ticket the queue holds (not
 * closed) would land without the call behind it, so it is refused (409) with the way to save it. Office users'
 * own edits are theirs and stay as they are.
 */
function refuseUnevidencedEdit(context: RequestContext, store: Pick<OutsourcingStore, 'findInOrg'>): EditGuard {
  return async (doc, tx) => {
    if (!context.actor.companyUser) return;
    const queued = await store.findInOrg(doc.orgId, doc._id, tx);
    if (queued !== null && !isClosedTicketStatus(queued.status)) {
      throw new Conflict(OUTSOURCE_MESSAGES.saveThroughQueue, { status: queued.status });
    }
  };
}

/** The verification service with evidence, and the queue's own way to enter values. */
export interface EvidencedVerifications extends VerificationService {
  /**
   * An agent's values through the queue (PATCH /api/management/verifications/{id}/fields): `guard` checks the
   * queue's rules in the edit's transaction, in place of the plain edit's refusal.
   */
  queueEdit(context: RequestContext, id: string, edits: readonly FieldEdit[], version: number | undefined, guard: EditGuard): Promise<VerificationDetail>;
}

/**
 * The verification service whose ticket replies carry the evidence. Wired once in app.ts around the service the
 * routes use, so every reader of a ticket gets it without the verifications module knowing about outsourcing.
 */
export function withFieldEvidence(service: VerificationService, store: Pick<OutsourcingStore, 'evidenceOf' | 'findInOrg'>): EvidencedVerifications {
  const attach = async (detail: Promise<VerificationDetail>): Promise<VerificationDetail> => {
    const ticket = await detail;
    return withEvidence(ticket, await store.evidenceOf(ticket.id));
  };
  return {
    ...service,
    get: (context, id) => attach(service.get(context, id)),
    // A guard given by an in-process caller adds to the rule, never replaces it (only queueEdit does).
    edit: (context, id, edits, version, guard) => {
      const refuse = refuseUnevidencedEdit(context, store);
      return attach(service.edit(context, id, edits, version, async (doc, tx) => {
        await refuse(doc, tx);
        await guard?.(doc, tx);
      }));
    },
    queueEdit: (context, id, edits, version, guard) => attach(service.edit(context, id, edits, version, guard)),
    submit: (context, id) => attach(service.submit(context, id)),
    retryJob: (context, id, jobId) => attach(service.retryJob(context, id, jobId)),
  };
}
