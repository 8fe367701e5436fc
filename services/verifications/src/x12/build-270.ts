/**
 * Builds the 270 eligibility inquiry (005010X279A1) for one patient at one dental payer: dental care (EQ*35)
 * plus, optionally, one EQ per procedure code the office wants answered specifically.
 */
import { randomInt } from 'node:crypto';
import { isKnownCode, normalizeCode, PatientInfoV3, stripCodePrefix } from '@dv/contracts';
import { X12BuildError } from './errors';
import { fromUsDate } from './readers';
import { INS_RELATIONSHIP_CODE, isSubscriber } from './relation';
import { DEFAULT_DELIMITERS, writeInterchange, x12Date, x12Text, type X12SegmentValues } from './writer';

export type Gender = 'M' | 'F' | 'U';

export type EligibilityInquiry = {
  /** Who is to be verified, as the office entered it (contracts PatientInfoV3: MM/DD/YYYY dates). */
  readonly patient: PatientInfoV3;
  readonly patientGender?: Gender;
  readonly subscriberGender?: Gender;
  readonly payer: { readonly id: string; readonly name: string };
  /** The office or dentist asking; the NPI is 10 digits. */
  readonly provider: { readonly npi: string; readonly name: string; readonly taxId?: string };
  /** The date of service asked about (written as its UTC day) and the interchange time. */
  readonly date: Date;
  /** Procedure codes ('D0120' or 'ADA:D0120') to ask about one by one, besides dental care. */
  readonly procedureCodes?: readonly string[];
  /** ISA13/IEA02 and GS06/GE02; a random one when omitted. Keep it to match the 271. */
  readonly controlNumber?: number;
  /** TRN02 of the patient's level, echoed by the payer in its 271; defaults to the control number. */
  readonly traceNumber?: string;
  /** ISA06/GS02: the submitter id the clearinghouse assigned; defaults to the NPI. */
  readonly submitterId?: string;
  /** ISA08/GS03; defaults to the payer id. */
  readonly receiverId?: string;
  readonly usage?: 'P' | 'T';
};

/** EQ01 dental care. */
export const DENTAL_CARE_SERVICE_TYPE = '35';

function text(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const cleaned = x12Text(value, DEFAULT_DELIMITERS);
  return cleaned === '' ? undefined : cleaned;
}

function problemsOf(inquiry: EligibilityInquiry): string[] {
  const problems: string[] = [];
  const patient = PatientInfoV3.safeParse(inquiry.patient);
  if (!patient.success) {
    for (const issue of patient.error.issues) problems.push(`patient.${issue.path.join('.')}: ${issue.message}`);
  }
  if (!/^\d{10}$/.test(inquiry.provider.npi)) problems.push('provider.npi: must be 10 digits');
  if (text(inquiry.provider.name) === undefined) problems.push('provider.name: is required');
  if (inquiry.provider.taxId !== undefined && !/^\d{9}$/.test(inquiry.provider.taxId.replace(/-/g, ''))) {
    problems.push('provider.taxId: must be 9 digits');
  }
  if (!/^[A-Za-z0-9]{1,80}$/.test(inquiry.payer.id)) problems.push('payer.id: must be letters and digits');
  if (text(inquiry.payer.name) === undefined) problems.push('payer.name: is required');
  if (Number.isNaN(inquiry.date.getTime())) problems.push('date: is not a date');
  if (patient.success) {
    const memberId = inquiry.patient.subscriberMemberId ?? inquiry.patient.patientMemberId;
    if (text(memberId) === undefined) problems.push('patient.patientMemberId: is required');
    if (text(inquiry.patient.patientLastName) === undefined) problems.push('patient.patientLastName: is required');
  }
  for (const code of inquiry.procedureCodes ?? []) {
    if (!isKnownCode(code)) problems.push(`procedureCodes: ${JSON.stringify(code)} is not a known procedure code`);
  }
  return problems;
}

