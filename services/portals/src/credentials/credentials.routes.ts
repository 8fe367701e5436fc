/**
 * SPEC section 7, the credential calls, exactly as the SPA makes them. Transport only: schemas from contracts
 * (the reply schema has no password, so none can be serialized), the rules are in credentials.service.ts.
 */
import {
  MfaCodeInput,
  MfaReply,
  PortalCredential,
  PortalCredentialInput,
  PortalCredentialList,
  PortalCredentialUpdateInput,
} from '@dv/contracts';
import { IdParam, IdParams, NoContent, requireActor, type Server } from '@dv/kit';
import { z } from 'zod';
import { rejectInvalidRequest } from '../validation';
import { type CredentialService } from './credentials.service';

const PortalParams = z.object({ portalId: IdParam });
const Empty = z.object({});

export function credentialRoutes(app: Server, { credentials }: { credentials: CredentialService }): void {
  app.get('/api/portals/credentials', { schema: { response: { 200: PortalCredentialList } } }, (request) =>
    credentials.list(requireActor(request)),
  );

  // The SPA posts to '/api/portals/{portalId}/credentials/' (with the slash); both spellings are served.
  for (const url of ['/api/portals/:portalId/credentials', '/api/portals/:portalId/credentials/']) {
    app.post(
      url,
      { attachValidation: true, schema: { params: PortalParams, body: PortalCredentialInput, response: { 201: PortalCredential } } },
      async (request, reply) => {
        rejectInvalidRequest(request);
        const credential = await credentials.create(requireActor(request), request.params.portalId, request.body);
        return reply.status(201).send(credential);
      },
    );
  }

  app.put(
    '/api/portals/credentials/:id',
    { attachValidation: true, schema: { params: IdParams, body: PortalCredentialUpdateInput, response: { 200: PortalCredential } } },
    (request) => {
      rejectInvalidRequest(request);
      return credentials.update(requireActor(request), request.params.id, request.body);
    },
  );

  app.post(
    '/api/portals/credentials/:id',
    { schema: { params: IdParams, response: { 200: PortalCredential, 202: PortalCredential } } },
    async (request, reply) => {
      const result = await credentials.retry(requireActor(request), request.params.id);
      return reply.status(result.statusCode).send(result.credential);
    },
  );

  app.delete('/api/portals/credentials/:id', { schema: { params: IdParams, response: { 204: NoContent } } }, async (request, reply) => {
    await credentials.remove(requireActor(request), request.params.id);
    return reply.status(204).send();
  });

  // The path names the portal (SPEC section 7); the office's credential for that portal is the one answered.
  app.post(
    '/api/portals/credentials/:id/mfa',
    { attachValidation: true, schema: { params: IdParams, body: MfaCodeInput, response: { 200: MfaReply, 201: Empty } } },
    async (request, reply) => {
      rejectInvalidRequest(request);
      const result = await credentials.submitMfaCode(requireActor(request), request.params.id, request.body.code);
      return result === 'pending' ? reply.status(201).send({}) : reply.status(200).send({ success: true });
    },
  );
}
