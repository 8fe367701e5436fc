/**
 * The enumerations of SPEC section 3, pinned to the specification's own spelling: a renamed or reordered value
 * fails here before it reaches stored documents or the screens.
 */
import * as enums from './enums';

/** [name of the const array, the values as SPEC section 3 lists them]. */
const SPEC_ENUMERATIONS: readonly (readonly [keyof typeof enums, readonly string[]])[] = [
  ['CORRELATION_TYPES', ['IN_CONJUNCTION', 'SHARES_FREQUENCY', 'WAITING_PERIOD', 'SUBSTITUTION', 'APPLIES_TO']],
  ['CATEGORIES', ['Preventative', 'Basic', 'Major', 'Orthodontics', 'Adjunctive General Services']],
  [
    'SUBCATEGORIES',
    ['Diagnostic', 'X-Ray', 'Exams', 'Prophylaxis', 'Restorative', 'Endodontics', 'Periodontics', 'Implant Services',
      'Prosthodontics', 'Oral & Maxillofacial Surgery', 'Crowns', 'Dentures', 'Bridges'],
  ],
  ['TIME_PERIODS', ['mo', 'yr', '12m', '/yr', 'd', '/d']],
  ['PARTICIPATIONS', ['In Network', 'Out Of Network', 'DPPO', 'TOTAL', 'Advantage', 'PPO+Premier', 'Premier Only', 'Not Sure']],
  ['SPONSOR_TYPES', ['Individual', 'Employer', 'Government']],
  ['RELATIONS_TO_SUBSCRIBER', ['Self', 'Spouse', 'Children', 'Dependent', 'LifePartner', 'Employee', 'Other']],
  ['COVERAGE_STATUSES', ['active', 'terminated', 'inactive', 'unknown']],
  ['PLAN_TYPES', ['dental', 'medical', 'dentalExcluded', 'unknown']],
  ['PAYER_PLAN_TYPES', ['standard', 'highOption']],
  ['HISTORY_STATUSES', ['None', 'Partial', 'Complete', 'Unknown']],
  ['TEETH_REGIONS', ['POSTERIOR', 'MOLAR', 'SECOND MOLAR', 'ALL', 'BY REVIEW', 'NEVER']],
  [
    'BENEFIT_YEARS',
    ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'],
  ],
  ['ARCHES', ['U', 'L']],
  ['QUADRANTS', ['UL', 'UR', 'LL', 'LR']],
  ['PLAN_PERIODS', ['year_to_date', 'calendar', 'contract', 'service', 'remaining', 'lifetime', 'lifetime_remaining', 'unknown']],
  [
    'COVERAGE_LEVELS',
    ['family', 'individual', 'children_only', 'dependents_only', 'employee_and_children', 'employee_only',
      'employee_and_spouse', 'spouse_and_children', 'spouse_only', 'unknown'],
  ],
  ['CARRIER_HISTORY_PROVISIONS', ['all', 'none', 'partial', 'inconsistent']],
  ['HISTORY_RANGE_UNITS', ['lastVisits', 'months', 'nextEligible', 'all']],
  ['PORTAL_CREDENTIAL_STATUSES', ['valid', 'invalid', 'failed', 'inProgress', 'mfaRequired']],
  ['LOCK_STATES', ['open', 'locked']],
  ['PORTAL_PROVIDERS', ['dentalXChange', 'portalAi']],
  ['TICKET_PORTAL_NAMES', ['ai', 'dentalXChange']],
  ['SCORING_PRIORITIES', ['portal', 'clearinghouse']],
  ['PRIORITY_TYPES', ['patient', 'plan']],
  ['AI_PORTALS', ['dnoaconnect', 'dentalofficetoolkit', 'cigna']],
  ['AI_PROCESSES', ['full_process', 'post_process', 'no_process']],
  ['MFA_TYPES', ['SMS', 'EMAIL', 'SQA']],
  ['RECOMMENDATION_SEVERITIES', ['LOW', 'MEDIUM', 'HIGH']],
  [
    'RECOMMENDATION_ACTIONS',
    ['OUTSOURCE_BREAKDOWN', 'OUTSOURCE_ELIGIBILITY', 'GO_TO_CUSTOMIZATION', 'CONTACT_CARRIER',
      'EXTRACT_PORTAL_DATA_WITH_API', 'CHECK_CARRIER_PORTAL'],
  ],
  ['RECOMMENDATION_REASON_CATEGORIES', ['eligibilityMissing', 'portalProvided', 'portalAiProvided', 'other']],
  ['OUTSOURCE_TYPES', ['Breakdown', 'Re-verification']],
  ['VERIFICATION_PDF_TYPES', ['Breakdown', 'Re-verification', 'Plan']],
  ['TREATMENT_PLAN_MODES', ['completePlan', 'nextAppointment', 'allAppointments']],
  ['INTEGRATIONS', ['nexHealth', 'manual']],
  ['PROCEDURE_STATUSES', ['scheduled', 'completed', 'treatment_planned', 'referred', 'inactive', 'Completed', 'Existing Other']],
  ['FORM_QUESTION_TYPES', ['ETBField', 'frequencyPicker', 'expliciteToggleButton', 'conditionalBlock', 'WaitingPeriod', 'textField']],
  ['SOURCE_JOB_STATUSES', ['pending', 'processing', 'credentialPending', 'mfaRequired', 'done']],
  ['VERIFICATION_STATUSES', ['Completed', 'Submitted', 'Pending', 'portalpending']],
  ['INTERNAL_WARNINGS', ['MULTIPLE_PLANS_FOUND', 'GROUP_NUMBER_MISSING', 'UNKNOWN_ERROR']],
  [
    'OUT_OF_NETWORK_FEE_SCHEDULES',
    ['Area UCR', 'Fixed fee schedule', 'Maximum Allowable Charge', "Percentage of provider's charges", 'No benefits/out of network'],
  ],
  [
    'TICKET_STATUSES',
    ['Open', 'Pending', 'Resolved', 'Closed', 'Needs additional Info', 'Portal info entered ready for calls', 'Ready for QA',
      'QA Complete with issues - resent to agent', 'QA Complete', 'Archived'],
  ],
  ['ROLES', ['superadministrator', 'admin', 'agent', 'staffmanager', 'staff', 'groupmanager', 'groupmember', 'doregistration', 'goduser']],
  ['FEATURE_FLAG_TYPES', ['none', 'string', 'integer', 'object']],
  ['BUG_TYPES', ['Data error', 'Technical bug', 'New Form Question']],
  ['INFO_BAR_TYPES', ['error', 'inprogress', 'saved', 'errorReport', 'success', 'copied']],
  ['APP_START_STATES', ['loading', 'get_org', 'lock', 'ready']],
  ['ORGANIZATION_PROMPT_STATES', ['checking_domain', 'have_org_id', 'provide_name', 'loading']],
  ['SOCKET_STATES', ['connecting', 'connected', 'disconnected', 'reconnecting', 'error']],
  ['SOCKET_ERROR_CODES', ['UNAUTHORIZED', 'INVALID_TOKEN']],
];

