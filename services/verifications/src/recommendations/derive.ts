/**
 * Recommendations of a ticket (SPEC section 3, issue 15): what is missing or doubtful in what the sources stored,
 * and what the office can do about it, most urgent first. A pure function of the ticket wrapper, its source jobs,
 * the carrier catalogue entry and the office context, so every rule is tested without I/O.
 *
 * Nothing is recommended while a source still works: what is missing now may come with its answer. A coverage
 * known to be inactive or terminated makes the amounts, history and benefits moot: only the office context's
 * notices remain then. Messages are fixed texts about the plan: no patient data ever goes into one.
 */
import {
  AI_PORTALS,
  compareRecommendations,
  isNewPatient,
  NEW_PATIENT_THRESHOLD_YEARS,
  RECOMMENDATION_REASON_CODES,
  recommendedAction,
  type PatientV3,
  type PlanV3,
  type Recommendation,
  type RecommendationAction,
  type RecommendationReasonCategory,
  type RecommendationReasonCode,
  type RecommendationSeverity,
  type RecommendedAction,
  type VerificationJobView,
} from '@dv/contracts';
import { PLAN_COMPLETENESS_CHECKS } from '../scoring/plan-completeness';
import { uncoveredPlannedLines, type TreatmentPlanContext } from './treatment-plan-rules';

export type RecommendationJob = Pick<VerificationJobView, 'id' | 'source' | 'sourceName' | 'status' | 'outcome'>;

/** What the carrier catalogue says of the ticket's carrier. */
export interface RecommendationCarrier {
  /** The clearinghouse answers 270 eligibility inquiries for it; false: a portal-only carrier. */
  readonly eligibility270: boolean;
  /** The portal (portals catalogue id) that serves it, if any. */
  readonly portalId: string | null;
}

/** What the office knows beside the ticket. */
export interface OfficeContext {
  /** The office's today (the treatment plan's history and planned lines are counted from it). */
  readonly today: Date;
  /** The patient's treatment plan, when the ticket has one from the practice-management integration. */
  readonly treatmentPlan?: TreatmentPlanContext;
  /** Another verification of the same patient is outsourced to the company's agents. */
  readonly otherVerificationOutsourced?: boolean;
}

export interface RecommendationInput {
  readonly wrapper: { readonly patient: PatientV3; readonly plan: PlanV3 | null };
  readonly jobs: readonly RecommendationJob[];
  /** Undefined when the catalogue no longer lists the ticket's payer. */
  readonly carrier: RecommendationCarrier | undefined;
  readonly office: OfficeContext;
}

const ACTIVE_STATUSES: readonly string[] = ['pending', 'processing'];

/** The completeness facts other codes already name (coverage status, effective date, remaining amounts). */
const FACTS_WITH_OWN_CODE: readonly string[] = ['coverage status', 'effective date', 'remaining amounts'];
/** Facts without which a quote is guesswork: their absence makes PLAN_MISSING_FIELDS medium, else low. */
const ESSENTIAL_FACTS: readonly string[] = ['annual maximum', 'preventive and diagnostic level', 'basic level', 'major level'];

/** Plain words for each code; PLAN_MISSING_FIELDS and TREATMENT_PLAN_MISSING_FIELDS add what is missing. */
export const RECOMMENDATION_MESSAGES = {
  MISSING_PLAN_STATUS: 'The sources did not say whether the plan is active: confirm the coverage before the appointment.',
  NO_PLAN: 'No source returned the plan: whether it is active and what it covers are unknown.',
  MISSING_INSURANCE_REMAINING: 'The remaining annual maximum is missing: the patient portion cannot be estimated without it.',
  MISSING_EFFECTIVE_DATE: 'The effective date is missing: confirm the coverage starts before the date of service.',
  MISSING_DEDUCTIBLE_REMAINING: 'The remaining deductible is missing: an estimate may count a deductible already met.',
  MISSING_HISTORY: 'No procedure history came from the sources: frequency limits cannot be checked.',
  PARTIAL_HISTORY: 'The procedure history is partial: some frequency limits may already be used.',
  PLAN_MISSING_FIELDS: 'The plan is missing',
  TREATMENT_PLAN_DISABLED: 'The treatment plan is turned off: planned procedures are not checked against the plan.',
  TREATMENT_PLAN_MISSING_FIELDS: 'planned procedures have no coverage stated in the plan',
  OTHER_VERIFICATION_OUTSOURCED: 'Another verification for this patient is outsourced: its answer may settle what is missing here.',
  NEW_PATIENT: `New patient (no treatment in the last ${NEW_PATIENT_THRESHOLD_YEARS} years): a full breakdown prepares the first visit best.`,
} as const;

