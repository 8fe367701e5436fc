/**
 * Reading of a 271 eligibility answer (005010X279A1) into typed loops. It checks the envelope, the HL hierarchy
 * and the loop contents, and either returns the whole answer or throws `X12ParseError`: a caller never sees half
 * an answer. Strict about meaning, liberal about form: the deviations whose meaning is not in doubt (README
 * "Tolerated deviations") are read and listed in `deviations`. Interpreting the benefits is `map271`'s job.
 */
import { fixForm, deviationNote, type X12Deviation } from './deviations';
import { singleTransaction, readInterchange, type X12Interchange } from './envelope';
import { X12ParseError } from './errors';
import { HL_LEVELS, readHierarchy, type HlLevel } from './hierarchy';
import {
  readDate,
  readDecimal,
  readDemographics,
  readName,
  readReference,
  readReject,
  readTrace,
  type X12Address,
  type X12DateValue,
  type X12Demographics,
  type X12Name,
  type X12Reference,
  type X12Reject,
  type X12Trace,
} from './readers';
import { components, element, repetitions, tokenizeX12, type X12Delimiters, type X12Document, type X12Segment } from './tokenizer';

/** An EB segment with its elements named (5010 element numbers in the comments). */
export type EligibilityBenefit = {
  /** EB01 eligibility or benefit information: 1 active, 6 inactive, A co-insurance, C deductible, F limitations... */
  readonly info: string;
  /** EB02 coverage level: IND, FAM, CHD, DEP, EMP, ESP, ... */
  readonly coverageLevel: string;
  /** EB03 service type codes (repeatable): 35 dental care, 23 diagnostic dental, 41 routine preventive, ... */
  readonly serviceTypes: readonly string[];
  /** EB04 insurance type: PR PPO, HM HMO, ... */
  readonly insuranceType: string;
  /** EB05 plan coverage description (the plan's name). */
  readonly planDescription: string;
  /** EB06 time period qualifier: 23 calendar year, 29 remaining, 32 lifetime, ... */
  readonly period: string;
  /** EB07 monetary amount. */
  readonly amount: number | undefined;
  /** EB08 percent as a decimal fraction (0.2 = 20 %). */
  readonly percent: number | undefined;
  /** EB09 quantity qualifier: S7 age high value, S8 age low value, VS visits, ... */
  readonly quantityQualifier: string;
  /** EB10 quantity. */
  readonly quantity: number | undefined;
  /** EB12 in plan network: Y in network, N out of network, W both, U unknown. */
  readonly network: string;
  /** EB13 composite procedure: qualifier AD (ADA codes) and the code. */
  readonly procedure: { readonly qualifier: string; readonly code: string } | undefined;
  readonly segmentIndex: number;
};

/** HSD health care services delivery: `quantity` per `periods` of `periodQualifier`. */
export type ServiceDelivery = {
  /** HSD01: VS visits, FL units, ... */
  readonly quantityQualifier: string;
  /** HSD02. */
  readonly quantity: number | undefined;
  /** HSD03 unit or basis for measurement (DA days, MO months, WK weeks, YR years). */
  readonly unit: string;
  /** HSD04 sample selection modulus. */
  readonly modulus: number | undefined;
  /** HSD05 time period qualifier: 7 day, 21 years, 22 service year, 23 calendar year, 34 month, 35 week, ... */
  readonly periodQualifier: string;
  /** HSD06 number of periods. */
  readonly periods: number | undefined;
  readonly segmentIndex: number;
};

/** Loop 2110C/2110D: one EB and what follows it. */
export type BenefitLoop = {
  readonly benefit: EligibilityBenefit;
  readonly deliveries: readonly ServiceDelivery[];
  readonly references: readonly X12Reference[];
  readonly dates: readonly X12DateValue[];
  readonly rejections: readonly X12Reject[];
  /** MSG01 texts, in order. */
  readonly messages: readonly string[];
  /** Loop 2120C/2120D (LS...LE): benefit related entities such as another payer or a provider. */
  readonly relatedEntities: readonly X12Name[];
};