describe('enumerations of SPEC section 3', () => {
  it.each(SPEC_ENUMERATIONS)('%s is spelled as the specification spells it', (name, values) => {
    expect(enums[name]).toEqual(values);
  });

  it('has a zod enum accepting exactly each list', () => {
    expect(enums.TicketStatus.options).toEqual([...enums.TICKET_STATUSES]);
    expect(enums.Role.safeParse('Staff').success).toBe(false);
    expect(enums.RelationToSubscriber.safeParse('LifePartner').success).toBe(true);
  });

  it('teeth are 1-32 and A-T', () => {
    expect(enums.TEETH).toHaveLength(52);
    expect(enums.TEETH[0]).toBe('1');
    expect(enums.TEETH[31]).toBe('32');
    expect(enums.TEETH[32]).toBe('A');
    expect(enums.TEETH.at(-1)).toBe('T');
  });

  it('payer keys are fifteen, DEFAULT first, one per major carrier', () => {
    expect(enums.PAYER_KEYS).toHaveLength(15);
    expect(enums.PAYER_KEYS[0]).toBe('DEFAULT');
    expect(new Set(enums.PAYER_KEYS).size).toBe(15);
  });

  it('recommendation actions carry their priority, 1 highest', () => {
    expect(enums.RECOMMENDATION_ACTION_PRIORITY).toEqual({
      OUTSOURCE_BREAKDOWN: 1,
      OUTSOURCE_ELIGIBILITY: 2,
      GO_TO_CUSTOMIZATION: 3,
      CONTACT_CARRIER: 4,
      EXTRACT_PORTAL_DATA_WITH_API: 5,
      CHECK_CARRIER_PORTAL: 6,
    });
  });

  it('the clearinghouse names keep their legacy misspelling next to the right one', () => {
    expect(enums.CLEARINGHOUSE_NAMES).toEqual(expect.arrayContaining(['availity', 'availty']));
  });

  it('the clearinghouse events are the appointment and payer credential events of the specification', () => {
    expect(enums.CLEARINGHOUSE_EVENTS).toEqual([
      'appointment.valid',
      'appointment.invalid',
      'appointment.queued',
      'appointment.error',
      'appointment.verified',
      'payer_credential.mfa',
      'payer_credential.valid',
      'payer_credential.invalid',
      'payer_credential.error',
    ]);
  });

  it('the recommendation reason codes cover each reason the specification names', () => {
    expect(enums.RECOMMENDATION_REASON_CODES).toHaveLength(11);
    expect(enums.RECOMMENDATION_REASON_CODES).toEqual(expect.arrayContaining(['NEW_PATIENT', 'PARTIAL_HISTORY']));
  });

  it('the state map gives two-letter codes', () => {
    for (const code of Object.values(enums.STATE_CODES)) expect(code).toMatch(/^[A-Z]{2}$/);
    expect(enums.STATE_CODES['New York']).toBe('NY');
    expect(Object.keys(enums.STATE_CODES)).toHaveLength(52);
  });
});