/** What the sources left behind: who answered, and what the office can still ask. */
interface SourceState {
  readonly category: RecommendationReasonCategory;
  /** CONTACT_CARRIER, EXTRACT_PORTAL_DATA_WITH_API and CHECK_CARRIER_PORTAL, where each applies. */
  readonly reach: readonly RecommendedAction[];
}

function sourceStateOf({ wrapper, jobs, carrier }: RecommendationInput): SourceState {
  const portalJobs = jobs.filter((job) => job.source === 'portal');
  const answered = portalJobs.find((job) => job.status === 'done' && job.outcome === 'success');
  const category: RecommendationReasonCategory =
    answered === undefined ? 'eligibilityMissing' : (AI_PORTALS as readonly string[]).includes(answered.sourceName) ? 'portalAiProvided' : 'portalProvided';
  const phone = wrapper.plan?.payer.phoneNumber?.trim();
  // A portal job that failed may succeed when run again; one waiting for a credential or a code needs the office first.
  const failed = answered === undefined ? portalJobs.find((job) => job.status === 'done' && job.outcome === 'error') : undefined;
  const portalId = carrier?.portalId ?? null;
  const reach = [
    ...(phone ? [recommendedAction('CONTACT_CARRIER', { phone })] : []),
    ...(failed === undefined ? [] : [recommendedAction('EXTRACT_PORTAL_DATA_WITH_API', { jobId: failed.id })]),
    ...(portalId !== null && answered === undefined ? [recommendedAction('CHECK_CARRIER_PORTAL', { portalId })] : []),
  ];
  return { category, reach };
}

function recommendation(
  code: RecommendationReasonCode,
  category: RecommendationReasonCategory,
  severity: RecommendationSeverity,
  actions: readonly RecommendedAction[],
  message: string,
): Recommendation {
  const unique = new Map<RecommendationAction, RecommendedAction>();
  for (const action of actions) if (!unique.has(action.action)) unique.set(action.action, action);
  return { code, category, severity, actions: [...unique.values()].sort((a, b) => a.priority - b.priority), message };
}

const outsource = (type: 'OUTSOURCE_BREAKDOWN' | 'OUTSOURCE_ELIGIBILITY') => recommendedAction(type);

/** Inactive or terminated coverage pays nothing: its amounts, history and benefits do not matter. */
const coverageMayApply = (patient: PatientV3): boolean => patient.coverageStatus !== 'inactive' && patient.coverageStatus !== 'terminated';

const hasValue = (field: { value: unknown } | undefined): boolean => field !== undefined && field.value !== null;

/** Coverage status, remaining amounts, effective date: what an eligibility answer should give. */
function eligibilityGaps(patient: PatientV3, plan: PlanV3, sources: SourceState): Recommendation[] {
  const { category, reach } = sources;
  const eligibility = [outsource('OUTSOURCE_ELIGIBILITY'), ...reach];
  const found: Recommendation[] = [];
  if (patient.coverageStatus === 'unknown') {
    found.push(recommendation('MISSING_PLAN_STATUS', category, 'HIGH', eligibility, RECOMMENDATION_MESSAGES.MISSING_PLAN_STATUS));
  }
  if (!coverageMayApply(patient)) return found;
  if (!hasValue(patient.insuranceRemaining)) {
    found.push(recommendation('MISSING_INSURANCE_REMAINING', category, 'MEDIUM', eligibility, RECOMMENDATION_MESSAGES.MISSING_INSURANCE_REMAINING));
  }
  if (!hasValue(patient.effectiveDate)) {
    found.push(recommendation('MISSING_EFFECTIVE_DATE', category, 'MEDIUM', eligibility, RECOMMENDATION_MESSAGES.MISSING_EFFECTIVE_DATE));
  }
  // A plan without a deductible has nothing left to meet.
  const noDeductible = plan.benefits.deductible?.individual?.value === 0;
  if (!hasValue(patient.deductibleRemaining) && !noDeductible) {
    found.push(recommendation('MISSING_DEDUCTIBLE_REMAINING', category, 'LOW', eligibility, RECOMMENDATION_MESSAGES.MISSING_DEDUCTIBLE_REMAINING));
  }
  return found;
}

