/**
 * The plan and patient documents of a mapped 271, assembled from the draft and the facts of the member's loops,
 * and checked: a mapping that breaks the document rules is a bug, never a reason to hand out half a plan.
 */
import {
  CATEGORIES,
  CATEGORY_KEY_PREFIX,
  SUBCATEGORIES,
  SUBCATEGORY_KEY_PREFIX,
  type PatientV3,
  type BenefitEntryV3,
  type BenefitYear,
  type CaveatV3,
  type CoverageStatus,
  type InternalWarning,
  type MappingInfoV3,
  type Participation,
  type PlanV3,
} from '@dv/contracts';
import { type BenefitLoop, type Parsed271 } from '../parse-271';
import { type X12Reference } from '../readers';
import { SCORE_INFERRED, SCORE_STATED } from '../scores';
import { targetOfServiceType } from '../service-types';
import { documentProblems } from '../../plans/document-problems';
import { GROUP_NUMBER, GROUP_OR_POLICY_NUMBER } from './codes';
import { type MemberDates } from './plan-dates';
import { scored, type EntryDraft, type PlanDraft, type Scored } from './plan-draft';

/** REF*6P group numbers, else REF*1L group or policy numbers. */
function groupNumbers(references: readonly X12Reference[]): X12Reference[] {
  const groups = references.filter((reference) => reference.qualifier === GROUP_NUMBER && reference.value !== '');
  return groups.length > 0 ? groups : references.filter((reference) => reference.qualifier === GROUP_OR_POLICY_NUMBER && reference.value !== '');
}

/** Which plan the 271 is about, by its status rows and references: several plans are a warning, and the first is mapped. */
export type PlanIdentity = {
  readonly planDescriptions: readonly string[];
  readonly group: X12Reference | undefined;
  readonly warnings: readonly InternalWarning[];
};

export function planIdentity(statusLoops: readonly BenefitLoop[], references: readonly X12Reference[], notes: string[]): PlanIdentity {
  const warnings: InternalWarning[] = [];
  const planDescriptions = [...new Set(statusLoops.map((loop) => loop.benefit.planDescription).filter((text) => text !== ''))];
  const groups = groupNumbers(references);
  const distinctGroups = [...new Set(groups.map((group) => group.value))];
  if (planDescriptions.length > 1 || distinctGroups.length > 1) {
    warnings.push('MULTIPLE_PLANS_FOUND');
    notes.push(`The 271 names several plans (${[...planDescriptions, ...distinctGroups].join(', ')}); the first one is mapped`);
  }
  const group = groups[0];
  if (group === undefined) warnings.push('GROUP_NUMBER_MISSING');
  return { planDescriptions, group, warnings };
}

function buildEntry(draft: EntryDraft): BenefitEntryV3 {
  const { target, values } = draft;
  const entry: BenefitEntryV3 = {
    category: target.category,
    ...(target.subcategory === undefined ? {} : { subcategory: target.subcategory }),
    ...(target.code === undefined ? {} : { code: target.code }),
    ...values,
  };
  const exceptions = Object.fromEntries(Object.entries(draft.exceptions).filter(([, value]) => value !== undefined));
  if (Object.keys(exceptions).length > 0) entry.exceptions = exceptions;
  const caveats = [...new Set(draft.caveats)];
  if (caveats.length > 0) entry.caveat = caveats.map((value) => ({ value, score: SCORE_STATED }));
  if (draft.mappingInfo.length > 0) entry.mappingInfo = draft.mappingInfo;
  return entry;
}

function payerPlanType(descriptions: readonly string[]): PlanV3['planMetadata'] {
  for (const description of descriptions) {
    if (/HIGH\s*OPTION/i.test(description)) return { payerSpecificPlanType: { matchedValue: 'highOption', originalValue: description } };
    if (/STANDARD/i.test(description)) return { payerSpecificPlanType: { matchedValue: 'standard', originalValue: description } };
  }
  return undefined;
}


/** What the plan is assembled from besides the draft. */
export type PlanFacts = {
  readonly source: Parsed271['source'];
  readonly identity: PlanIdentity;
  readonly benefitYear: { readonly benefitYear: Scored<BenefitYear>; readonly info: MappingInfoV3 } | undefined;
  /** The patient's benefit rows. */
  readonly benefitLoops: readonly BenefitLoop[];
  readonly outOfNetworkOnly: boolean;
  readonly today: Date;
};

function planDetails(draft: PlanDraft, facts: PlanFacts): PlanV3['details'] {
  const detailsMappingInfo: MappingInfoV3[] = facts.benefitYear === undefined ? [] : [facts.benefitYear.info];
  const benefitYear = facts.benefitYear?.benefitYear ?? scored<BenefitYear>(null, SCORE_INFERRED);
  const hasDentalRows = facts.benefitLoops.some(
    (loop) => loop.benefit.procedure !== undefined || loop.benefit.serviceTypes.some((type) => targetOfServiceType(type) !== undefined || type === '27' || type === '37'),
  );
  const participation: Scored<Participation> =
    draft.participation !== undefined
      ? scored(draft.participation)
      : facts.outOfNetworkOnly
        ? scored<Participation>('Out Of Network')
        : scored<Participation>('Not Sure', SCORE_INFERRED);
  return {
    benefitYear,
    planType: hasDentalRows ? scored('dental') : scored('unknown', SCORE_INFERRED),
    participation,
    initiationDate: scored(facts.today.toISOString()),
    ...(detailsMappingInfo.length + draft.patientMappingInfo.length === 0 ? {} : { mappingInfo: [...detailsMappingInfo, ...draft.patientMappingInfo] }),
  };
}

