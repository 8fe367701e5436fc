/**
 * GET /api/management/stats (contracts entities/stats.ts): the figures of /management/stats. The roles are
 * checked before the query is read, with the table's own list (rules/api-routes.ts STATS_ROLES), and the service
 * checks them again with the office rules.
 */
import { STATS_ROLES, StatsQuery, StatsReply } from '@dv/contracts';
import { requireActor, requireRoles, type Server } from '@dv/kit';
import { statsService } from './stats.service';
import { statsStore } from './stats.store';

export function statsRoutes(app: Server, { store }: { store: Parameters<typeof statsStore>[0] }): void {
  const stats = statsService({ stats: statsStore(store) });
  app.get(
    '/api/management/stats',
    { onRequest: requireRoles(...STATS_ROLES), schema: { querystring: StatsQuery, response: { 200: StatsReply } } },
    (request) => stats.figures({ actor: requireActor(request), requestId: request.id }, request.query),
  );
}
