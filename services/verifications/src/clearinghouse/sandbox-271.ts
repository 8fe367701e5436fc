/**
 * The sandbox's answer to a 270: a real 271 text, chosen deterministically from the member table and the plan
 * library, written with the delimiters the carrier's style uses (some carriers send '|' elements, '>'
 * components or one segment per line with a newline terminator).
 */
import { ownValue, utcDayOf, writeUsDate } from '@dv/contracts';
import { type Parsed270, type InquiryMember } from '../x12/parse-270';
import { dateRange, fromUsDate } from '../x12/readers';
import { INS_RELATIONSHIP_CODE } from '../x12/relation';
import { eb } from '../x12/segments-271';
import { type X12Delimiters } from '../x12/tokenizer';
import { DEFAULT_DELIMITERS, writeInterchange, x12Date, x12Text, type X12SegmentValues } from '../x12/writer';
import { carrierByPayerId } from './carriers';
import { CLAIM_CYCLE, NOT_FOUND_PREFIX, sandboxMember, UNAVAILABLE_PREFIX, type SandboxMember, type SandboxPerson } from './sandbox-members';
import { ST, type PlanContext } from './sandbox-plan-rows';
import { sandboxPlan, type SandboxPlan } from './sandbox-plans';

type Style = { readonly delimiters: X12Delimiters; readonly lineBreaks: boolean };

const PRETTY: Style = { delimiters: DEFAULT_DELIMITERS, lineBreaks: true };
/** How each carrier writes its 271 in the sandbox; others use PRETTY. */
const CARRIER_STYLES: Readonly<Record<string, Style>> = {
  '64246': { delimiters: { element: '|', component: '>', repetition: '^', segment: '~' }, lineBreaks: false },
  '62308': { delimiters: DEFAULT_DELIMITERS, lineBreaks: false },
  '70408': { delimiters: { element: '*', component: ':', repetition: '^', segment: '\n' }, lineBreaks: false },
  '52133': { delimiters: { element: '*', component: '>', repetition: '^', segment: '~' }, lineBreaks: true },
};

/** Fictional provider-services number (555-01xx numbers are reserved for fiction). */
const PROVIDER_SERVICES_PHONE = '8005550199';
const MEMBER_ID = /^[A-Z0-9]{5,20}$/;

type Rejection = { readonly loop: '2100A' | '2100C' | '2100D'; readonly code: string; readonly valid: boolean };

function fromX12Date(ccyymmdd: string): Date | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(ccyymmdd);
  if (match === null) return undefined;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** The date of service asked about: DTP*291 of the patient's loop, else BHT04, else now. */
function serviceDate(inquiry: Parsed270, now: Date): Date {
  const patient = inquiry.dependent ?? inquiry.subscriber;
  const asked = patient.dates.find((date) => date.qualifier === '291');
  return (
    (asked === undefined ? undefined : fromX12Date(dateRange(asked).start)) ?? fromX12Date(inquiry.transaction.date) ?? now
  );
}

function planContext(day: Date, invert: boolean): PlanContext {
  const shifted = (days: number): Date => new Date(day.getTime() - days * 86_400_000);
  return {
    daysAgo: (days) => x12Date(shifted(days)),
    usDaysAgo: (days) => writeUsDate(utcDayOf(shifted(days))),
    share: (level) => Math.round((invert ? level : 100 - level)) / 100,
  };
}

function benefitYearStart(day: Date, startMonth: number): string {
  const year = day.getUTCMonth() + 1 >= startMonth ? day.getUTCFullYear() : day.getUTCFullYear() - 1;
  return `${year}${String(startMonth).padStart(2, '0')}01`;
}

const sameText = (a: string, b: string): boolean =>
  x12Text(a).replace(/[^A-Z0-9]/g, '') === x12Text(b).replace(/[^A-Z0-9]/g, '');

