/** The X12 5010 eligibility module (005010X279A1): 270 writing, 271 reading and mapping to the version 3 plan. */
export { X12BuildError, X12ParseError, type X12ParseErrorKind } from './errors';
export { type X12Deviation, type X12DeviationKind } from './deviations';
export { tokenizeX12, element, components, repetitions, type X12Delimiters, type X12Document, type X12Segment } from './tokenizer';
export { build270, DENTAL_CARE_SERVICE_TYPE, type EligibilityInquiry, type Gender } from './build-270';
export { parse270, type InquiryMember, type Parsed270 } from './parse-270';
export {
  parse271,
  type BenefitLoop,
  type EligibilityBenefit,
  type MemberLoop,
  type Parsed271,
  type ServiceDelivery,
  type X12RejectLoop,
} from './parse-271';
export {
  assertValidMapping,
  map271,
  map271Parsed,
  SCORE_INFERRED,
  SCORE_STATED,
  type Map271Options,
  type Map271Result,
  type Mapped271,
  type MemberSummary,
  type Rejected271,
  type Rejection,
} from './map-271';
export { readDelivery, describeDelivery } from './frequency';
export { DENTAL_SERVICE_TYPES, targetOfServiceType } from './service-types';
export { REJECT_REASONS, FOLLOW_UP_ACTIONS, rejectReason } from './reject-reasons';
export { INS_RELATIONSHIP_CODE, isSubscriber } from './relation';
export { writeInterchange, segmentText, x12Text, DEFAULT_DELIMITERS, type InterchangeOptions, type X12SegmentValues } from './writer';
export { eb, hsd, type EbFields, type HsdFields } from './segments-271';
