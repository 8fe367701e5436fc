/**
 * Coordination of benefits: what a secondary plan pays of a line once the primary has paid.
 * - standard: the secondary pays what it would have paid as primary (its own level, deductible and maximum),
 *   never more than the patient part left after the primary;
 * - nonDuplication: the secondary pays only the amount by which its own benefit exceeds the primary's payment,
 *   never more than the patient part left.
 * The secondary's own benefit (ownBenefitCents) is already within its own remaining maximum, so what it pays is too.
 */
import { formatCents } from './money';
import { type CobRule } from '../../entities/schedule';
import { type PlanLineEstimate } from './schemas';

/** What the secondary pays under the rule, from its own benefit, the fee and the primary's payment. */
export function secondaryPayment(rule: CobRule, feeCents: number, primaryPaysCents: number, ownBenefitCents: number): number {
  const left = Math.max(0, feeCents - primaryPaysCents);
  switch (rule) {
    case 'standard':
      return Math.min(ownBenefitCents, left);
    case 'nonDuplication':
      return Math.min(Math.max(0, ownBenefitCents - primaryPaysCents), left);
  }
}

function cobSentence(rule: CobRule, left: number, primaryPaysCents: number, own: number, pays: number): string {
  const [leftText, ownText, paysText] = [formatCents(left), formatCents(own), formatCents(pays)];
  switch (rule) {
    case 'standard':
      return `standard COB: as primary it would pay ${ownText}; the patient part left after the primary is ${leftText}: it pays ${paysText}`;
    case 'nonDuplication':
      return `non-duplication: its own benefit ${ownText} less the primary's payment ${formatCents(primaryPaysCents)}, within the ${leftText} left: it pays ${paysText}`;
  }
}

/** The secondary's estimate of the line after coordination with the primary's payment. */
export function coordinate(rule: CobRule, feeCents: number, primaryPaysCents: number, secondary: PlanLineEstimate): PlanLineEstimate {
  const paysCents = secondaryPayment(rule, feeCents, primaryPaysCents, secondary.ownBenefitCents);
  if (!secondary.covered || !secondary.eligible) return { ...secondary, paysCents };
  const left = Math.max(0, feeCents - primaryPaysCents);
  const sentence = cobSentence(rule, left, primaryPaysCents, secondary.ownBenefitCents, paysCents);
  return { ...secondary, paysCents, notes: [...secondary.notes, sentence] };
}