/** Loop 2000C/2100C (subscriber) or 2000D/2100D (dependent). */
export type MemberLoop = {
  readonly loop: '2100C' | '2100D';
  readonly name: X12Name;
  readonly traces: readonly X12Trace[];
  readonly references: readonly X12Reference[];
  readonly address: X12Address | undefined;
  readonly demographics: X12Demographics | undefined;
  /** INS02 individual relationship code (18 self, 01 spouse, 19 child, 34 other adult). */
  readonly relationship: string | undefined;
  readonly dates: readonly X12DateValue[];
  readonly rejections: readonly X12Reject[];
  readonly benefits: readonly BenefitLoop[];
};

export type PartyLoop = {
  readonly name: X12Name | undefined;
  readonly rejections: readonly X12Reject[];
  /** PER communication numbers by qualifier (TE telephone, UR web address, ...). */
  readonly contacts: readonly { readonly qualifier: string; readonly value: string }[];
};

export type X12RejectLoop = '2000A' | '2100A' | '2000B' | '2100B' | '2100C' | '2100D';

export type Parsed271 = {
  readonly interchange: Omit<X12Interchange, 'groups'>;
  readonly delimiters: X12Delimiters;
  readonly transaction: { readonly controlNumber: string; readonly referenceId: string; readonly date: string };
  /** 2000A/2100A: the payer. */
  readonly source: PartyLoop & { readonly levelRejections: readonly X12Reject[] };
  /** 2000B/2100B: the provider who asked; absent when the payer rejected the request at 2000A. */
  readonly receiver: PartyLoop | undefined;
  readonly subscriber: MemberLoop | undefined;
  readonly dependent: MemberLoop | undefined;
  /** Every AAA of 2000A, 2100A, 2000B, 2100B, 2100C, 2100D in order: any of them means no benefits were given. */
  readonly rejections: readonly (X12Reject & { readonly loop: X12RejectLoop })[];
  /** What deviated from the guide and was read anyway; each is a mapping note. */
  readonly deviations: readonly X12Deviation[];
  /** The segments as read (fixes of form applied), for reading the answer again without some of them. */
  readonly document: X12Document;
};

const MEMBER_SEGMENTS = new Set(['TRN', 'NM1', 'REF', 'N3', 'N4', 'PER', 'AAA', 'PRV', 'DMG', 'INS', 'HI', 'DTP', 'MPI']);
const BENEFIT_SEGMENTS = new Set(['HSD', 'REF', 'DTP', 'AAA', 'VEP', 'MSG', 'III', 'LS']);
const RELATED_ENTITY_SEGMENTS = new Set(['NM1', 'N3', 'N4', 'PER', 'PRV']);
const PARTY_SEGMENTS = new Set(['NM1', 'AAA', 'PER', 'PRV', 'REF', 'N3', 'N4', 'TRN']);

function unexpected(segment: X12Segment, where: string): never {
  throw new X12ParseError('structure', `${segment.tag} is not part of ${where} in a 271`, segment.index);
}

function readBenefit(segment: X12Segment, delimiters: X12Delimiters): EligibilityBenefit {
  const info = element(segment, 1);
  if (info === '') throw new X12ParseError('segment', 'EB01 (eligibility or benefit information) is missing', segment.index);
  const [qualifier, code] = components(element(segment, 13), delimiters);
  return {
    info,
    coverageLevel: element(segment, 2),
    serviceTypes: repetitions(element(segment, 3), delimiters),
    insuranceType: element(segment, 4),
    planDescription: element(segment, 5),
    period: element(segment, 6),
    amount: readDecimal(segment, 7),
    percent: readDecimal(segment, 8),
    quantityQualifier: element(segment, 9),
    quantity: readDecimal(segment, 10),
    network: element(segment, 12),
    procedure: qualifier === undefined ? undefined : { qualifier, code: code ?? '' },
    segmentIndex: segment.index,
  };
}

