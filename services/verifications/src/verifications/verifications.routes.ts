import {
  pageOf,
  SandboxPatients,
  VERIFICATION_ROLES,
  VerificationCreated,
  VerificationCreateInput,
  VerificationDetail,
  VerificationEditInput,
  VerificationHistoryItem,
  VerificationListQuery,
} from '@dv/contracts';
import { IdParam, IdParams, requireActor, requireRoles, type Server } from '@dv/kit';
import { type CarrierLookup } from '../carriers/carrier-catalogue';
import { sandboxPatients } from './sandbox-patients';
import type { RequestContext, VerificationService } from './verifications.service';

/** `/:id/jobs/:jobId`: a verification and one of its source jobs. */
const JobParams = IdParams.extend({ jobId: IdParam });

function contextOf(request: Parameters<typeof requireActor>[0]): RequestContext {
  return { actor: requireActor(request), requestId: request.id };
}

/**
 * /api/verifications: the roles of the /verification pages (contracts VERIFICATION_ROLES); the service narrows
 * each caller to their office's or organization's tickets. The role check runs before the body is read.
 */
export function verificationRoutes(
  app: Server,
  { verifications, sandbox, carriers }: { verifications: VerificationService; sandbox: boolean; carriers: Pick<CarrierLookup, 'carriers'> },
): void {
  const onRequest = requireRoles(...VERIFICATION_ROLES);

  app.post(
    '/api/verifications',
    { onRequest, schema: { body: VerificationCreateInput, response: { 201: VerificationCreated } } },
    async (request, reply) => reply.status(201).send(await verifications.create(contextOf(request), request.body)),
  );

  app.get(
    '/api/verifications',
    { onRequest, schema: { querystring: VerificationListQuery, response: { 200: pageOf(VerificationHistoryItem) } } },
    (request) => verifications.list(contextOf(request), request.query),
  );

  // Static before the parametric route: 'sandbox' is no verification id.
  app.get(
    '/api/verifications/sandbox/patients',
    { onRequest, schema: { response: { 200: SandboxPatients } } },
    async () => sandboxPatients(sandbox, await carriers.carriers()),
  );

  app.get(
    '/api/verifications/:id',
    { onRequest, schema: { params: IdParams, response: { 200: VerificationDetail } } },
    (request) => verifications.get(contextOf(request), request.params.id),
  );

  app.patch(
    '/api/verifications/:id',
    { onRequest, schema: { params: IdParams, body: VerificationEditInput, response: { 200: VerificationDetail } } },
    (request) => verifications.edit(contextOf(request), request.params.id, request.body.edits, request.body.version),
  );

  app.post(
    '/api/verifications/:id/submit',
    { onRequest, schema: { params: IdParams, response: { 200: VerificationDetail } } },
    (request) => verifications.submit(contextOf(request), request.params.id),
  );

  app.post(
    '/api/verifications/:id/jobs/:jobId/retry',
    { onRequest, schema: { params: JobParams, response: { 200: VerificationDetail } } },
    (request) => verifications.retryJob(contextOf(request), request.params.id, request.params.jobId),
  );
}
