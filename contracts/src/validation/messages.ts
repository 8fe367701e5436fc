/**
 * Messages of the ticket and plan data validators.
 *
 * `VALIDATION_MESSAGES` holds every validator message of SPEC section 8, verbatim: the spelling is the product's
 * ('Wrong sponor type') because stored documents, the web app and outside checks compare these strings.
 * The zod enums of `enums.ts` carry the same texts; a test keeps the two in step.
 */
export const VALIDATION_MESSAGES = {
  invalidAdaCode: 'Invalid adaCode',
  invalidSubcategory: 'Invalid subcategory',
  invalidCategory: 'Invalid category',
  wrongCorrelationHow: 'Wrong correlation how value',
  wrongTimePeriod: 'Wrong time period',
  wrongCaveatType: 'Wrong caveat type',
  wrongWaitingPeriodCorrelation: 'Wrong waiting period correlation',
  wrongSponsorType: 'Wrong sponor type',
  wrongToothId: 'Wrong tooth ID',
  wrongQuadrant: 'Wrong quadrant',
  wrongArch: 'Wrong arch',
  wrongAdaCodesKey: 'Wrong key or keys in adaObject',
  wrongSurfaceTooth: 'Wrong tooth as key in surface history',
  wrongSurfaceValue: 'Wrong surface as value in surface history',
  wrongRelationToSubscriber: 'Wrong relationship to subscriber',
  wrongTicketStatus: 'Wrong ticket status',
  wrongDate: 'Wrong date',
  wrongMappingInfoEntry: 'Wrong mapping info entry',
  wrongCoverageStatus: 'Wrong coverage status',
  wrongPlanType: 'Wrong plan type',
  wrongPayerSpecificPlanType: 'Wrong payer specific plan type',
  digitsOnly: 'The field should have digits only',
} as const;

export type ValidationMessage = (typeof VALIDATION_MESSAGES)[keyof typeof VALIDATION_MESSAGES];

/**
 * Two rules that SPEC section 5 states without quoting a message. A bare zod default would read as a type error,
 * so they get a sentence of their own; the adaCodes one reuses the text SPEC section 8 gives the migrations for
 * the same fault. Every other unquoted rule (score range, waiting-period bounds, URLs, unknown keys) keeps zod's
 * default message.
 */
export const DOCUMENT_RULE_MESSAGES = {
  adaCodesRequired: 'adaCodes is required',
  waitingPeriodWithoutDuration: 'Waiting period needs months, days, years or weeks',
} as const;
