/**
 * Recommendations (SPEC section 3, issue 15): what the office should do about a ticket whose data is missing or
 * doubtful, each with the actions that can settle it. The verifications service derives them from the stored
 * ticket and its source jobs while the RECOMMENDATIONS_ENABLED feature flag is active; the verification page
 * lists them most urgent first. A recommendation's message is plain words about the plan, never patient data.
 */
import { z } from 'zod';
import {
  RECOMMENDATION_ACTION_PRIORITY,
  RecommendationAction,
  RecommendationReasonCategory,
  RecommendationReasonCode,
  RecommendationSeverity,
} from '../enums';

/** Most urgent first: the order of RECOMMENDATION_SEVERITIES reversed, as a rank (0 is the most urgent). */
export const RECOMMENDATION_SEVERITY_RANK = { HIGH: 0, MEDIUM: 1, LOW: 2 } as const satisfies Record<RecommendationSeverity, number>;

export const RecommendedAction = z.object({
  action: RecommendationAction,
  /** RECOMMENDATION_ACTION_PRIORITY of the action: 1 is the highest. */
  priority: z.number().int(),
  /** CONTACT_CARRIER: the payer's phone number as its eligibility answer gives it. */
  phone: z.string().optional(),
  /**
   * CHECK_CARRIER_PORTAL: the portal (portals catalogue id) that serves the carrier; its URL is the
   * organization's portal catalogue's (GET /api/portals), which company admins edit.
   */
  portalId: z.string().optional(),
  /** EXTRACT_PORTAL_DATA_WITH_API: the portal source job to run again (POST .../jobs/{jobId}/retry). */
  jobId: z.string().optional(),
}).refine((entry) => entry.priority === RECOMMENDATION_ACTION_PRIORITY[entry.action], {
  error: 'The priority is the action\'s (RECOMMENDATION_ACTION_PRIORITY)',
  path: ['priority'],
});
export type RecommendedAction = z.infer<typeof RecommendedAction>;

export const Recommendation = z.object({
  code: RecommendationReasonCode,
  category: RecommendationReasonCategory,
  severity: RecommendationSeverity,
  /** Highest priority first; may be empty for a notice the office only needs to know. */
  actions: z.array(RecommendedAction),
  /** What is missing or doubtful and why it matters, for the office; no patient data. */
  message: z.string(),
});
export type Recommendation = z.infer<typeof Recommendation>;

/** GET /api/verifications/{id}/recommendations. */
export const VerificationRecommendations = z.object({
  verificationId: z.string(),
  /** The RECOMMENDATIONS_ENABLED flag: false hides the list (and it is then empty). */
  enabled: z.boolean(),
  /** A source still works: what is missing now may still come, so nothing is recommended yet. */
  sourcesWorking: z.boolean(),
  /** Most urgent first: severity, then the highest priority among the actions. */
  recommendations: z.array(Recommendation),
});
export type VerificationRecommendations = z.infer<typeof VerificationRecommendations>;

/** The action with its priority from contracts' table. */
export function recommendedAction(action: RecommendationAction, extra: Omit<RecommendedAction, 'action' | 'priority'> = {}): RecommendedAction {
  return { action, priority: RECOMMENDATION_ACTION_PRIORITY[action], ...extra };
}

/** The most urgent first: severity, then the best action priority (a recommendation without actions last). */
export function compareRecommendations(a: Pick<Recommendation, 'severity' | 'actions'>, b: Pick<Recommendation, 'severity' | 'actions'>): number {
  const best = (recommendation: Pick<Recommendation, 'actions'>) =>
    Math.min(Number.MAX_SAFE_INTEGER, ...recommendation.actions.map((action) => action.priority));
  return RECOMMENDATION_SEVERITY_RANK[a.severity] - RECOMMENDATION_SEVERITY_RANK[b.severity] || best(a) - best(b);
}
