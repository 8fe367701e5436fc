/**
 * The portals catalogue: GET /api/portals (SPEC section 7) and its management by company admins, plus the
 * sandbox badge. Transport only; the rules are in portals.service.ts.
 */
import { PortalId, Portal, PortalInput, PortalList, PortalsSandboxInfo, PortalUpdateInput } from '@dv/contracts';
import { NoContent, requireActor, type Server } from '@dv/kit';
import { z } from 'zod';
import { assertMayReadCatalogue } from '../access';
import { rejectInvalidRequest } from '../validation';
import { type PortalCatalogue } from './portals.service';

const PortalParams = z.object({ id: PortalId });

export function portalRoutes(app: Server, deps: { catalogue: PortalCatalogue; sandbox: boolean }): void {
  const { catalogue } = deps;

  app.get('/api/portals', { schema: { response: { 200: PortalList } } }, (request) => catalogue.list(requireActor(request)));

  app.get('/api/portals/sandbox', { schema: { response: { 200: PortalsSandboxInfo } } }, (request) => {
    assertMayReadCatalogue(requireActor(request));
    return { sandbox: deps.sandbox };
  });

  app.post(
    '/api/management/portals',
    { attachValidation: true, schema: { body: PortalInput, response: { 201: Portal } } },
    async (request, reply) => {
      rejectInvalidRequest(request);
      return reply.status(201).send(await catalogue.create(requireActor(request), request.body));
    },
  );

  app.put(
    '/api/management/portals/:id',
    { attachValidation: true, schema: { params: PortalParams, body: PortalUpdateInput, response: { 200: Portal } } },
    (request) => {
      rejectInvalidRequest(request);
      return catalogue.update(requireActor(request), request.params.id, request.body);
    },
  );

  app.delete('/api/management/portals/:id', { schema: { params: PortalParams, response: { 204: NoContent } } }, async (request, reply) => {
    await catalogue.remove(requireActor(request), request.params.id);
    return reply.status(204).send();
  });
}
