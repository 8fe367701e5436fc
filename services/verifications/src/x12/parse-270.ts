/**
 * Strict reading of a 270 eligibility inquiry: what the sandbox clearinghouse (and any test) needs to answer
 * it. Throws `X12ParseError` for anything malformed.
 */
import { readInterchange, singleTransaction, type X12Interchange } from './envelope';
import { X12ParseError } from './errors';
import { HL_LEVELS, readHierarchy, type HlLevel } from './hierarchy';
import { readDate, readDemographics, readName, readReference, readTrace, type X12DateValue, type X12Demographics, type X12Name, type X12Reference, type X12Trace } from './readers';
import { components, element, tokenizeX12, type X12Delimiters } from './tokenizer';

export type InquiryMember = {
  readonly name: X12Name;
  readonly demographics: X12Demographics | undefined;
  readonly relationship: string | undefined;
  readonly traces: readonly X12Trace[];
  readonly dates: readonly X12DateValue[];
  /** EQ01 service types asked about. */
  readonly serviceTypes: readonly string[];
  /** EQ02 procedure codes asked about, without qualifier ('D0120'). */
  readonly procedureCodes: readonly string[];
};

export type Parsed270 = {
  readonly interchange: Omit<X12Interchange, 'groups'>;
  readonly delimiters: X12Delimiters;
  readonly transaction: { readonly controlNumber: string; readonly referenceId: string; readonly date: string };
  readonly payer: X12Name;
  readonly provider: X12Name & { readonly references: readonly X12Reference[] };
  readonly subscriber: InquiryMember;
  readonly dependent: InquiryMember | undefined;
};

const LEVEL_SEGMENTS = new Set(['NM1', 'REF', 'N3', 'N4', 'PRV', 'DMG', 'INS', 'HI', 'DTP', 'TRN', 'EQ', 'AMT', 'III']);

function single(levels: readonly HlLevel[], code: string, what: string, required: boolean): HlLevel | undefined {
  const found = levels.filter((level) => level.levelCode === code);
  if (found.length > 1) throw new X12ParseError('structure', `The 270 asks about more than one ${what}`, found[1]!.hl.index);
  if (found.length === 0 && required) throw new X12ParseError('structure', `The 270 has no ${what} loop`);
  return found[0];
}

function readLevel(level: HlLevel, delimiters: X12Delimiters, loop: string) {
  let name: X12Name | undefined;
  let demographics: X12Demographics | undefined;
  let relationship: string | undefined;
  const traces: X12Trace[] = [];
  const dates: X12DateValue[] = [];
  const references: X12Reference[] = [];
  const serviceTypes: string[] = [];
  const procedureCodes: string[] = [];
  for (const segment of level.segments) {
    if (!LEVEL_SEGMENTS.has(segment.tag)) {
      throw new X12ParseError('structure', `${segment.tag} is not part of loop ${loop} in a 270`, segment.index);
    }
    switch (segment.tag) {
      case 'NM1':
        if (name !== undefined) throw new X12ParseError('structure', `Loop ${loop} has two NM1 segments`, segment.index);
        name = readName(segment);
        break;
      case 'DMG':
        demographics = readDemographics(segment);
        break;
      case 'INS':
        relationship = element(segment, 2);
        break;
      case 'TRN':
        traces.push(readTrace(segment));
        break;
      case 'DTP':
        dates.push(readDate(segment));
        break;
      case 'REF':
        references.push(readReference(segment));
        break;
      case 'EQ': {
        if (element(segment, 1) !== '') serviceTypes.push(element(segment, 1));
        const [qualifier, code] = components(element(segment, 2), delimiters);
        if (qualifier !== undefined && code !== undefined && code !== '') procedureCodes.push(code);
        if (element(segment, 1) === '' && code === undefined) {
          throw new X12ParseError('segment', 'EQ asks for neither a service type nor a procedure', segment.index);
        }
        break;
      }
      default:
        break;
    }
  }
  if (name === undefined) throw new X12ParseError('structure', `Loop ${loop} has no NM1`, level.hl.index);
  return { name, demographics, relationship, traces, dates, references, serviceTypes, procedureCodes };
}

export function parse270(text: string): Parsed270 {
  const doc = tokenizeX12(text);
  const interchange = readInterchange(doc);
  const transaction = singleTransaction(interchange, '270');
  const bht = transaction.body[0]!;
  const levels = readHierarchy(transaction.body);
  const source = readLevel(single(levels, HL_LEVELS.source, 'payer (2000A)', true)!, doc.delimiters, '2100A');
  const receiver = readLevel(single(levels, HL_LEVELS.receiver, 'provider (2000B)', true)!, doc.delimiters, '2100B');
  const subscriberLevel = readLevel(single(levels, HL_LEVELS.subscriber, 'subscriber (2000C)', true)!, doc.delimiters, '2100C');
  const dependentLevelRaw = single(levels, HL_LEVELS.dependent, 'dependent (2000D)', false);
  const dependentLevel = dependentLevelRaw === undefined ? undefined : readLevel(dependentLevelRaw, doc.delimiters, '2100D');
  if (source.name.entityId !== 'PR') throw new X12ParseError('structure', 'NM101 of loop 2100A must be PR');
  if (subscriberLevel.name.entityId !== 'IL') throw new X12ParseError('structure', 'NM101 of loop 2100C must be IL');
  if (dependentLevel !== undefined && dependentLevel.name.entityId !== '03') {
    throw new X12ParseError('structure', 'NM101 of loop 2100D must be 03');
  }
  const patientLevel = dependentLevel ?? subscriberLevel;
  if (patientLevel.serviceTypes.length === 0 && patientLevel.procedureCodes.length === 0) {
    throw new X12ParseError('structure', 'The 270 asks nothing: no EQ in the patient loop');
  }
  const member = (level: typeof subscriberLevel): InquiryMember => ({
    name: level.name,
    demographics: level.demographics,
    relationship: level.relationship,
    traces: level.traces,
    dates: level.dates,
    serviceTypes: level.serviceTypes,
    procedureCodes: level.procedureCodes,
  });
  const { groups: _groups, ...envelope } = interchange;
  return {
    interchange: envelope,
    delimiters: doc.delimiters,
    transaction: { controlNumber: transaction.controlNumber, referenceId: element(bht, 3), date: element(bht, 4) },
    payer: source.name,
    provider: { ...receiver.name, references: receiver.references },
    subscriber: member(subscriberLevel),
    dependent: dependentLevel === undefined ? undefined : member(dependentLevel),
  };
}