/** Which rejection, if any, the inquiry earns (see SANDBOX_REJECTION_RULES). */
function rejectionOf(inquiry: Parsed270, member: SandboxMember | undefined, memberId: string): Rejection | undefined {
  if (carrierByPayerId(inquiry.payer.id) === undefined) return { loop: '2100A', code: '79', valid: false };
  if (memberId.startsWith(UNAVAILABLE_PREFIX)) return { loop: '2100A', code: '42', valid: true };
  if (!MEMBER_ID.test(memberId)) return { loop: '2100C', code: '72', valid: true };
  if (member === undefined || memberId.startsWith(NOT_FOUND_PREFIX) || member.payerId !== inquiry.payer.id) {
    return { loop: '2100C', code: '75', valid: true };
  }
  const subscriberDob = inquiry.subscriber.demographics?.dob;
  if (subscriberDob === undefined && inquiry.dependent === undefined) return { loop: '2100C', code: '58', valid: false };
  if (subscriberDob !== undefined && subscriberDob !== fromUsDate(member.subscriber.dob)) return { loop: '2100C', code: '71', valid: true };
  const lastName = inquiry.subscriber.name.last;
  if (lastName !== '' && !sameText(lastName, member.subscriber.lastName)) return { loop: '2100C', code: '73', valid: true };
  if (inquiry.dependent !== undefined) {
    const dependent = inquiry.dependent;
    const byName = member.dependents.filter((person) => sameText(person.firstName, dependent.name.first));
    if (byName.length === 0) return { loop: '2100D', code: '67', valid: true };
    const dob = dependent.demographics?.dob;
    if (dob === undefined || !byName.some((person) => fromUsDate(person.dob) === dob)) return { loop: '2100D', code: '71', valid: true };
  }
  return undefined;
}

function findDependent(member: SandboxMember, asked: InquiryMember) {
  return member.dependents.find(
    (person) => sameText(person.firstName, asked.name.first) && fromUsDate(person.dob) === asked.demographics?.dob,
  );
}

function traceOf(member: InquiryMember): X12SegmentValues[] {
  return member.traces.map((trace) => ['TRN', '2', trace.number, trace.originator] as X12SegmentValues);
}

function personName(entity: 'IL' | '03', person: { last: string; first: string }, memberId?: string): X12SegmentValues {
  return ['NM1', entity, 1, x12Text(person.last), x12Text(person.first), undefined, undefined, undefined, memberId === undefined ? undefined : 'MI', memberId];
}

function demographics(person: SandboxPerson): X12SegmentValues {
  return ['DMG', 'D8', fromUsDate(person.dob), person.gender];
}

/** What the sandbox knows of the inquiries before this one (sandbox.ts counts them per member). */
export type AnswerOptions = { readonly earlierInquiries?: number };

type Used = { readonly maximum: number; readonly deductible: number };

/** What a member with claims between inquiries has used since the first inquiry; none for the others. */
function usedSoFar(member: SandboxMember, earlierInquiries: number): Used | undefined {
  const claims = member.claimsBetweenInquiries;
  if (claims === undefined) return undefined;
  const paid = earlierInquiries % CLAIM_CYCLE;
  return { maximum: claims.maximum * paid, deductible: claims.deductible * paid };
}

/** The remaining rows (EB06 29) of maximums (EB01 F) and deductibles (EB01 C), less what the claims used. */
function afterClaims(rows: X12SegmentValues[], used: Used | undefined): X12SegmentValues[] {
  if (used === undefined) return rows;
  return rows.map((row) => {
    const amount = row[7];
    if (row[0] !== 'EB' || row[6] !== '29' || typeof amount !== 'number') return row;
    const less = row[1] === 'F' ? used.maximum : row[1] === 'C' ? used.deductible : 0;
    if (less === 0) return row;
    const [id, ...elements] = row;
    elements[6] = Math.max(0, amount - less); // EB07, the amount
    return [id, ...elements];
  });
}

function statusRows(plan: SandboxPlan, ctx: PlanContext, used?: Used): X12SegmentValues[] {
  const active = plan.coverage === 'active';
  const rows: X12SegmentValues[] = [
    eb({ info: active ? '1' : '6', serviceTypes: [ST.dental], insuranceType: plan.insuranceType, plan: plan.description }),
  ];
  for (const other of plan.otherPlans ?? []) {
    rows.push(eb({ info: '1', serviceTypes: [ST.dental], insuranceType: plan.insuranceType, plan: other.description }), ['REF', '6P', other.group]);
  }
  return [...rows, ...afterClaims(plan.benefits(ctx), used)];
}