function readDelivery(segment: X12Segment): ServiceDelivery {
  return {
    quantityQualifier: element(segment, 1),
    quantity: readDecimal(segment, 2),
    unit: element(segment, 3),
    modulus: readDecimal(segment, 4),
    periodQualifier: element(segment, 5),
    periods: readDecimal(segment, 6),
    segmentIndex: segment.index,
  };
}

type MutableBenefitLoop = {
  benefit: EligibilityBenefit;
  deliveries: ServiceDelivery[];
  references: X12Reference[];
  dates: X12DateValue[];
  rejections: X12Reject[];
  messages: string[];
  relatedEntities: X12Name[];
};

/** The segments after an EB up to the next EB: HSD, REF, DTP, AAA, MSG, III and 2120 (LS ... LE) loops. */
function readBenefitLoops(segments: readonly X12Segment[], delimiters: X12Delimiters, loop: string): BenefitLoop[] {
  const loops: MutableBenefitLoop[] = [];
  let inRelatedEntity = false;
  for (const segment of segments) {
    const current = loops[loops.length - 1];
    if (inRelatedEntity) {
      if (segment.tag === 'LE') inRelatedEntity = false;
      else if (segment.tag === 'NM1') current!.relatedEntities.push(readName(segment));
      else if (!RELATED_ENTITY_SEGMENTS.has(segment.tag)) unexpected(segment, `loop ${loop.replace('2110', '2120')}`);
      continue;
    }
    if (segment.tag === 'EB') {
      loops.push({
        benefit: readBenefit(segment, delimiters),
        deliveries: [],
        references: [],
        dates: [],
        rejections: [],
        messages: [],
        relatedEntities: [],
      });
      continue;
    }
    if (current === undefined || !BENEFIT_SEGMENTS.has(segment.tag)) unexpected(segment, `loop ${loop}`);
    switch (segment.tag) {
      case 'HSD':
        current.deliveries.push(readDelivery(segment));
        break;
      case 'REF':
        current.references.push(readReference(segment));
        break;
      case 'DTP':
        current.dates.push(readDate(segment));
        break;
      case 'AAA':
        current.rejections.push(readReject(segment));
        break;
      case 'MSG':
        current.messages.push(element(segment, 1));
        break;
      case 'LS':
        inRelatedEntity = true;
        break;
      default:
        // VEP and III carry nothing a dental plan uses.
        break;
    }
  }
  if (inRelatedEntity) throw new X12ParseError('structure', `Loop ${loop.replace('2110', '2120')} has LS without LE`);
  return loops;
}

/**
 * NM101 IL (insured) in 2100D: the HL level (23) already says the loop is the dependent's, so whose benefits they
 * are is not in doubt; the dependent's values are scored lower. Any other mismatch is refused.
 */
function checkEntity(name: X12Name, nameSegment: X12Segment, level: HlLevel, loop: '2100C' | '2100D', deviations: X12Deviation[]): void {
  const expected = loop === '2100C' ? 'IL' : '03';
  if (name.entityId === expected) return;
  if (loop === '2100D' && name.entityId === 'IL') {
    const note = 'NM101 of loop 2100D is "IL" (insured) instead of "03" (dependent); read as the dependent, since its HL is level 23';
    deviations.push({ kind: 'dependent-entity', segmentIndex: nameSegment.index, note: deviationNote(note, nameSegment.index), doubts: [level.hl.index] });
    return;
  }
  throw new X12ParseError('structure', `NM101 of loop ${loop} must be ${expected}, found ${JSON.stringify(name.entityId)}`, nameSegment.index);
}

