/**
 * Look-ups for the gateway and the services (the gateway never proxies /internal): which organization owns an
 * office and, for a service's background work, the office's profile; which organization a host or a stored
 * organization id stands for. They skip the bearer token (the gateway asks
 * before it knows the user) and require the shared internal token instead.
 */
import { OfficeOwnership, OfficeProfile, OrganizationResolveQuery, OrganizationSummary } from '@dv/contracts';
import { IdParams, NotFound, type Server } from '@dv/kit';
import { type OfficeService } from '../offices/offices.service';
import { type OrganizationService } from '../organizations/organizations.service';
import { requireInternalToken } from './internal-token';

export const OFFICE_NOT_FOUND = 'Office not found';

export function internalRoutes(
  app: Server,
  deps: { offices: OfficeService; organizations: OrganizationService; internalApiToken: string },
): void {
  const onRequest = requireInternalToken(deps.internalApiToken);
  const config = { auth: false as const };

  app.get(
    '/internal/offices/:id',
    { config, onRequest, schema: { params: IdParams, response: { 200: OfficeOwnership } } },
    async (request) => {
      const owner = await deps.offices.ownerOf(request.params.id);
      if (!owner) throw new NotFound(OFFICE_NOT_FOUND);
      return owner;
    },
  );

  app.get(
    '/internal/offices/:id/profile',
    { config, onRequest, schema: { params: IdParams, response: { 200: OfficeProfile } } },
    async (request) => {
      const profile = await deps.offices.profileOf(request.params.id);
      if (!profile) throw new NotFound(OFFICE_NOT_FOUND);
      return profile;
    },
  );

  app.get(
    '/internal/organizations/resolve',
    { config, onRequest, schema: { querystring: OrganizationResolveQuery, response: { 200: OrganizationSummary } } },
    (request) => deps.organizations.resolveHost(request.query.host),
  );

  app.get(
    '/internal/organizations/:id',
    { config, onRequest, schema: { params: IdParams, response: { 200: OrganizationSummary } } },
    (request) => deps.organizations.byId(request.params.id),
  );
}