/** Builds the 271 body (BHT to the last benefit) answering the inquiry. */
function answerBody(inquiry: Parsed270, now: Date, { earlierInquiries = 0 }: AnswerOptions): X12SegmentValues[] {
  const day = serviceDate(inquiry, now);
  const memberId = x12Text(inquiry.subscriber.name.id);
  const member = sandboxMember(memberId);
  const rejection = rejectionOf(inquiry, member, memberId);
  const carrier = carrierByPayerId(inquiry.payer.id);
  const payerName = carrier === undefined ? x12Text(inquiry.payer.last) : x12Text(carrier.name);
  const header: X12SegmentValues[] = [['BHT', '0022', '11', inquiry.transaction.referenceId, x12Date(now), '1200']];
  const payerLoop: X12SegmentValues[] = [
    ['NM1', 'PR', 2, payerName, undefined, undefined, undefined, undefined, 'PI', inquiry.payer.id],
    ['PER', 'IC', 'PROVIDER SERVICES', 'TE', PROVIDER_SERVICES_PHONE],
  ];
  if (rejection?.loop === '2100A') {
    return [...header, ['HL', 1, undefined, 20, 0], ...payerLoop, ['AAA', rejection.valid ? 'Y' : 'N', undefined, rejection.code, rejection.code === '42' ? 'R' : 'C']];
  }
  const provider = inquiry.provider;
  const dependentAsked = inquiry.dependent;
  const body: X12SegmentValues[] = [
    ...header,
    ['HL', 1, undefined, 20, 1],
    ...payerLoop,
    ['HL', 2, 1, 21, 1],
    ['NM1', '1P', provider.entityType || '2', provider.last, provider.first || undefined, undefined, undefined, undefined, provider.idQualifier, provider.id],
    ['HL', 3, 2, 22, dependentAsked === undefined ? 0 : 1],
    ...(dependentAsked === undefined ? traceOf(inquiry.subscriber) : []),
  ];
  const reject = (code: string, valid: boolean): X12SegmentValues => ['AAA', valid ? 'Y' : 'N', undefined, code, 'C'];
  if (rejection?.loop === '2100C' || member === undefined) {
    body.push(personName('IL', inquiry.subscriber.name, inquiry.subscriber.name.id), reject(rejection?.code ?? '75', rejection?.valid ?? true));
    if (dependentAsked !== undefined) body.push(['HL', 4, 3, 23, 0], ...traceOf(dependentAsked), personName('03', dependentAsked.name));
    return body;
  }
  const plan = sandboxPlan(member.planId);
  if (plan === undefined) throw new Error(`Sandbox member ${member.memberId} names unknown plan ${member.planId}`);
  const start = benefitYearStart(day, plan.benefitYearStartMonth);
  const memberDates: X12SegmentValues[] = [
    ['DTP', '346', 'D8', start],
    ['DTP', '356', 'D8', fromUsDate(member.eligibilityBegin)],
    ...(member.eligibilityEnd === undefined
      ? []
      : [['DTP', '347', 'D8', fromUsDate(member.eligibilityEnd)] as X12SegmentValues, ['DTP', '357', 'D8', fromUsDate(member.eligibilityEnd)] as X12SegmentValues]),
  ];
  body.push(
    personName('IL', { last: member.subscriber.lastName, first: member.subscriber.firstName }, member.memberId),
    ...(plan.group === undefined ? [] : [['REF', '6P', plan.group.number, plan.group.name] as X12SegmentValues]),
    demographics(member.subscriber),
    ...(dependentAsked === undefined ? memberDates : []),
  );
  const ctx = planContext(day, carrier?.invertsCoinsurance ?? false);
  const used = usedSoFar(member, earlierInquiries);
  if (dependentAsked === undefined) return [...body, ...statusRows(plan, ctx, used)];

  body.push(['HL', 4, 3, 23, 0], ...traceOf(dependentAsked));
  const dependent = findDependent(member, dependentAsked);
  if (rejection?.loop === '2100D' || dependent === undefined) {
    return [...body, personName('03', dependentAsked.name), reject(rejection?.code ?? '67', rejection?.valid ?? true)];
  }
  return [
    ...body,
    personName('03', { last: dependent.lastName, first: dependent.firstName }),
    demographics(dependent),
    ['INS', 'N', INS_RELATIONSHIP_CODE[dependent.relation]],
    ...memberDates,
    ...statusRows(plan, ctx, used),
  ];
}

/** The whole 271 interchange answering a parsed 270. */
export function answer270(inquiry: Parsed270, now: Date, options: AnswerOptions = {}): string {
  const style = ownValue(CARRIER_STYLES, inquiry.payer.id) ?? PRETTY;
  const control = Number(inquiry.interchange.controlNumber);
  return writeInterchange(
    {
      sender: { id: inquiry.interchange.receiver.id },
      receiver: { id: inquiry.interchange.sender.id },
      date: now,
      controlNumber: Number.isInteger(control) && control >= 1 ? control : 1,
      functionalId: 'HB',
      setId: '271',
      usage: inquiry.interchange.usage === 'T' ? 'T' : 'P',
      delimiters: style.delimiters,
      lineBreaks: style.lineBreaks,
    },
    answerBody(inquiry, now, options),
  );
}