function readMember(level: HlLevel, loop: '2100C' | '2100D', delimiters: X12Delimiters, deviations: X12Deviation[]): MemberLoop {
  const firstBenefit = level.segments.findIndex((segment) => segment.tag === 'EB');
  const header = firstBenefit === -1 ? level.segments : level.segments.slice(0, firstBenefit);
  const traces: X12Trace[] = [];
  const references: X12Reference[] = [];
  const dates: X12DateValue[] = [];
  const rejections: X12Reject[] = [];
  let name: X12Name | undefined;
  let nameSegment: X12Segment | undefined;
  let demographics: X12Demographics | undefined;
  let relationship: string | undefined;
  let addressLines: string[] = [];
  let cityStateZip: X12Segment | undefined;
  for (const segment of header) {
    if (!MEMBER_SEGMENTS.has(segment.tag)) unexpected(segment, `loop ${loop}`);
    switch (segment.tag) {
      case 'TRN':
        traces.push(readTrace(segment));
        break;
      case 'NM1':
        if (name !== undefined) throw new X12ParseError('structure', `Loop ${loop} has two NM1 segments`, segment.index);
        name = readName(segment);
        nameSegment = segment;
        break;
      case 'REF':
        references.push(readReference(segment));
        break;
      case 'N3':
        addressLines = [element(segment, 1), element(segment, 2)].filter((line) => line !== '');
        break;
      case 'N4':
        cityStateZip = segment;
        break;
      case 'DMG':
        demographics = readDemographics(segment);
        break;
      case 'INS':
        relationship = element(segment, 2);
        break;
      case 'DTP':
        dates.push(readDate(segment));
        break;
      case 'AAA':
        rejections.push(readReject(segment));
        break;
      default:
        // PER, PRV, HI and MPI carry nothing a dental plan uses.
        break;
    }
  }
  if (name === undefined || nameSegment === undefined) {
    throw new X12ParseError('structure', `Loop ${loop} (${loop === '2100C' ? 'subscriber' : 'dependent'} name, NM1) is missing`, level.hl.index);
  }
  checkEntity(name, nameSegment, level, loop, deviations);
  return {
    loop,
    name,
    traces,
    references,
    address:
      addressLines.length === 0 && cityStateZip === undefined
        ? undefined
        : {
            lines: addressLines,
            city: cityStateZip === undefined ? '' : element(cityStateZip, 1),
            state: cityStateZip === undefined ? '' : element(cityStateZip, 2),
            zip: cityStateZip === undefined ? '' : element(cityStateZip, 3),
          },
    demographics,
    relationship,
    dates,
    rejections,
    benefits: firstBenefit === -1 ? [] : readBenefitLoops(level.segments.slice(firstBenefit), delimiters, loop.replace('2100', '2110')),
  };
}

/** 2000A/2100A or 2000B/2100B: AAA before the NM1 belongs to the HL level, after it to the name loop. */
function readParty(level: HlLevel, where: string): PartyLoop & { levelRejections: X12Reject[] } {
  let name: X12Name | undefined;
  const rejections: X12Reject[] = [];
  const levelRejections: X12Reject[] = [];
  const contacts: { qualifier: string; value: string }[] = [];
  for (const segment of level.segments) {
    if (!PARTY_SEGMENTS.has(segment.tag)) unexpected(segment, where);
    if (segment.tag === 'NM1') {
      if (name !== undefined) throw new X12ParseError('structure', `${where} has two NM1 segments`, segment.index);
      name = readName(segment);
    } else if (segment.tag === 'AAA') {
      (name === undefined ? levelRejections : rejections).push(readReject(segment));
    } else if (segment.tag === 'PER') {
      for (const n of [3, 5, 7]) {
        const qualifier = element(segment, n);
        if (qualifier !== '') contacts.push({ qualifier, value: element(segment, n + 1) });
      }
    }
  }
  return { name, rejections, levelRejections, contacts };
}