/** `localeCompare`'s order (the default locale), with one collator instead of one per comparison. */
const KEY_ORDER = new Intl.Collator().compare;
/** Every category and subcategory key's place in KEY_ORDER, worked out once. */
const NAMED_KEY_RANKS: ReadonlyMap<string, number> = new Map(
  [...CATEGORIES.map((name) => `${CATEGORY_KEY_PREFIX}${name}`), ...SUBCATEGORIES.map((name) => `${SUBCATEGORY_KEY_PREFIX}${name}`)]
    .sort(KEY_ORDER)
    .map((key, rank) => [key, rank]),
);
const CODE_KEY = /^ADA:D\d{4}$/;

/**
 * KEY_ORDER without the collator for the pairs whose order is known: two named keys by their rank, two codes
 * ('ADA:D' and four digits) by their characters, which is the collator's order too. The collator was most of
 * the cost of assembling the plan.
 */
function compareKeys(a: string, b: string): number {
  const rankA = NAMED_KEY_RANKS.get(a);
  const rankB = NAMED_KEY_RANKS.get(b);
  if (rankA !== undefined && rankB !== undefined) return rankA - rankB;
  if (rankA === undefined && rankB === undefined && CODE_KEY.test(a) && CODE_KEY.test(b)) return a < b ? -1 : a > b ? 1 : 0;
  return KEY_ORDER(a, b);
}

function planBenefits(draft: PlanDraft): PlanV3['benefits'] {
  const adaCodes: Record<string, BenefitEntryV3> = {};
  for (const [key, entryDraft] of [...draft.entries.entries()].sort(([a], [b]) => compareKeys(a, b))) {
    adaCodes[key] = buildEntry(entryDraft);
  }
  const deductible = {
    ...(draft.deductibleIndividual === undefined ? {} : { individual: draft.deductibleIndividual }),
    ...(draft.deductibleFamily === undefined ? {} : { family: draft.deductibleFamily }),
  };
  const age = Object.fromEntries(Object.entries(draft.age).filter(([, value]) => value !== undefined));
  return {
    ...(draft.missingToothClause === undefined ? {} : { missingToothClause: draft.missingToothClause }),
    ...(draft.annualMax === undefined ? {} : { annualMax: draft.annualMax }),
    ...(Object.keys(deductible).length === 0 ? {} : { deductible }),
    ...(Object.keys(age).length === 0 ? {} : { age }),
    adaCodes,
    ...(draft.benefitsMappingInfo.length === 0 ? {} : { mappingInfo: draft.benefitsMappingInfo }),
  };
}

/** The plan, scored 0 until the caller scores it; every key in the order the documents have always had. */
export function buildPlan(draft: PlanDraft, facts: PlanFacts): PlanV3 {
  const { group, planDescriptions } = facts.identity;
  const payerName = facts.source.name;
  const planCaveats: CaveatV3 = [...new Set(draft.planCaveats)].map((value) => ({ value, score: SCORE_STATED }));
  const metadata = payerPlanType(planDescriptions);
  const phone = facts.source.contacts.find((contact) => contact.qualifier === 'TE')?.value;
  return {
    score: 0,
    details: planDetails(draft, facts),
    payer: {
      id: payerName?.id ?? '',
      name: payerName?.last ?? '',
      ...(phone === undefined ? {} : { phoneNumber: phone }),
      typeOfVerification: 'clearinghouse',
    },
    sponsor: {
      sponsorName: scored<string>(null, SCORE_INFERRED),
      sponsorType: group === undefined ? scored(null, SCORE_INFERRED) : scored('Employer', SCORE_INFERRED),
      groupNumber: group === undefined ? scored<string>(null, SCORE_INFERRED) : scored(group.value),
      groupName: group === undefined || group.description === '' ? scored<string>(null, SCORE_INFERRED) : scored(group.description),
    },
    benefits: planBenefits(draft),
    ...(planDescriptions.length === 0 ? {} : { planNotes: `Plan: ${planDescriptions.join('; ')}` }),
    ...(metadata === undefined ? {} : { planMetadata: metadata }),
    ...(planCaveats.length === 0 ? {} : { caveat: planCaveats }),
    schemaVersion: 3,
  };
}

/** The patient: remaining amounts, effective date, the note, history, coverage status and plan end. */
export function buildPatient(draft: PlanDraft, { eligibilityBegin, planBegin, planEnd }: MemberDates, coverageStatus: CoverageStatus): PatientV3 {
  const effectiveDate = eligibilityBegin ?? planBegin;
  return {
    ...(draft.deductibleRemaining === undefined ? {} : { deductibleRemaining: draft.deductibleRemaining }),
    ...(draft.insuranceRemaining === undefined ? {} : { insuranceRemaining: draft.insuranceRemaining }),
    ...(effectiveDate === undefined ? {} : { effectiveDate: scored(effectiveDate, eligibilityBegin === undefined ? SCORE_INFERRED : SCORE_STATED) }),
    ...(draft.patientNotes.length === 0 ? {} : { note: [...new Set(draft.patientNotes)].join('\n') }),
    history: draft.history,
    historyStatus: draft.history.length > 0 ? 'Partial' : 'Unknown',
    ...(draft.unmappedHistory.length === 0 ? {} : { unmappedHistory: draft.unmappedHistory }),
    coverageStatus,
    planEndDate: planEnd ?? null,
  };
}

/** Throws when the mapping's own output breaks the document rules (validatePlan version 3, PatientV3). */
export function assertValidDocuments(plan: PlanV3, patient: PatientV3): void {
  const problems = documentProblems(plan, patient);
  // A mapping that breaks the document rules is a bug here, never a reason to hand out half a plan.
  if (problems.length > 0) throw new Error(`map271 built an invalid document: ${problems.join('; ')}`);
}
