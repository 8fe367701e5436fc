import { VERIFICATION_ROLES, VerificationRecommendations } from '@dv/contracts';
import { IdParams, requireActor, requireRoles, type Server } from '@dv/kit';
import { type RecommendationService } from './recommendations.service';

/**
 * GET /api/verifications/:id/recommendations: the roles of the /verification pages (contracts VERIFICATION_ROLES);
 * the service narrows the caller to their office's or organization's tickets.
 */
export function recommendationRoutes(app: Server, { recommendations }: { recommendations: RecommendationService }): void {
  app.get(
    '/api/verifications/:id/recommendations',
    { onRequest: requireRoles(...VERIFICATION_ROLES), schema: { params: IdParams, response: { 200: VerificationRecommendations } } },
    (request) => recommendations.forVerification({ actor: requireActor(request), requestId: request.id }, request.params.id),
  );
}
