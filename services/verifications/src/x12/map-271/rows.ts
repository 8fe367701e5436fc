/**
 * One EB row (loop 2110C or 2110D with its HSD, DTP, MSG and 2120 segments): what it is about (its scope), then
 * its value by EB01 (amounts.ts), its frequencies, ages and messages; rows about the member or of a kind the plan
 * has no field for go to the patient note or the caveats, in words.
 */
import { categoryOf, isKnownCode, normalizeCode, ownValue, subcategoryOf } from '@dv/contracts';
import { describePeriod } from '../frequency';
import { type BenefitLoop } from '../parse-271';
import { type X12Name } from '../readers';
import { serviceTypeLabel, targetOfServiceType } from '../service-types';
import { EB01_CODES } from '../x12-dictionary';
import { mapAges } from './ages';
import { mapCoinsurance, mapDeductible, mapMaximum } from './amounts';
import { ACTIVE, CALENDAR_YEAR, INACTIVE, MEMBER_INFO, PATIENT_PERIODS } from './codes';
import { mapFrequencies } from './frequencies';
import { mapHistory } from './history';
import { mapMessages } from './messages';
import { addCaveat, addPatientNote, isOutOfNetwork, money, round2, scored, setEntryValue, type RowContext, type RowScope } from './plan-draft';

function scopeOf(loop: BenefitLoop, notes: string[]): RowScope {
  const { benefit } = loop;
  if (benefit.procedure !== undefined) {
    const { qualifier, code } = benefit.procedure;
    if (qualifier === 'AD' && isKnownCode(code)) {
      const key = normalizeCode(code);
      const category = categoryOf(key);
      const subcategory = subcategoryOf(key);
      if (category !== 'unknown') {
        return { plan: false, targets: [{ key, category, ...(subcategory === undefined ? {} : { subcategory }), code: key }], unmapped: [] };
      }
    }
    notes.push(`EB at segment ${benefit.segmentIndex + 1}: procedure ${qualifier}:${code} is not a known ADA code; row skipped`);
    return { plan: false, targets: [], unmapped: [] };
  }
  if (benefit.serviceTypes.length === 0) return { plan: true, targets: [], unmapped: [] };
  const scope: RowScope = { plan: false, targets: [], unmapped: [] };
  for (const serviceType of benefit.serviceTypes) {
    const target = targetOfServiceType(serviceType);
    if (target === 'plan') scope.plan = true;
    else if (target === undefined) scope.unmapped.push(serviceTypeLabel(serviceType));
    else scope.targets.push(target);
  }
  return scope;
}

const describeEntity = (name: X12Name): string =>
  [[name.first, name.last].filter(Boolean).join(' '), name.id === '' ? '' : `(${name.idQualifier} ${name.id})`].filter(Boolean).join(' ');

/** An EB row the plan has no field for, in words: 'Other or additional payer: METLIFE (PI 65978)'. */
function describeRow(loop: BenefitLoop): string {
  const { benefit } = loop;
  const details = [
    ...loop.relatedEntities.map(describeEntity),
    benefit.planDescription,
    benefit.amount === undefined ? '' : money(benefit.amount),
    benefit.percent === undefined ? '' : `${round2(benefit.percent > 1 ? benefit.percent : benefit.percent * 100)}%`,
    benefit.quantity === undefined ? '' : `${benefit.quantity} (${benefit.quantityQualifier})`,
    describePeriod(benefit.period),
  ].filter((part) => part !== '');
  const label = ownValue(EB01_CODES, benefit.info) ?? `EB01 ${benefit.info}`;
  return details.length === 0 ? label : `${label}: ${details.join(', ')}`;
}

/** A row about this member: the row and its messages are lines of the patient note, nothing of the plan. */
function mapMemberRow(loop: BenefitLoop, scope: RowScope, ctx: RowContext, where: string): void {
  addPatientNote(ctx.draft, scope, describeRow(loop));
  for (const message of loop.messages) addPatientNote(ctx.draft, scope, message);
  ctx.draft.notes.push(`${where}: EB01 ${loop.benefit.info} is about the member; kept in the patient note`);
}

/** A row of a kind the plan has no field for: a caveat (the patient note when it is a count of the patient's). */
function mapOtherRow(loop: BenefitLoop, scope: RowScope, ctx: RowContext, where: string): void {
  const text = describeRow(loop);
  if (PATIENT_PERIODS.has(loop.benefit.period)) {
    addPatientNote(ctx.draft, scope, text);
    ctx.draft.notes.push(`${where}: EB01 ${loop.benefit.info} has no plan field; kept in the patient note`);
  } else {
    addCaveat(ctx.draft, scope, text);
    ctx.draft.notes.push(`${where}: EB01 ${loop.benefit.info} has no plan field; kept as a caveat`);
  }
}

export function mapRow(loop: BenefitLoop, ctx: RowContext): void {
  const { benefit } = loop;
  const where = `EB at segment ${benefit.segmentIndex + 1}`;
  const scope = scopeOf(loop, ctx.draft.notes);
  if (benefit.procedure !== undefined && scope.targets.length === 0) {
    mapHistory(loop, scope, ctx.draft);
    return;
  }
  const isHistory = mapHistory(loop, scope, ctx.draft);
  if (benefit.period === CALENDAR_YEAR && (benefit.info === 'C' || benefit.info === 'F') && benefit.amount !== undefined) {
    ctx.draft.calendarYearAmounts = true;
  }
  switch (benefit.info) {
    case 'A':
      mapCoinsurance(loop, scope, ctx, where);
      break;
    case 'B':
      if (benefit.amount !== undefined) addCaveat(ctx.draft, scope, `${isOutOfNetwork(loop, ctx.outOfNetworkOnly) ? 'Out of network: ' : ''}Co-payment ${money(benefit.amount)}`);
      break;
    case 'C':
      mapDeductible(loop, scope, ctx, where);
      break;
    case 'F':
      mapMaximum(loop, scope, ctx, where);
      break;
    case 'I':
      if (isOutOfNetwork(loop, ctx.outOfNetworkOnly)) addCaveat(ctx.draft, scope, 'Out of network: not covered');
      else if (scope.targets.length > 0) for (const target of scope.targets) setEntryValue(ctx.draft.entry(target), 'benefitLevel', scored(0), where);
      else addCaveat(ctx.draft, scope, 'Not covered');
      break;
    case 'E':
      addCaveat(ctx.draft, scope, 'Exclusion');
      break;
    case 'D':
      // A benefit description: what it says is in its quantities and messages, read below.
      break;
    default:
      if (ACTIVE.has(benefit.info) || INACTIVE.has(benefit.info)) break;
      if (MEMBER_INFO.has(benefit.info)) {
        mapMemberRow(loop, scope, ctx, where);
        return;
      }
      mapOtherRow(loop, scope, ctx, where);
  }
  mapFrequencies(loop, scope, ctx, where);
  mapAges(loop, scope, ctx, where);
  mapMessages(loop, scope, ctx, where, isHistory);
}
