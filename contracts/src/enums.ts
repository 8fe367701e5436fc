/**
 * Every enumeration of SPEC section 3 (and the few the other sections name), each as a `const` array,
 * a zod enum and a type, spelled exactly as the specification spells them.
 */
import { z } from 'zod';

/**
 * Builds the zod enum for a const array; `error` is the message a wrong value yields. Marked free of side effects
 * so that the bundler drops the enums a bundle does not use: importing one constant of this module would otherwise
 * build every schema in it.
 */
/*#__NO_SIDE_EFFECTS__*/
function zenum<const T extends readonly [string, ...string[]]>(values: T, error?: string) {
  return error === undefined ? z.enum(values) : z.enum(values, { error });
}

// ---------- Plan and benefit data ----------

export const CORRELATION_TYPES = ['IN_CONJUNCTION', 'SHARES_FREQUENCY', 'WAITING_PERIOD', 'SUBSTITUTION', 'APPLIES_TO'] as const;
export const CorrelationType = zenum(CORRELATION_TYPES, 'Wrong correlation how value');
export type CorrelationType = z.infer<typeof CorrelationType>;

export const CATEGORIES = ['Preventative', 'Basic', 'Major', 'Orthodontics', 'Adjunctive General Services'] as const;
export const Category = zenum(CATEGORIES, 'Invalid category');
export type Category = z.infer<typeof Category>;

export const SUBCATEGORIES = [
  'Diagnostic',
  'X-Ray',
  'Exams',
  'Prophylaxis',
  'Restorative',
  'Endodontics',
  'Periodontics',
  'Implant Services',
  'Prosthodontics',
  'Oral & Maxillofacial Surgery',
  'Crowns',
  'Dentures',
  'Bridges',
] as const;
export const Subcategory = zenum(SUBCATEGORIES, 'Invalid subcategory');
export type Subcategory = z.infer<typeof Subcategory>;

/** Category names of schema versions 1 and 2 (SPEC section 9, "Old category names by range"). */
export const OLD_CATEGORIES = [
  'Diagnostic',
  'Preventive',
  'Restorative',
  'Major Restorative',
  'Endodontics',
  'Periodontics',
  'Removable Prosthodontics',
  'Maxillofacial Prosthetics',
  'Implant Services',
  'Oral and Maxillofacial Surgery',
  'Orthodontics',
  'Adjunctive',
] as const;
export const OldCategory = zenum(OLD_CATEGORIES, 'Invalid category');
export type OldCategory = z.infer<typeof OldCategory>;

export const TIME_PERIODS = ['mo', 'yr', '12m', '/yr', 'd', '/d'] as const;
export const TimePeriod = zenum(TIME_PERIODS, 'Wrong time period');
export type TimePeriod = z.infer<typeof TimePeriod>;

export const PARTICIPATIONS = [
  'In Network',
  'Out Of Network',
  'DPPO',
  'TOTAL',
  'Advantage',
  'PPO+Premier',
  'Premier Only',
  'Not Sure',
] as const;
export const Participation = zenum(PARTICIPATIONS);
export type Participation = z.infer<typeof Participation>;

export const SPONSOR_TYPES = ['Individual', 'Employer', 'Government'] as const;
export const SponsorType = zenum(SPONSOR_TYPES, 'Wrong sponor type');
export type SponsorType = z.infer<typeof SponsorType>;

export const RELATIONS_TO_SUBSCRIBER = ['Self', 'Spouse', 'Children', 'Dependent', 'LifePartner', 'Employee', 'Other'] as const;
export const RelationToSubscriber = zenum(RELATIONS_TO_SUBSCRIBER, 'Wrong relationship to subscriber');
export type RelationToSubscriber = z.infer<typeof RelationToSubscriber>;

export const COVERAGE_STATUSES = ['active', 'terminated', 'inactive', 'unknown'] as const;
export const CoverageStatus = zenum(COVERAGE_STATUSES, 'Wrong coverage status');
export type CoverageStatus = z.infer<typeof CoverageStatus>;