function inquiries(codes: readonly string[] | undefined): X12SegmentValues[] {
  const unique = [...new Set((codes ?? []).map((code) => stripCodePrefix(normalizeCode(code))))];
  return [['EQ', DENTAL_CARE_SERVICE_TYPE], ...unique.map((code): X12SegmentValues => ['EQ', undefined, { components: ['AD', code] }])];
}

/** The 270 as X12 text ('~' terminators, '*' elements, ':' components, '^' repetitions). */
export function build270(inquiry: EligibilityInquiry): string {
  const problems = problemsOf(inquiry);
  if (problems.length > 0) throw new X12BuildError('The eligibility inquiry cannot be sent', problems);
  const { patient, provider, payer, date } = inquiry;
  const controlNumber = inquiry.controlNumber ?? randomInt(1, 1_000_000_000);
  const trace = text(inquiry.traceNumber) ?? String(controlNumber);
  const taxId = provider.taxId?.replace(/-/g, '');
  const originator = taxId === undefined ? `9${provider.npi.slice(1)}` : `1${taxId}`;
  const serviceDate = x12Date(date);
  const patientIsSubscriber = isSubscriber(patient.patientRelationToSubscriber);
  const memberId = text(patient.subscriberMemberId) ?? text(patient.patientMemberId)!;

  const body: X12SegmentValues[] = [
    ['BHT', '0022', '13', trace, serviceDate, `${String(date.getUTCHours()).padStart(2, '0')}${String(date.getUTCMinutes()).padStart(2, '0')}`],
    ['HL', 1, undefined, 20, 1],
    ['NM1', 'PR', 2, text(payer.name), undefined, undefined, undefined, undefined, 'PI', payer.id],
    ['HL', 2, 1, 21, 1],
    ['NM1', '1P', 2, text(provider.name), undefined, undefined, undefined, undefined, 'XX', provider.npi],
    ...(taxId === undefined ? [] : [['REF', 'TJ', taxId] as X12SegmentValues]),
    ['HL', 3, 2, 22, patientIsSubscriber ? 0 : 1],
  ];
  const traceSegment: X12SegmentValues = ['TRN', 1, trace, originator];
  const serviceDateSegment: X12SegmentValues = ['DTP', '291', 'D8', serviceDate];

  if (patientIsSubscriber) {
    body.push(
      traceSegment,
      ['NM1', 'IL', 1, text(patient.patientLastName), text(patient.patientFirstName), undefined, undefined, undefined, 'MI', memberId],
      ['DMG', 'D8', fromUsDate(patient.patientDOB), inquiry.patientGender],
      serviceDateSegment,
      ...inquiries(inquiry.procedureCodes),
    );
  } else {
    const subscriberDob = patient.subscriberDOB;
    body.push(
      ['NM1', 'IL', 1, text(patient.subscriberLastName), text(patient.subscriberFirstName), undefined, undefined, undefined, 'MI', memberId],
      ...(subscriberDob === undefined ? [] : [['DMG', 'D8', fromUsDate(subscriberDob), inquiry.subscriberGender] as X12SegmentValues]),
      ['HL', 4, 3, 23, 0],
      traceSegment,
      ['NM1', '03', 1, text(patient.patientLastName), text(patient.patientFirstName)],
      ['DMG', 'D8', fromUsDate(patient.patientDOB), inquiry.patientGender],
      ['INS', 'N', INS_RELATIONSHIP_CODE[patient.patientRelationToSubscriber as keyof typeof INS_RELATIONSHIP_CODE]],
      serviceDateSegment,
      ...inquiries(inquiry.procedureCodes),
    );
  }
  return writeInterchange(
    {
      sender: { id: text(inquiry.submitterId) ?? provider.npi },
      receiver: { id: text(inquiry.receiverId) ?? payer.id },
      date,
      controlNumber,
      functionalId: 'HS',
      setId: '270',
      usage: inquiry.usage ?? 'P',
    },
    body,
  );
}
