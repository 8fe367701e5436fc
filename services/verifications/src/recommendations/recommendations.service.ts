/**
 * A ticket's recommendations (GET /api/verifications/{id}/recommendations): read through the verification service
 * (the caller's office or organization scope, "not found" for anyone else's ticket, the audit record of the read),
 * then derived from what the ticket stores while the RECOMMENDATIONS_ENABLED flag is active.
 */
import { type VerificationRecommendations } from '@dv/contracts';
import { type CarrierLookup } from '../carriers/carrier-catalogue';
import { type RequestContext, type VerificationService } from '../verifications/verifications.service';
import { deriveRecommendations } from './derive';
import { type FeatureFlagReader } from './feature-flags';

export interface RecommendationServiceDeps {
  readonly verifications: Pick<VerificationService, 'get'>;
  readonly flags: FeatureFlagReader;
  readonly now: () => Date;
  /** The stored carrier catalogue: which sources can serve the ticket's payer. */
  readonly carriers: Pick<CarrierLookup, 'carrier'>;
}

export interface RecommendationService {
  forVerification(context: RequestContext, id: string): Promise<VerificationRecommendations>;
}

export function recommendationService({ verifications, flags, now, carriers }: RecommendationServiceDeps): RecommendationService {
  return {
    async forVerification(context, id) {
      // The ticket first: a disabled flag must not answer differently for a ticket the caller cannot see.
      const detail = await verifications.get(context, id);
      const sourcesWorking = detail.jobs.some((job) => job.status === 'pending' || job.status === 'processing');
      if (!(await flags('RECOMMENDATIONS_ENABLED'))) {
        return { verificationId: detail.id, enabled: false, sourcesWorking, recommendations: [] };
      }
      const recommendations = deriveRecommendations({
        wrapper: detail,
        jobs: detail.jobs,
        carrier: await carriers.carrier(detail.carrier.payerId),
        office: { today: now() },
      });
      return { verificationId: detail.id, enabled: true, sourcesWorking, recommendations };
    },
  };
}