export const PLAN_TYPES = ['dental', 'medical', 'dentalExcluded', 'unknown'] as const;
export const PlanType = zenum(PLAN_TYPES, 'Wrong plan type');
export type PlanType = z.infer<typeof PlanType>;

export const PAYER_PLAN_TYPES = ['standard', 'highOption'] as const;
export const PayerPlanType = zenum(PAYER_PLAN_TYPES, 'Wrong payer specific plan type');
export type PayerPlanType = z.infer<typeof PayerPlanType>;

export const HISTORY_STATUSES = ['None', 'Partial', 'Complete', 'Unknown'] as const;
export const HistoryStatus = zenum(HISTORY_STATUSES);
export type HistoryStatus = z.infer<typeof HistoryStatus>;

export const TEETH_REGIONS = ['POSTERIOR', 'MOLAR', 'SECOND MOLAR', 'ALL', 'BY REVIEW', 'NEVER'] as const;
export const TeethRegion = zenum(TEETH_REGIONS);
export type TeethRegion = z.infer<typeof TeethRegion>;

export const BENEFIT_YEARS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
] as const;
export const BenefitYear = zenum(BENEFIT_YEARS);
export type BenefitYear = z.infer<typeof BenefitYear>;

export const ARCHES = ['U', 'L'] as const;
export const Arch = zenum(ARCHES, 'Wrong arch');
export type Arch = z.infer<typeof Arch>;

export const QUADRANTS = ['UL', 'UR', 'LL', 'LR'] as const;
export const Quadrant = zenum(QUADRANTS, 'Wrong quadrant');
export type Quadrant = z.infer<typeof Quadrant>;

/** Permanent teeth 1-32 (universal numbering) and primary teeth A-T. */
export const TEETH = [
  ...Array.from({ length: 32 }, (_, i) => String(i + 1)),
  ...Array.from({ length: 20 }, (_, i) => String.fromCharCode(65 + i)),
] as unknown as readonly [string, ...string[]];
export const Tooth = zenum(TEETH, 'Wrong tooth ID');
export type Tooth = z.infer<typeof Tooth>;

export const PLAN_PERIODS = [
  'year_to_date',
  'calendar',
  'contract',
  'service',
  'remaining',
  'lifetime',
  'lifetime_remaining',
  'unknown',
] as const;
export const PlanPeriod = zenum(PLAN_PERIODS);
export type PlanPeriod = z.infer<typeof PlanPeriod>;

export const COVERAGE_LEVELS = [
  'family',
  'individual',
  'children_only',
  'dependents_only',
  'employee_and_children',
  'employee_only',
  'employee_and_spouse',
  'spouse_and_children',
  'spouse_only',
  'unknown',
] as const;
export const CoverageLevel = zenum(COVERAGE_LEVELS);
export type CoverageLevel = z.infer<typeof CoverageLevel>;

export const CARRIER_HISTORY_PROVISIONS = ['all', 'none', 'partial', 'inconsistent'] as const;
export const CarrierHistoryProvision = zenum(CARRIER_HISTORY_PROVISIONS);
export type CarrierHistoryProvision = z.infer<typeof CarrierHistoryProvision>;

export const HISTORY_RANGE_UNITS = ['lastVisits', 'months', 'nextEligible', 'all'] as const;
export const HistoryRangeUnit = zenum(HISTORY_RANGE_UNITS);
export type HistoryRangeUnit = z.infer<typeof HistoryRangeUnit>;

// ---------- Portals, providers, clearinghouses ----------

export const PORTAL_CREDENTIAL_STATUSES = ['valid', 'invalid', 'failed', 'inProgress', 'mfaRequired'] as const;
export const PortalCredentialStatus = zenum(PORTAL_CREDENTIAL_STATUSES);
export type PortalCredentialStatus = z.infer<typeof PortalCredentialStatus>;

/** Credential statuses that put a credential into the notification list (SPEC section 4). */
export const CREDENTIAL_STATUSES_NEEDING_ATTENTION = ['invalid', 'failed', 'mfaRequired'] as const satisfies readonly PortalCredentialStatus[];

export const LOCK_STATES = ['open', 'locked'] as const;
export const LockState = zenum(LOCK_STATES);
export type LockState = z.infer<typeof LockState>;

