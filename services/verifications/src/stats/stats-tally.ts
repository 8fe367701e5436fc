/**
 * The statistics' arithmetic, pure: verifications go in one batch at a time (with their source jobs and their
 * outsourcing state), running counts and the ready durations are kept, and the reply is made at the end. Only
 * counts, durations, source kinds, the payers' reasons and ticket statuses are kept: nothing of a patient.
 *
 * - ready: no source job left running (`readyAt` set);
 * - ready without an agent: ready, at least one source answered with a plan (a job's outcome 'success'), and never
 *   outsourced (no outsourcing document: one is kept from the first request on, whatever happened after);
 * - time to ready: `readyAt - createdAt` of the ready ones; median and 90th percentile by linear interpolation
 *   between the closest ranks (the median of 1, 2, 3, 4 is 2.5);
 * - sources: each job of the verifications by outcome; one not done yet is unfinished;
 * - rejection reasons: the reason text of each job that ended 'rejected' (the X12 code tables' words, as
 *   clearinghouse-job.ts describeRejections writes them), most frequent first, ties by text;
 * - outsourced by status: the current status of each outsourced verification's ticket.
 */
import {
  STATS_TOP_REASONS,
  TICKET_STATUSES,
  VERIFICATION_SOURCES,
  type SourceStats,
  type StatsDay,
  type StatsReply,
  type TicketStatus,
  type VerificationSource,
} from '@dv/contracts';
import { type JobDocument } from '../jobs/jobs.store';
import { type OutsourcedTicketDocument } from '../outsourcing/outsourcing.store';
import { type VerificationDocument } from '../verifications/verifications.store';

/** What the tally reads of a verification. */
export type TalliedVerification = Pick<VerificationDocument, '_id' | 'createdAt' | 'readyAt'>;
/** What it reads of a source job. */
export type TalliedJob = Pick<JobDocument, 'verificationId' | 'source' | 'status' | 'outcome' | 'reason'>;
/** What it reads of an outsourcing state. */
export type TalliedTicket = Pick<OutsourcedTicketDocument, '_id' | 'status'>;

export interface StatsBatch {
  readonly verifications: readonly TalliedVerification[];
  readonly jobs: readonly TalliedJob[];
  readonly outsourced: readonly TalliedTicket[];
}

/** A rejection reason is kept to this length: a reason past it is not one of the code tables' anyway. */
const REASON_MAX_LENGTH = 300;

type SourceCounts = { jobs: number; success: number; rejected: number; error: number; unfinished: number };

export interface StatsTally {
  /** Adds a batch: verifications, every source job of theirs, the outsourcing states of those outsourced. */
  add(batch: StatsBatch): void;
  /** The figures so far, for the range and scope the caller names. */
  reply(range: Pick<StatsReply, 'from' | 'to' | 'timeZone' | 'officeId' | 'truncated'>): StatsReply;
}

/** The p-quantile (0..1) of ascending values, interpolated between the closest ranks; null for none. */
export function quantile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = (sorted.length - 1) * p;
  const below = Math.floor(rank);
  const low = sorted[below] as number;
  const high = sorted[Math.min(below + 1, sorted.length - 1)] as number;
  return low + (high - low) * (rank - below);
}

const share = (part: number, whole: number): number | null => (whole === 0 ? null : part / whole);

function sourceStats(source: VerificationSource, counts: SourceCounts): SourceStats {
  const finished = counts.success + counts.rejected + counts.error;
  return { source, ...counts, successRate: share(counts.success, finished) };
}

/** A tally over the days of the range; `dayOf` places an ISO instant on one of them (the zone's calendar). */
export function statsTally(days: readonly string[], dayOf: (iso: string) => string): StatsTally {
  const perDay = new Map<string, StatsDay>(days.map((day) => [day, { day, verifications: 0, readyWithoutAgent: 0, outsourced: 0 }]));
  const totals = { verifications: 0, ready: 0, readyWithoutAgent: 0, outsourced: 0 };
  const durations: number[] = [];
  const sources = new Map<VerificationSource, SourceCounts>(
    VERIFICATION_SOURCES.map((source) => [source, { jobs: 0, success: 0, rejected: 0, error: 0, unfinished: 0 }]),
  );
  const reasons = new Map<string, number>();
  const byStatus = new Map<TicketStatus, number>();

  function countJob(job: TalliedJob): void {
    const counts = sources.get(job.source);
    if (counts === undefined) return;
    counts.jobs += 1;
    if (job.status !== 'done' || job.outcome === null) {
      counts.unfinished += 1;
      return;
    }
    counts[job.outcome] += 1;
    if (job.outcome === 'rejected') {
      const reason = (job.reason ?? '').trim().slice(0, REASON_MAX_LENGTH) || 'No reason given';
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    }
  }

  function countVerification(verification: TalliedVerification, answered: boolean, ticket: TalliedTicket | undefined): void {
    const day = perDay.get(dayOf(verification.createdAt));
    totals.verifications += 1;
    if (day) day.verifications += 1;
    if (ticket !== undefined) {
      totals.outsourced += 1;
      if (day) day.outsourced += 1;
      byStatus.set(ticket.status, (byStatus.get(ticket.status) ?? 0) + 1);
    }
    if (verification.readyAt === null) return;
    totals.ready += 1;
    durations.push(Math.max(0, Date.parse(verification.readyAt) - Date.parse(verification.createdAt)));
    if (answered && ticket === undefined) {
      totals.readyWithoutAgent += 1;
      if (day) day.readyWithoutAgent += 1;
    }
  }

  return {
    add({ verifications, jobs, outsourced }) {
      const answered = new Set<string>();
      for (const job of jobs) {
        countJob(job);
        if (job.status === 'done' && job.outcome === 'success') answered.add(job.verificationId);
      }
      const tickets = new Map(outsourced.map((ticket) => [ticket._id, ticket]));
      for (const verification of verifications) countVerification(verification, answered.has(verification._id), tickets.get(verification._id));
    },

    reply(range) {
      const sorted = [...durations].sort((a, b) => a - b);
      return {
        ...range,
        totals: { ...totals },
        readyWithoutAgentShare: share(totals.readyWithoutAgent, totals.verifications),
        timeToReady: { count: sorted.length, medianMs: quantile(sorted, 0.5), p90Ms: quantile(sorted, 0.9) },
        perDay: days.map((day) => ({ ...(perDay.get(day) as StatsDay) })),
        sources: VERIFICATION_SOURCES.map((source) => sourceStats(source, sources.get(source) as SourceCounts)),
        rejectionReasons: [...reasons.entries()]
          .sort(([a, countA], [b, countB]) => countB - countA || a.localeCompare(b))
          .slice(0, STATS_TOP_REASONS)
          .map(([reason, count]) => ({ reason, count })),
        outsourcedByStatus: TICKET_STATUSES.flatMap((status) => {
          const count = byStatus.get(status) ?? 0;
          return count === 0 ? [] : [{ status, count }];
        }),
      };
    },
  };
}
