/** What the re-verification API answers of a stored record: its list row and its detail. */
import {
  type ReverificationCheck,
  type ReverificationDetail,
  type ReverificationListItem,
  type ReverificationPlanSummary,
  type TicketWrapperV3,
} from '@dv/contracts';
import { jobView, type JobDocument } from '../jobs/jobs.store';
import { type ReverificationDocument, type StoredCheck } from './reverification.store';

/** The checks that re-checked (the verification's own entry is not one). */
function rechecks(doc: Pick<ReverificationDocument, 'checks'>): StoredCheck[] {
  return doc.checks.filter((check) => check.kind === 'reverification');
}

/** The latest check a source answered. */
export function latestAnswered(checks: readonly StoredCheck[]): StoredCheck | undefined {
  return checks.findLast((check) => check.eligibilityIndex !== null);
}

export function listItemOf(doc: ReverificationDocument): ReverificationListItem {
  const answered = latestAnswered(rechecks(doc));
  return {
    id: doc._id,
    verificationId: doc.verificationId,
    officeId: doc.officeId,
    patient: { ...doc.patient },
    carrier: doc.carrier,
    status: doc.status,
    lastCheckedAt: doc.lastCheckedAt,
    coverageStatus: doc.coverageStatus,
    rechecks: rechecks(doc).length,
    changes: answered?.changes.length ?? 0,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

/** The verification's plan as the page names it: kept, never re-checked. */
export function planSummaryOf(wrapper: TicketWrapperV3, planId: string | null): ReverificationPlanSummary | null {
  const { plan } = wrapper;
  if (plan === null) return null;
  return {
    planId,
    groupNumber: plan.sponsor.groupNumber.value,
    groupName: plan.sponsor.groupName.value,
    employer: plan.sponsor.sponsorName.value,
    score: plan.score,
  };
}

function checkView(check: StoredCheck, jobs: readonly JobDocument[]): ReverificationCheck {
  return {
    id: check.id,
    kind: check.kind,
    status: check.status,
    startedAt: check.startedAt,
    finishedAt: check.finishedAt,
    startedBy: check.startedBy,
    jobs: jobs.filter((job) => job.reverificationId === check.id).map(jobView),
    eligibilityIndex: check.eligibilityIndex,
    changes: check.changes,
  };
}

export function detailOf(
  doc: ReverificationDocument,
  jobs: readonly JobDocument[],
  plan: ReverificationPlanSummary | null,
): ReverificationDetail {
  return {
    ...listItemOf(doc),
    plan,
    document: doc.document,
    checks: doc.checks.map((check) => checkView(check, jobs)),
  };
}