export const PORTAL_PROVIDERS = ['dentalXChange', 'portalAi'] as const;
export const PortalProvider = zenum(PORTAL_PROVIDERS);
export type PortalProvider = z.infer<typeof PortalProvider>;

/** Portal names as they appear in ticket data. */
export const TICKET_PORTAL_NAMES = ['ai', 'dentalXChange'] as const;
export const TicketPortalName = zenum(TICKET_PORTAL_NAMES);
export type TicketPortalName = z.infer<typeof TicketPortalName>;

/** Clearinghouse names as they appear in ticket data; `availty` is a legacy misspelling kept for old documents. */
export const CLEARINGHOUSE_NAMES = ['dentalXChange', 'availity', 'changeHealthcare', 'vyne', 'availty'] as const;
export const ClearinghouseName = zenum(CLEARINGHOUSE_NAMES);
export type ClearinghouseName = z.infer<typeof ClearinghouseName>;

export const SCORING_PRIORITIES = ['portal', 'clearinghouse'] as const;
export const ScoringPriority = zenum(SCORING_PRIORITIES);
export type ScoringPriority = z.infer<typeof ScoringPriority>;

export const PRIORITY_TYPES = ['patient', 'plan'] as const;
export const PriorityType = zenum(PRIORITY_TYPES);
export type PriorityType = z.infer<typeof PriorityType>;

export const AI_PORTALS = ['dnoaconnect', 'dentalofficetoolkit', 'cigna'] as const;
export const AiPortal = zenum(AI_PORTALS);
export type AiPortal = z.infer<typeof AiPortal>;

export const AI_PROCESSES = ['full_process', 'post_process', 'no_process'] as const;
export const AiProcess = zenum(AI_PROCESSES);
export type AiProcess = z.infer<typeof AiProcess>;

export const CLEARINGHOUSE_EVENTS = [
  'appointment.valid',
  'appointment.invalid',
  'appointment.queued',
  'appointment.error',
  'appointment.verified',
  'payer_credential.mfa',
  'payer_credential.valid',
  'payer_credential.invalid',
  'payer_credential.error',
] as const;
export const ClearinghouseEvent = zenum(CLEARINGHOUSE_EVENTS);
export type ClearinghouseEvent = z.infer<typeof ClearinghouseEvent>;

export const MFA_TYPES = ['SMS', 'EMAIL', 'SQA'] as const;
export const MfaType = zenum(MFA_TYPES);
export type MfaType = z.infer<typeof MfaType>;

// ---------- Recommendations ----------

export const RECOMMENDATION_SEVERITIES = ['LOW', 'MEDIUM', 'HIGH'] as const;
export const RecommendationSeverity = zenum(RECOMMENDATION_SEVERITIES);
export type RecommendationSeverity = z.infer<typeof RecommendationSeverity>;

/** Recommendation actions with their priority; 1 is the highest. */
export const RECOMMENDATION_ACTION_PRIORITY = {
  OUTSOURCE_BREAKDOWN: 1,
  OUTSOURCE_ELIGIBILITY: 2,
  GO_TO_CUSTOMIZATION: 3,
  CONTACT_CARRIER: 4,
  EXTRACT_PORTAL_DATA_WITH_API: 5,
  CHECK_CARRIER_PORTAL: 6,
} as const;
export const RECOMMENDATION_ACTIONS = [
  'OUTSOURCE_BREAKDOWN',
  'OUTSOURCE_ELIGIBILITY',
  'GO_TO_CUSTOMIZATION',
  'CONTACT_CARRIER',
  'EXTRACT_PORTAL_DATA_WITH_API',
  'CHECK_CARRIER_PORTAL',
] as const satisfies readonly (keyof typeof RECOMMENDATION_ACTION_PRIORITY)[];
export const RecommendationAction = zenum(RECOMMENDATION_ACTIONS);
export type RecommendationAction = z.infer<typeof RecommendationAction>;

