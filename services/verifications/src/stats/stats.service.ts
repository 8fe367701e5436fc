/**
 * The statistics of /management/stats (contracts entities/stats.ts): whose figures a caller may see, and the
 * figures, computed over the store's bounded reads (stats.store.ts says how, and its limits).
 *
 * Whose: the route let the page's roles through (STATS_ROLES) and this checks them again. A company user (a super
 * administrator) sees their organization's offices, all of them or the one `officeId` names: an office of another
 * organization has no verification in theirs, so its figures are zeros and name nothing. An office user sees the
 * office they act for (the Connected-Dental-Office header, which the kit accepted only for an office of theirs);
 * naming another office is refused, and so is acting for none.
 */
import { hasAnyRole, STATS_MESSAGES, STATS_ROLES, type StatsQuery, type StatsReply } from '@dv/contracts';
import { Forbidden } from '@dv/kit';
import { type RequestContext } from '../verifications/verifications.service';
import { type VerificationScope } from '../verifications/verifications.store';
import { dayIn, daysOf, rangeInstants } from './stats-days';
import { statsTally } from './stats-tally';
import { STATS_BATCH_SIZE, STATS_MAX_VERIFICATIONS, type StatsCursor, type StatsStore } from './stats.store';

export interface StatsServiceDeps {
  readonly stats: StatsStore;
  /** Verifications read per query and at most per request; default the store module's. */
  readonly batchSize?: number;
  readonly maxVerifications?: number;
}

export interface StatsService {
  figures(context: RequestContext, query: StatsQuery): Promise<StatsReply>;
}

/** The verifications the caller may count, or a refusal. */
export function statsScope({ actor }: RequestContext, query: Pick<StatsQuery, 'officeId'>): VerificationScope {
  if (!hasAnyRole(actor.roles, STATS_ROLES)) throw new Forbidden('Your role does not allow this');
  if (actor.companyUser) return { orgId: actor.orgId, ...(query.officeId === undefined ? {} : { officeId: query.officeId }) };
  if (actor.officeId === undefined) throw new Forbidden(STATS_MESSAGES.noOffice);
  if (query.officeId !== undefined && query.officeId !== actor.officeId) throw new Forbidden(STATS_MESSAGES.otherOffice);
  return { orgId: actor.orgId, officeId: actor.officeId };
}

export function statsService({ stats, batchSize = STATS_BATCH_SIZE, maxVerifications = STATS_MAX_VERIFICATIONS }: StatsServiceDeps): StatsService {
  return {
    async figures(context, query) {
      const scope = statsScope(context, query);
      const { from, to, timeZone } = query;
      const range = rangeInstants(from, to, timeZone);
      const tally = statsTally(daysOf(from, to), (iso) => dayIn(Date.parse(iso), timeZone));
      let cursor: StatsCursor | null = null;
      let read = 0;
      let truncated = false;
      for (;;) {
        const room = maxVerifications - read;
        // One more than there is room for tells a full range from a cut one.
        const batch = await stats.createdBetween(scope, range, cursor, Math.min(batchSize, room + 1));
        const counted = batch.slice(0, room);
        if (counted.length > 0) {
          const ids = counted.map((verification) => verification._id);
          const [jobs, outsourced] = await Promise.all([stats.jobsOf(ids), stats.outsourcedOf(scope.orgId, ids)]);
          tally.add({ verifications: counted, jobs, outsourced });
          read += counted.length;
          const last = counted[counted.length - 1]!;
          cursor = { createdAt: last.createdAt, id: last._id };
        }
        if (batch.length > counted.length) truncated = true;
        if (truncated || batch.length < Math.min(batchSize, room + 1)) break;
      }
      return tally.reply({ from, to, timeZone, officeId: scope.officeId ?? null, truncated });
    },
  };
}
