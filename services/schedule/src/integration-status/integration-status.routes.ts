/**
 * GET /api/management/integrations/status?officeIds=a,b: what the schedule saw of the named offices' practice-
 * management systems, for the roles of /management/integrations (contracts INTEGRATION_STATUS_ROLES: admin,
 * superadministrator). The caller's organization only: an office of another one is simply not in the answer.
 */
import { INTEGRATION_STATUS_ROLES, IntegrationStatusQuery, IntegrationStatusReply } from '@dv/contracts';
import { requireActor, requireRoles, type Logger, type Server, type Store } from '@dv/kit';
import { type PracticeAdapters } from '../schedule/office-context';
import { integrationStatusStore, statusView } from './integration-status.store';
import { withReadStatus } from './read-status';

export interface IntegrationStatusDeps {
  readonly store: Pick<Store, 'collection'>;
  readonly now: () => Date;
  readonly logger?: Logger;
  /** No NexHealth adapter here: every office's schedule comes from the sandbox. */
  readonly sandboxPractice: boolean;
}

/** Mounts the route and answers the adapters that record each read of a day. */
export function integrationStatus(app: Server, deps: IntegrationStatusDeps): { watch(adapters: PracticeAdapters): PracticeAdapters } {
  const status = integrationStatusStore(deps.store);
  app.get(
    '/api/management/integrations/status',
    { onRequest: requireRoles(...INTEGRATION_STATUS_ROLES), schema: { querystring: IntegrationStatusQuery, response: { 200: IntegrationStatusReply } } },
    async (request) => {
      const actor = requireActor(request);
      const offices = await status.ofOffices(actor.orgId, request.query.officeIds);
      return { sandboxPractice: deps.sandboxPractice, offices: offices.map(statusView) };
    },
  );
  return { watch: (adapters) => withReadStatus(adapters, { status, now: deps.now, ...(deps.logger ? { logger: deps.logger } : {}) }) };
}