export const RECOMMENDATION_REASON_CATEGORIES = ['eligibilityMissing', 'portalProvided', 'portalAiProvided', 'other'] as const;
export const RecommendationReasonCategory = zenum(RECOMMENDATION_REASON_CATEGORIES);
export type RecommendationReasonCategory = z.infer<typeof RecommendationReasonCategory>;

export const RECOMMENDATION_REASON_CODES = [
  'MISSING_PLAN_STATUS',
  'MISSING_INSURANCE_REMAINING',
  'MISSING_HISTORY',
  'MISSING_EFFECTIVE_DATE',
  'MISSING_DEDUCTIBLE_REMAINING',
  'PARTIAL_HISTORY',
  'PLAN_MISSING_FIELDS',
  'TREATMENT_PLAN_DISABLED',
  'TREATMENT_PLAN_MISSING_FIELDS',
  'OTHER_VERIFICATION_OUTSOURCED',
  'NEW_PATIENT',
] as const;
export const RecommendationReasonCode = zenum(RECOMMENDATION_REASON_CODES);
export type RecommendationReasonCode = z.infer<typeof RecommendationReasonCode>;

// ---------- Outsourcing, PDFs, treatment plans, forms ----------

export const OUTSOURCE_TYPES = ['Breakdown', 'Re-verification'] as const;
export const OutsourceType = zenum(OUTSOURCE_TYPES);
export type OutsourceType = z.infer<typeof OutsourceType>;

export const VERIFICATION_PDF_TYPES = ['Breakdown', 'Re-verification', 'Plan'] as const;
export const VerificationPdfType = zenum(VERIFICATION_PDF_TYPES);
export type VerificationPdfType = z.infer<typeof VerificationPdfType>;

export const TREATMENT_PLAN_MODES = ['completePlan', 'nextAppointment', 'allAppointments'] as const;
export const TreatmentPlanMode = zenum(TREATMENT_PLAN_MODES);
export type TreatmentPlanMode = z.infer<typeof TreatmentPlanMode>;

export const INTEGRATIONS = ['nexHealth', 'manual'] as const;
export const Integration = zenum(INTEGRATIONS);
export type Integration = z.infer<typeof Integration>;

/** The two practice management systems that count as a practice-management integration (SPEC section 6). */
export const PMS_TYPES = ['dentrix', 'openDental'] as const;
export const PmsType = zenum(PMS_TYPES);
export type PmsType = z.infer<typeof PmsType>;

/** Procedure statuses, per practice management system. */
export const PROCEDURE_STATUSES_BY_PMS = {
  dentrix: ['scheduled', 'completed', 'treatment_planned', 'referred', 'inactive'],
  openDental: ['Completed', 'Existing Other'],
} as const satisfies Record<PmsType, readonly string[]>;
export const PROCEDURE_STATUSES = [
  ...PROCEDURE_STATUSES_BY_PMS.dentrix,
  ...PROCEDURE_STATUSES_BY_PMS.openDental,
] as const;
export const ProcedureStatus = zenum(PROCEDURE_STATUSES);
export type ProcedureStatus = z.infer<typeof ProcedureStatus>;

export const FORM_QUESTION_TYPES = [
  'ETBField',
  'frequencyPicker',
  'expliciteToggleButton',
  'conditionalBlock',
  'WaitingPeriod',
  'textField',
] as const;
export const FormQuestionType = zenum(FORM_QUESTION_TYPES);
export type FormQuestionType = z.infer<typeof FormQuestionType>;

// ---------- Verifications and tickets ----------

export const SOURCE_JOB_STATUSES = ['pending', 'processing', 'credentialPending', 'mfaRequired', 'done'] as const;
export const SourceJobStatus = zenum(SOURCE_JOB_STATUSES);
export type SourceJobStatus = z.infer<typeof SourceJobStatus>;
/** Source job statuses that wait for the office: a portal credential, an MFA code. */
export const WAITING_SOURCE_JOB_STATUSES = ['credentialPending', 'mfaRequired'] as const satisfies readonly SourceJobStatus[];
export type WaitingSourceJobStatus = (typeof WAITING_SOURCE_JOB_STATUSES)[number];

