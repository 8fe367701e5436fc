/**
 * GET /api/management/stats (contracts entities/stats.ts): the figures of a range and an office. An office user's
 * figures are those of the office the call acts for, so the call names the chosen office in its
 * Connected-Dental-Office header; a super administrator's name it (or none: every office) in the query.
 */
import { StatsReply } from '@dv/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useServices } from '../../app/services-context';
import { type StatsRange } from './stats-query';

export const STATS_QUERY_KEY = 'management-stats';

export type StatsAsk = StatsRange & {
  readonly timeZone: string;
  /** The office asked about; undefined: every office of the organization (super administrators only). */
  readonly officeId: string | undefined;
  /** Whether the office goes in the header (an office user) or in the query (a super administrator). */
  readonly actAsOffice: boolean;
};

export function useStats(ask: StatsAsk, enabled: boolean) {
  const { http } = useServices();
  return useQuery({
    queryKey: [STATS_QUERY_KEY, ask],
    enabled,
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const { from, to, timeZone, officeId, actAsOffice } = ask;
      const params = { from, to, timeZone, ...(officeId === undefined || actAsOffice ? {} : { officeId }) };
      const result = await http.get('/api/management/stats', params, actAsOffice && officeId !== undefined ? { officeId } : {});
      if (!result.ok) throw new Error(result.error ?? 'The statistics could not be read.');
      return StatsReply.parse(result.data);
    },
  });
}
