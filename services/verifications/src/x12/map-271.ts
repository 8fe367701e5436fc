/**
 * Maps a 271 eligibility answer into the version 3 plan and patient documents. README.md beside this file
 * states every mapping decision (network rows, waiting periods, scores, the plan's completeness); the code follows
 * it, in steps: each benefit row into a draft (map-271/rows.ts and the modules it calls), the member's dates and
 * the plan's identity, then the documents (map-271/documents.ts).
 *
 * The result is either `mapped` (a plan and a patient that validatePlan(plan, 3) and PatientV3 accept) or
 * `rejected` (the payer's AAA reasons, no plan). Malformed X12 throws `X12ParseError` before anything is mapped.
 * The documents are not validated here: a zod pass over the plan cost more than the whole mapping. Where a mapped
 * plan is handed out (the clearinghouse job, the preview) `assertValidMapping` checks it, and the tests check
 * every mapping they make.
 */
import { ownValue, type InternalWarning, type PatientV3, type PayerKey, type PlanV3 } from '@dv/contracts';
import { invertsCoinsurance } from '../clearinghouse/carriers';
import { scorePlanCompleteness } from '../scoring/plan-completeness';
import { scoreDoubtedValues } from './deviation-scores';
import { ACTIVE, INACTIVE, VALUE_ROWS } from './map-271/codes';
import { assertValidDocuments, buildPatient, buildPlan, planIdentity, type PlanFacts } from './map-271/documents';
import { benefitYearOf, coverageStatusOf, memberDates } from './map-271/plan-dates';
import { PlanDraft } from './map-271/plan-draft';
import { mapRow } from './map-271/rows';
import { parse271, type BenefitLoop, type MemberLoop, type Parsed271, type X12RejectLoop } from './parse-271';
import { toUsDate } from './readers';
import { FOLLOW_UP_ACTIONS, rejectReason } from './reject-reasons';
import { SCORE_INFERRED, SCORE_STATED } from './scores';

export { SCORE_INFERRED, SCORE_STATED };

export type Map271Options = {
  /** The day of the mapping: the plan's initiation date, and what a past plan end date is compared with. */
  readonly today: Date;
  /** The carrier's payer key; its catalogue entry decides the coinsurance inversion when no flag is given. */
  readonly payerKey?: PayerKey;
  /** True when this payer's EB08 is the insurer's share rather than the patient's. */
  readonly invertCoinsurance?: boolean;
};

export type Rejection = {
  /** AAA03. */
  readonly code: string;
  readonly reason: string;
  readonly loop: X12RejectLoop;
  /** AAA01: the payer found the request well formed. */
  readonly validRequest: boolean;
  readonly followUp: { readonly code: string; readonly action: string } | undefined;
};

export type MemberSummary = {
  readonly memberId: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly middleName: string | undefined;
  /** MM/DD/YYYY. */
  readonly dob: string | undefined;
  readonly gender: string | undefined;
  /** INS02 (18 self, 01 spouse, 19 child, 34 other adult) when the payer sent it. */
  readonly relationship: string | undefined;
  readonly address: string | undefined;
};

type Common = {
  readonly payer: { readonly id: string; readonly name: string } | undefined;
  readonly subscriber: MemberSummary | undefined;
  readonly dependent: MemberSummary | undefined;
  /** TRN02 the payer echoed from the 270 (the patient's level). */
  readonly traceNumber: string | undefined;
  /** What the mapping did not carry into the plan, in words (for support staff and logs; no decisions). */
  readonly notes: readonly string[];
};

export type Mapped271 = Common & {
  readonly status: 'mapped';
  readonly plan: PlanV3;
  readonly patient: PatientV3;
  readonly warnings: readonly InternalWarning[];
  readonly rejections: readonly [];
};

export type Rejected271 = Common & {
  readonly status: 'rejected';
  readonly plan: null;
  readonly rejections: readonly Rejection[];
  readonly warnings: readonly InternalWarning[];
};

export type Map271Result = Mapped271 | Rejected271;

function describeMember(member: MemberLoop): MemberSummary {
  const { name, demographics, address } = member;
  return {
    memberId: name.id,
    firstName: name.first,
    lastName: name.last,
    middleName: name.middle === '' ? undefined : name.middle,
    dob: demographics === undefined ? undefined : toUsDate(demographics.dob),
    gender: demographics?.gender === '' ? undefined : demographics?.gender,
    relationship: member.relationship,
    address:
      address === undefined
        ? undefined
        : [...address.lines, [[address.city, address.state].filter(Boolean).join(', '), address.zip].filter(Boolean).join(' ')].filter(Boolean).join(', '),
  };
}

function toRejection(reject: Parsed271['rejections'][number]): Rejection {
  const action = ownValue(FOLLOW_UP_ACTIONS, reject.followUpCode);
  return {
    code: reject.reasonCode,
    reason: rejectReason(reject.reasonCode),
    loop: reject.loop,
    validRequest: reject.validRequest,
    followUp: action === undefined ? undefined : { code: reject.followUpCode, action },
  };
}

/**
 * Maps an already parsed 271. The deviations its reading tolerated come first in the notes, and the values they
 * put in doubt are scored lower (deviation-scores.ts).
 */