export const VERIFICATION_STATUSES = ['Completed', 'Submitted', 'Pending', 'portalpending'] as const;
export const VerificationStatus = zenum(VERIFICATION_STATUSES);
export type VerificationStatus = z.infer<typeof VerificationStatus>;

export const INTERNAL_WARNINGS = ['MULTIPLE_PLANS_FOUND', 'GROUP_NUMBER_MISSING', 'UNKNOWN_ERROR'] as const;
export const InternalWarning = zenum(INTERNAL_WARNINGS);
export type InternalWarning = z.infer<typeof InternalWarning>;

export const MAPPING_INFO_MESSAGES = [
  'CONFLICTS',
  'VALUES_COPIED',
  'BENEFIT_YEAR_FROM_PLAN',
  'BENEFIT_YEAR_FROM_ELIGIBILITY',
  'BENEFIT_YEAR_FROM_HISTORY',
  'BENEFIT_YEAR_FROM_EFFECTIVE_DATE',
  'PLAN_FROM_PREVIOUS_YEAR',
  'PLAN_CLONED',
] as const;
export const MappingInfoMessage = zenum(MAPPING_INFO_MESSAGES, 'Wrong mapping info entry');
export type MappingInfoMessage = z.infer<typeof MappingInfoMessage>;

export const OUT_OF_NETWORK_FEE_SCHEDULES = [
  'Area UCR',
  'Fixed fee schedule',
  'Maximum Allowable Charge',
  "Percentage of provider's charges",
  'No benefits/out of network',
] as const;
export const OutOfNetworkFeeSchedule = zenum(OUT_OF_NETWORK_FEE_SCHEDULES);
export type OutOfNetworkFeeSchedule = z.infer<typeof OutOfNetworkFeeSchedule>;

/** Payer keys: DEFAULT, then one per major carrier (fifteen in all). */
export const PAYER_KEYS = [
  'DEFAULT',
  'DELTA_DENTAL',
  'METLIFE',
  'CIGNA',
  'AETNA',
  'GUARDIAN',
  'UNITED_HEALTHCARE',
  'HUMANA',
  'UNITED_CONCORDIA',
  'AMERITAS',
  'PRINCIPAL',
  'SUN_LIFE',
  'BLUE_CROSS_BLUE_SHIELD',
  'LINCOLN_FINANCIAL',
  'GEHA',
] as const;
export const PayerKey = zenum(PAYER_KEYS);
export type PayerKey = z.infer<typeof PayerKey>;

export const TICKET_STATUSES = [
  'Open',
  'Pending',
  'Resolved',
  'Closed',
  'Needs additional Info',
  'Portal info entered ready for calls',
  'Ready for QA',
  'QA Complete with issues - resent to agent',
  'QA Complete',
  'Archived',
] as const;
export const TicketStatus = zenum(TICKET_STATUSES, 'Wrong ticket status');
export type TicketStatus = z.infer<typeof TicketStatus>;

// ---------- Users, offices, application ----------

export const ROLES = [
  'superadministrator',
  'admin',
  'agent',
  'staffmanager',
  'staff',
  'groupmanager',
  'groupmember',
  'doregistration',
  'goduser',
] as const;
export const Role = zenum(ROLES);
export type Role = z.infer<typeof Role>;

export const FEATURE_FLAG_TYPES = ['none', 'string', 'integer', 'object'] as const;
export const FeatureFlagType = zenum(FEATURE_FLAG_TYPES);
export type FeatureFlagType = z.infer<typeof FeatureFlagType>;

export const BUG_TYPES = ['Data error', 'Technical bug', 'New Form Question'] as const;
export const BugType = zenum(BUG_TYPES, 'This field is required');
export type BugType = z.infer<typeof BugType>;

/** Attachment kinds the bug report accepts, by file extension and by mime type. */
export const BUG_ATTACHMENT_EXTENSIONS = ['.png', '.jpg', '.jpeg', '.bmp', '.pdf'] as const;
export const BUG_ATTACHMENT_MIME_TYPES = ['image/png', 'image/jpeg', 'image/bmp', 'application/pdf'] as const;
export const BugAttachmentMime = zenum(BUG_ATTACHMENT_MIME_TYPES);
export type BugAttachmentMime = z.infer<typeof BugAttachmentMime>;

