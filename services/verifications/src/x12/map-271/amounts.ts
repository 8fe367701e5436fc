/**
 * Amounts of an EB row: co-insurance (EB*A, EB08) as the plan's benefit level, deductibles (EB*C) and maximums
 * (EB*F) as the plan's or an entry's, remaining amounts as the patient's (README "Amounts").
 */
import { ownValue } from '@dv/contracts';
import { type BenefitLoop } from '../parse-271';
import { BENEFIT_YEAR_PERIODS, EXCEPTION_OF_LEVEL, LIFETIME, LIFETIME_REMAINING, MEMBER_LEVELS, REMAINING } from './codes';
import {
  addCaveat,
  addPatientNote,
  isOutOfNetwork,
  money,
  round2,
  scored,
  setEntryValue,
  setExceptionValue,
  type RowContext,
  type RowScope,
} from './plan-draft';

function describePercent(level: number): string {
  return `plan pays ${level}%`;
}

export function mapCoinsurance(loop: BenefitLoop, scope: RowScope, ctx: RowContext, where: string): void {
  const { benefit } = loop;
  if (benefit.percent === undefined) {
    ctx.draft.notes.push(`${where}: co-insurance without EB08 percent; skipped`);
    return;
  }
  const fraction = benefit.percent > 1 ? benefit.percent / 100 : benefit.percent;
  const level = round2(ctx.invert ? fraction * 100 : 100 - fraction * 100);
  if (!(level >= 0 && level <= 100)) {
    ctx.draft.notes.push(`${where}: co-insurance ${benefit.percent} is not a share; skipped`);
    return;
  }
  if (isOutOfNetwork(loop, ctx.outOfNetworkOnly)) {
    addCaveat(ctx.draft, scope, `Out of network: ${describePercent(level)}`);
    return;
  }
  if (scope.targets.length === 0) {
    addCaveat(ctx.draft, scope, `${scope.plan ? 'Dental care co-insurance' : 'Co-insurance'}: ${describePercent(level)}`);
    return;
  }
  const exception = ownValue(EXCEPTION_OF_LEVEL, benefit.coverageLevel);
  for (const target of scope.targets) {
    const entry = ctx.draft.entry(target);
    if (exception !== undefined) setExceptionValue(entry, exception, 'benefitLevel', scored(level), where);
    else if (MEMBER_LEVELS.has(benefit.coverageLevel)) setEntryValue(entry, 'benefitLevel', scored(level), where);
    else ctx.draft.notes.push(`${where}: co-insurance for coverage level ${benefit.coverageLevel}; skipped`);
  }
}

export function mapDeductible(loop: BenefitLoop, scope: RowScope, ctx: RowContext, where: string): void {
  const { benefit } = loop;
  const { draft } = ctx;
  if (benefit.amount === undefined || benefit.amount < 0) {
    draft.notes.push(`${where}: deductible without an EB07 amount; skipped`);
    return;
  }
  const amount = benefit.amount;
  if (isOutOfNetwork(loop, ctx.outOfNetworkOnly)) {
    const who = benefit.coverageLevel === 'FAM' ? 'family' : 'individual';
    if (benefit.period === REMAINING) addPatientNote(draft, scope, `Out of network: ${who} deductible remaining ${money(amount)}`);
    else addCaveat(draft, scope, `Out of network: ${who} deductible ${money(amount)}`);
    return;
  }
  if (benefit.period === REMAINING && (scope.targets.length > 0 || scope.unmapped.length > 0)) {
    addPatientNote(draft, scope, `Deductible remaining: ${money(amount)}`);
  }
  if (benefit.period === REMAINING && !scope.plan) return;
  for (const target of scope.targets) {
    if (benefit.period !== REMAINING) setEntryValue(draft.entry(target), 'deductible', scored(amount > 0), where);
  }
  if (!scope.plan) return;
  const family = benefit.coverageLevel === 'FAM';
  if (!family && !MEMBER_LEVELS.has(benefit.coverageLevel)) {
    draft.notes.push(`${where}: deductible for coverage level ${benefit.coverageLevel}; skipped`);
  } else if (benefit.period === REMAINING) {
    if (family) draft.patientNotes.push(`Family deductible remaining: ${money(amount)}`);
    else draft.setPlan('deductibleRemaining', amount, 'deductibleRemaining', where);
  } else if (BENEFIT_YEAR_PERIODS.has(benefit.period)) {
    draft.setPlan(family ? 'deductibleFamily' : 'deductibleIndividual', amount, `deductible.${family ? 'family' : 'individual'}`, where);
  } else if (benefit.period === LIFETIME) {
    draft.planCaveats.push(`Lifetime deductible (${family ? 'family' : 'individual'}): ${money(amount)}`);
  } else {
    draft.notes.push(`${where}: deductible for period ${benefit.period || 'none'}; skipped`);
  }
}

export function mapMaximum(loop: BenefitLoop, scope: RowScope, ctx: RowContext, where: string): void {
  const { benefit } = loop;
  const { draft } = ctx;
  if (benefit.amount === undefined) return;
  const amount = benefit.amount;
  if (amount < 0) {
    draft.notes.push(`${where}: negative maximum; skipped`);
    return;
  }
  if (isOutOfNetwork(loop, ctx.outOfNetworkOnly)) {
    if (benefit.period === REMAINING || benefit.period === LIFETIME_REMAINING) {
      addPatientNote(draft, scope, `Out of network: ${benefit.period === REMAINING ? 'maximum' : 'lifetime maximum'} remaining ${money(amount)}`);
    } else {
      addCaveat(draft, scope, `Out of network: ${benefit.period === LIFETIME ? 'lifetime maximum' : 'annual maximum'} ${money(amount)}`);
    }
    return;
  }
  const remaining = benefit.period === REMAINING || benefit.period === LIFETIME_REMAINING;
  if (remaining && (scope.targets.length > 0 || scope.unmapped.length > 0)) {
    addPatientNote(draft, scope, `${benefit.period === REMAINING ? 'Maximum' : 'Lifetime maximum'} remaining: ${money(amount)}`);
  }
  if (remaining && !scope.plan) return;
  const family = benefit.coverageLevel === 'FAM';
  for (const target of scope.targets) {
    const entry = draft.entry(target);
    if (benefit.period === LIFETIME) setEntryValue(entry, 'lifetimeMaximum', scored(amount), where);
    else if (BENEFIT_YEAR_PERIODS.has(benefit.period)) setEntryValue(entry, 'annualMax', scored(amount), where);
  }
  if (!remaining && scope.targets.length === 0 && scope.unmapped.length > 0) addCaveat(draft, scope, `Maximum: ${money(amount)}`);
  if (!scope.plan) return;
  if (benefit.period === REMAINING) {
    if (family) draft.patientNotes.push(`Family maximum remaining: ${money(amount)}`);
    else draft.setPlan('insuranceRemaining', amount, 'insuranceRemaining', where);
  } else if (BENEFIT_YEAR_PERIODS.has(benefit.period)) {
    if (family) draft.planCaveats.push(`Family annual maximum: ${money(amount)}`);
    else draft.setPlan('annualMax', amount, 'annualMax', where);
  } else if (benefit.period === LIFETIME) {
    draft.planCaveats.push(`Lifetime maximum: ${money(amount)}`);
  } else if (benefit.period === LIFETIME_REMAINING) {
    draft.patientNotes.push(`Lifetime maximum remaining: ${money(amount)}`);
  } else {
    draft.notes.push(`${where}: maximum for period ${benefit.period}; skipped`);
  }
}