/** Procedure history and the plan's own facts: what a full breakdown gives. */
function breakdownGaps(patient: PatientV3, plan: PlanV3, sources: SourceState): Recommendation[] {
  const { category, reach } = sources;
  const breakdown = [outsource('OUTSOURCE_BREAKDOWN'), ...reach];
  const found: Recommendation[] = [];
  if (!coverageMayApply(patient)) return found;
  if (patient.historyStatus === 'None' || patient.historyStatus === 'Unknown') {
    found.push(recommendation('MISSING_HISTORY', category, 'MEDIUM', breakdown, RECOMMENDATION_MESSAGES.MISSING_HISTORY));
  } else if (patient.historyStatus === 'Partial') {
    found.push(recommendation('PARTIAL_HISTORY', category, 'LOW', breakdown, RECOMMENDATION_MESSAGES.PARTIAL_HISTORY));
  }
  const missing = PLAN_COMPLETENESS_CHECKS.filter((check) => !FACTS_WITH_OWN_CODE.includes(check.fact) && !check.holds(plan, patient)).map(
    (check) => check.fact,
  );
  if (missing.length > 0) {
    const severity = missing.some((fact) => ESSENTIAL_FACTS.includes(fact)) ? 'MEDIUM' : 'LOW';
    const message = `${RECOMMENDATION_MESSAGES.PLAN_MISSING_FIELDS}: ${missing.join(', ')}.`;
    found.push(recommendation('PLAN_MISSING_FIELDS', category, severity, breakdown, message));
  }
  return found;
}

/** The treatment plan, a new patient, another outsourced verification: what the office context adds. */
function officeNotices({ wrapper, office }: RecommendationInput, sources: SourceState): Recommendation[] {
  const found: Recommendation[] = [];
  const plan = office.treatmentPlan;
  if (plan !== undefined && !plan.enabled) {
    found.push(recommendation('TREATMENT_PLAN_DISABLED', 'other', 'LOW', [recommendedAction('GO_TO_CUSTOMIZATION')], RECOMMENDATION_MESSAGES.TREATMENT_PLAN_DISABLED));
  }
  if (plan !== undefined && plan.enabled) {
    const uncovered = uncoveredPlannedLines(wrapper.plan, plan.lines, office.today);
    if (uncovered > 0) {
      const actions = [recommendedAction('GO_TO_CUSTOMIZATION'), outsource('OUTSOURCE_BREAKDOWN'), ...sources.reach];
      const message = `${uncovered} ${RECOMMENDATION_MESSAGES.TREATMENT_PLAN_MISSING_FIELDS}.`;
      found.push(recommendation('TREATMENT_PLAN_MISSING_FIELDS', 'other', 'MEDIUM', actions, message));
    }
    if (isNewPatient(plan.lines, office.today)) {
      found.push(recommendation('NEW_PATIENT', 'other', 'LOW', [outsource('OUTSOURCE_BREAKDOWN')], RECOMMENDATION_MESSAGES.NEW_PATIENT));
    }
  }
  if (office.otherVerificationOutsourced === true) {
    found.push(recommendation('OTHER_VERIFICATION_OUTSOURCED', 'other', 'LOW', [], RECOMMENDATION_MESSAGES.OTHER_VERIFICATION_OUTSOURCED));
  }
  return found;
}

const codeRank = (code: RecommendationReasonCode) => RECOMMENDATION_REASON_CODES.indexOf(code);

/** The ticket's recommendations, most urgent first (severity, then action priority, then the codes' order). */
export function deriveRecommendations(input: RecommendationInput): Recommendation[] {
  if (input.jobs.some((job) => ACTIVE_STATUSES.includes(job.status))) return [];
  const sources = sourceStateOf(input);
  const { patient, plan } = input.wrapper;
  const found =
    plan === null
      ? [
          recommendation(
            'MISSING_PLAN_STATUS',
            sources.category,
            'HIGH',
            [outsource('OUTSOURCE_BREAKDOWN'), outsource('OUTSOURCE_ELIGIBILITY'), ...sources.reach],
            RECOMMENDATION_MESSAGES.NO_PLAN,
          ),
        ]
      : [...eligibilityGaps(patient, plan, sources), ...breakdownGaps(patient, plan, sources)];
  return [...found, ...officeNotices(input, sources)].sort((a, b) => compareRecommendations(a, b) || codeRank(a.code) - codeRank(b.code));
}