export const INFO_BAR_TYPES = ['error', 'inprogress', 'saved', 'errorReport', 'success', 'copied'] as const;
export const InfoBarType = zenum(INFO_BAR_TYPES);
export type InfoBarType = z.infer<typeof InfoBarType>;

/** Payment types of an office; "unset" is the absence of a value. */
export const PAYMENT_TYPES = ['auto', 'locked', 'manual', 'invoice'] as const;
export const PaymentType = zenum(PAYMENT_TYPES);
export type PaymentType = z.infer<typeof PaymentType>;

/** Subscription plan type of an office: freemium or a paid plan. */
export const OFFICE_PLAN_TYPES = ['freemium', 'standard', 'premium'] as const;
export const OfficePlanType = zenum(OFFICE_PLAN_TYPES);
export type OfficePlanType = z.infer<typeof OfficePlanType>;

/** Client types inferred from the host once the organization is known (SPEC section 4). */
export const CLIENT_TYPES = ['dentalOffice', 'insuranceVerificationCompany', 'dso'] as const;
export const ClientType = zenum(CLIENT_TYPES);
export type ClientType = z.infer<typeof ClientType>;

export const APP_START_STATES = ['loading', 'get_org', 'lock', 'ready'] as const;
export type AppStartState = (typeof APP_START_STATES)[number];

export const ORGANIZATION_PROMPT_STATES = ['checking_domain', 'have_org_id', 'provide_name', 'loading'] as const;
export type OrganizationPromptState = (typeof ORGANIZATION_PROMPT_STATES)[number];

export const MFA_ENTRY_STATES = ['idle', 'submitting', 'waiting', 'success', 'error'] as const;
export type MfaEntryState = (typeof MFA_ENTRY_STATES)[number];

export const SOCKET_STATES = ['connecting', 'connected', 'disconnected', 'reconnecting', 'error'] as const;
export type SocketState = (typeof SOCKET_STATES)[number];

export const SOCKET_ERROR_CODES = ['UNAUTHORIZED', 'INVALID_TOKEN'] as const;
export const SocketErrorCode = zenum(SOCKET_ERROR_CODES);
export type SocketErrorCode = z.infer<typeof SocketErrorCode>;

/** Two-letter postal code by state name. */
export const STATE_CODES = {
  Alabama: 'AL',
  Alaska: 'AK',
  Arizona: 'AZ',
  Arkansas: 'AR',
  California: 'CA',
  Colorado: 'CO',
  Connecticut: 'CT',
  Delaware: 'DE',
  'District of Columbia': 'DC',
  Florida: 'FL',
  Georgia: 'GA',
  Hawaii: 'HI',
  Idaho: 'ID',
  Illinois: 'IL',
  Indiana: 'IN',
  Iowa: 'IA',
  Kansas: 'KS',
  Kentucky: 'KY',
  Louisiana: 'LA',
  Maine: 'ME',
  Maryland: 'MD',
  Massachusetts: 'MA',
  Michigan: 'MI',
  Minnesota: 'MN',
  Mississippi: 'MS',
  Missouri: 'MO',
  Montana: 'MT',
  Nebraska: 'NE',
  Nevada: 'NV',
  'New Hampshire': 'NH',
  'New Jersey': 'NJ',
  'New Mexico': 'NM',
  'New York': 'NY',
  'North Carolina': 'NC',
  'North Dakota': 'ND',
  Ohio: 'OH',
  Oklahoma: 'OK',
  Oregon: 'OR',
  Pennsylvania: 'PA',
  'Rhode Island': 'RI',
  'South Carolina': 'SC',
  'South Dakota': 'SD',
  Tennessee: 'TN',
  Texas: 'TX',
  Utah: 'UT',
  Vermont: 'VT',
  Virginia: 'VA',
  Washington: 'WA',
  'West Virginia': 'WV',
  Wisconsin: 'WI',
  Wyoming: 'WY',
  'Puerto Rico': 'PR',
} as const;
export type StateName = keyof typeof STATE_CODES;
export type StateCode = (typeof STATE_CODES)[StateName];