export function map271Parsed(parsed: Parsed271, options: Map271Options): Map271Result {
  const result = mapAnswer(parsed, options);
  if (parsed.deviations.length === 0) return result;
  const notes = [...parsed.deviations.map((deviation) => deviation.note), ...result.notes];
  if (result.status === 'rejected') return { ...result, notes };
  const again = (without: Parsed271) => {
    const mapped = mapAnswer(without, options);
    return mapped.status === 'mapped' ? mapped : undefined;
  };
  return { ...result, ...scoreDoubtedValues(result, parsed, again), notes };
}

/** The parts of the answer a rejection has too: the payer, the members, the trace number. */
function commonOf(parsed: Parsed271): Omit<Rejected271, 'status' | 'plan' | 'rejections' | 'warnings' | 'notes'> {
  const { subscriber, dependent } = parsed;
  const patientLoop = dependent ?? subscriber;
  const payerName = parsed.source.name;
  return {
    payer: payerName === undefined ? undefined : { id: payerName.id, name: payerName.last },
    subscriber: subscriber === undefined ? undefined : describeMember(subscriber),
    dependent: dependent === undefined ? undefined : describeMember(dependent),
    traceNumber: patientLoop?.traces.find((trace) => trace.type === '2')?.number ?? patientLoop?.traces[0]?.number,
  };
}

/** An AAA after an EB: the payer could not answer that part; a note, not a rejection. */
function unansweredRowNotes(parsed: Parsed271): string[] {
  const notes: string[] = [];
  for (const loop of [parsed.subscriber, parsed.dependent]) {
    for (const benefit of loop?.benefits ?? []) {
      if (benefit.rejections.length > 0) {
        notes.push(`EB at segment ${benefit.benefit.segmentIndex + 1}: the payer could not answer this part (${benefit.rejections.map((r) => `${r.reasonCode} ${rejectReason(r.reasonCode)}`).join('; ')})`);
      }
    }
  }
  return notes;
}

type BenefitRows = {
  /** The patient's rows: the dependent's loop when it has any, else the subscriber's. */
  readonly benefitLoops: readonly BenefitLoop[];
  /** The coverage status rows (EB01 1-8). */
  readonly statusLoops: readonly BenefitLoop[];
  /** Every value row is out of network: then they are the plan, and the provider is out of network. */
  readonly outOfNetworkOnly: boolean;
};

/** Maps each of the patient's benefit rows into the draft. */
function mapBenefitRows(parsed: Parsed271, options: Map271Options, draft: PlanDraft): BenefitRows {
  const { subscriber, dependent } = parsed;
  const benefitLoops = dependent !== undefined && dependent.benefits.length > 0 ? dependent.benefits : (subscriber?.benefits ?? []);
  const valueRows = benefitLoops.filter((loop) => VALUE_ROWS.has(loop.benefit.info));
  const outOfNetworkOnly = valueRows.some((loop) => loop.benefit.network === 'N') && valueRows.every((loop) => loop.benefit.network === 'N');
  const invert = options.invertCoinsurance ?? invertsCoinsurance({ payerKey: options.payerKey, payerId: parsed.source.name?.id });
  const statusLoops = benefitLoops.filter((loop) => ACTIVE.has(loop.benefit.info) || INACTIVE.has(loop.benefit.info));
  for (const loop of benefitLoops) mapRow(loop, { draft, invert, outOfNetworkOnly });
  return { benefitLoops, statusLoops, outOfNetworkOnly };
}

/** The mapping itself, every value scored as the 271 gives it. */
function mapAnswer(parsed: Parsed271, options: Map271Options): Map271Result {
  const common = commonOf(parsed);
  const { subscriber, dependent } = parsed;
  if (parsed.rejections.length > 0 || (dependent ?? subscriber) === undefined) {
    return { status: 'rejected', plan: null, rejections: parsed.rejections.map(toRejection), warnings: [], notes: [], ...common };
  }
  const draft = new PlanDraft();
  draft.notes.push(...unansweredRowNotes(parsed));
  const rows = mapBenefitRows(parsed, options, draft);

  // Coverage status, dates and group from the member loops and the status rows' own loops.
  const dates = [...(dependent?.dates ?? []), ...(subscriber?.dates ?? []), ...rows.statusLoops.flatMap((loop) => loop.dates)];
  const references = [...(dependent?.references ?? []), ...(subscriber?.references ?? []), ...rows.statusLoops.flatMap((loop) => loop.references)];
  const member = memberDates(dates, draft.notes);
  const coverageStatus = coverageStatusOf(rows.statusLoops, member.planEnd, options.today);
  const identity = planIdentity(rows.statusLoops, references, draft.notes);
  const benefitYear = benefitYearOf({ dates, draft, eligibilityBegin: member.eligibilityBegin, today: options.today });

  const facts: PlanFacts = { source: parsed.source, identity, benefitYear, ...rows, today: options.today };
  const plan = buildPlan(draft, facts);
  const patient = buildPatient(draft, member, coverageStatus);
  plan.score = scorePlanCompleteness(plan, patient);
  return { status: 'mapped', plan, patient, warnings: identity.warnings, rejections: [], notes: draft.notes, ...common };
}

/**
 * Throws when a mapping's own output breaks the document rules (validatePlan version 3, PatientV3): a bug, never
 * a reason to hand out half a plan. For the callers that hand a mapped plan out; map271 itself does not check.
 */
export function assertValidMapping(result: Map271Result): void {
  if (result.status === 'mapped') assertValidDocuments(result.plan, result.patient);
}

/** Parses and maps a 271. Throws `X12ParseError` when the text cannot be read unambiguously as a 271. */
export function map271(text: string, options: Map271Options): Map271Result {
  return map271Parsed(parse271(text), options);
}
