/**
 * How sure a value is (its score) and which source wins when several state a field.
 *
 * Scores (version 3 scored fields, 1 to 4):
 * - 1 inferred: the mapping derived or defaulted the value (the 271 did not state it), or the sources that
 *   stated it disagree and the value needs checking;
 * - 2 stated: one source states the value;
 * - 3 corroborated: two or more sources state the same value;
 * - 4 user-confirmed: a user entered or confirmed the value (PATCH /api/verifications/{id}); no source
 *   overrides it afterwards.
 *
 * Priority types (contracts PRIORITY_TYPES) split the fields in two:
 * - patient-level (`patient`): facts about this patient that change with every claim: deductibleRemaining,
 *   insuranceRemaining, effectiveDate, coverageStatus, planEndDate, history, historyStatus, unmappedHistory
 *   (every field of PatientV3);
 * - plan-level (`plan`): the plan contract, the same for every member of the group: every field of PlanV3
 *   (details, sponsor, benefits with their adaCodes entries, caveats).
 *
 * Scoring priority (contracts SCORING_PRIORITIES, portal before clearinghouse) orders the sources. A
 * user-confirmed value always comes first; then
 * - patient-level: among stated values the source priority decides, the score breaks ties; an inferred value
 *   comes after every stated one. A portal shows the carrier's live claim system, while a 271's accumulators
 *   and history may lag behind it. When sources disagree the portal's value keeps its score (the disagreement is
 *   still recorded): remaining amounts legitimately move between two reads;
 * - plan-level: the score decides, the source priority breaks ties. Both sources describe the same contract,
 *   so the more certain statement wins, and the portal, which usually words benefits in more detail, wins a
 *   tie. When stated values disagree the kept value drops to score 1: the contract is stated two ways and a
 *   person has to check it.
 */
import { SCORING_PRIORITIES, type PriorityType, type ScoringPriority } from '@dv/contracts';

export const SCORE = {
  inferred: 1,
  stated: 2,
  corroborated: 3,
  userConfirmed: 4,
} as const;

/** Who stated a value: a source, or a user's edit carried over from the stored document. */
export type ValueOrigin = ScoringPriority | 'user';

/** Source order of each priority type; index 0 wins. */
export const SOURCE_PRIORITY: Readonly<Record<PriorityType, readonly ScoringPriority[]>> = {
  patient: SCORING_PRIORITIES,
  plan: SCORING_PRIORITIES,
};

/** The priority type of a field by its path in the ticket wrapper ('patient.insuranceRemaining', 'plan.benefits...'). */
export function priorityTypeOf(path: readonly string[]): PriorityType {
  return path[0] === 'patient' ? 'patient' : 'plan';
}

function priorityIndex(origin: ValueOrigin, type: PriorityType): number {
  if (origin === 'user') return SOURCE_PRIORITY[type].length;
  const index = SOURCE_PRIORITY[type].indexOf(origin);
  return index < 0 ? SOURCE_PRIORITY[type].length : index;
}

export interface RankedValue {
  readonly origin: ValueOrigin;
  readonly score: number;
}

/** Sorts candidates best first (use with a stable sort). Negative when `a` wins. */
export function compareCandidates(a: RankedValue, b: RankedValue, type: PriorityType): number {
  const userA = a.score >= SCORE.userConfirmed ? 0 : 1;
  const userB = b.score >= SCORE.userConfirmed ? 0 : 1;
  if (userA !== userB) return userA - userB;
  const byPriority = priorityIndex(a.origin, type) - priorityIndex(b.origin, type);
  const byScore = b.score - a.score;
  if (type === 'plan') return byScore !== 0 ? byScore : byPriority;
  const statedA = a.score >= SCORE.stated ? 0 : 1;
  const statedB = b.score >= SCORE.stated ? 0 : 1;
  if (statedA !== statedB) return statedA - statedB;
  return byPriority !== 0 ? byPriority : byScore;
}

/** The score a kept value ends with when another stated value disagrees with it. */
export function scoreAfterConflict(type: PriorityType, keptScore: number): number {
  return type === 'patient' ? Math.min(keptScore, SCORE.stated) : SCORE.inferred;
}