function onlyLevel(levels: readonly HlLevel[], code: string, what: string): HlLevel | undefined {
  const found = levels.filter((level) => level.levelCode === code);
  if (found.length > 1) {
    throw new X12ParseError('structure', `The 271 answers for more than one ${what}; one inquiry per interchange is read`, found[1]!.hl.index);
  }
  return found[0];
}

/** Parses a 271. Throws `X12ParseError` for anything that cannot be read unambiguously. */
export function parse271(text: string): Parsed271 {
  return parse271Document(tokenizeX12(text));
}

/** Parses a tokenized 271 (deviation-scores.ts reads one again without the segments a deviation puts in doubt). */
export function parse271Document(tokens: X12Document): Parsed271 {
  const { document: doc, deviations } = fixForm(tokens);
  const interchange = readInterchange(doc, deviations);
  const transaction = singleTransaction(interchange, '271');
  const bht = transaction.body[0]!;
  const levels = readHierarchy(transaction.body);

  const sourceLevel = onlyLevel(levels, HL_LEVELS.source, 'payer');
  if (sourceLevel === undefined) throw new X12ParseError('structure', 'Loop 2000A (information source, HL*20) is missing');
  const source = readParty(sourceLevel, 'loop 2000A/2100A');
  const receiverLevel = onlyLevel(levels, HL_LEVELS.receiver, 'provider');
  const receiver = receiverLevel === undefined ? undefined : readParty(receiverLevel, 'loop 2000B/2100B');
  const subscriberLevel = onlyLevel(levels, HL_LEVELS.subscriber, 'subscriber');
  const dependentLevel = onlyLevel(levels, HL_LEVELS.dependent, 'dependent');
  const subscriber = subscriberLevel === undefined ? undefined : readMember(subscriberLevel, '2100C', doc.delimiters, deviations);
  const dependent = dependentLevel === undefined ? undefined : readMember(dependentLevel, '2100D', doc.delimiters, deviations);

  const rejections = [
    ...source.levelRejections.map((reject) => ({ ...reject, loop: '2000A' as const })),
    ...source.rejections.map((reject) => ({ ...reject, loop: '2100A' as const })),
    ...(receiver?.levelRejections ?? []).map((reject) => ({ ...reject, loop: '2000B' as const })),
    ...(receiver?.rejections ?? []).map((reject) => ({ ...reject, loop: '2100B' as const })),
    ...(subscriber?.rejections ?? []).map((reject) => ({ ...reject, loop: '2100C' as const })),
    ...(dependent?.rejections ?? []).map((reject) => ({ ...reject, loop: '2100D' as const })),
  ];
  if (source.name === undefined && source.levelRejections.length === 0) {
    throw new X12ParseError('structure', 'Loop 2100A (payer name, NM1*PR) is missing', sourceLevel.hl.index);
  }
  const rejectedAbove = rejections.some((reject) => reject.loop !== '2100C' && reject.loop !== '2100D');
  if (subscriber === undefined && !rejectedAbove) {
    throw new X12ParseError('structure', 'Loop 2100C (subscriber) is missing and no AAA says why');
  }

  // Named, not `{ groups, ...envelope }`: an object rest is copied by the runtime, slowly, on every 271.
  const { delimiters, sender, receiver: interchangeReceiver, date, time, controlNumber, usage } = interchange;
  return {
    interchange: { delimiters, sender, receiver: interchangeReceiver, date, time, controlNumber, usage },
    delimiters: doc.delimiters,
    transaction: { controlNumber: transaction.controlNumber, referenceId: element(bht, 3), date: element(bht, 4) },
    source: { name: source.name, rejections: source.rejections, contacts: source.contacts, levelRejections: source.levelRejections },
    receiver: receiver === undefined ? undefined : { name: receiver.name, rejections: receiver.rejections, contacts: receiver.contacts },
    subscriber,
    dependent,
    rejections,
    deviations,
    document: doc,
  };
}
