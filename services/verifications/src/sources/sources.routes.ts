import { VERIFICATION_ROLES, VerificationSources } from '@dv/contracts';
import { IdParams, requireActor, requireRoles, type Server } from '@dv/kit';
import { type AuditLog } from '../audit/audit.store';
import { type CarrierLookup } from '../carriers/carrier-catalogue';
import { type JobStore } from '../jobs/jobs.store';
import { type VerificationStore } from '../verifications/verifications.store';
import { sourcesService } from './sources.service';

/**
 * GET /api/verifications/{id}/sources: the /verification/{id}/source page (contracts VERIFICATION_ROLES), each
 * source's raw answer beside its mapped plan and patient. The response schema names every field that leaves.
 */
export function sourceRoutes(
  app: Server,
  deps: {
    readonly verifications: Pick<VerificationStore, 'findInScope'>;
    readonly jobs: Pick<JobStore, 'ofVerification'>;
    readonly audit: Pick<AuditLog, 'record'>;
    readonly carriers: Pick<CarrierLookup, 'carrier'>;
  },
): void {
  const service = sourcesService(deps);
  app.get(
    '/api/verifications/:id/sources',
    { onRequest: requireRoles(...VERIFICATION_ROLES), schema: { params: IdParams, response: { 200: VerificationSources } } },
    (request) => service.sources({ actor: requireActor(request), requestId: request.id }, request.params.id),
  );
}
