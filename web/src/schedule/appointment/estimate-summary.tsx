/**
 * Under the estimate's table: the totals (fees, what each plan pays, what the patient pays) and what is left of
 * each plan's annual maximum and deductible before and after the planned procedures, with what the estimate had
 * to assume about them.
 */
import { type EstimateResult, formatCents, type PlanBalance } from '@dv/contracts';
import { type DescriptionItem, DescriptionList } from '../../ui/description-list';
import { sentence } from './plan-line-facts';

const beforeAfter = (before: number, after: number) => `${formatCents(before)} now, ${formatCents(after)} after this plan`;

function balanceItems(balance: PlanBalance, plan: string): DescriptionItem[] {
  const { annualMaximum, deductible } = balance;
  const maximum =
    annualMaximum.beforeCents === null || annualMaximum.afterCents === null
      ? 'No annual maximum stated'
      : beforeAfter(annualMaximum.beforeCents, annualMaximum.afterCents);
  return [
    { key: `${plan}-maximum`, label: `${plan} remaining maximum`, children: <span data-testid={`${plan.toLowerCase()}-maximum-after`}>{maximum}</span> },
    { key: `${plan}-deductible`, label: `${plan} remaining deductible`, children: beforeAfter(deductible.beforeCents, deductible.afterCents) },
  ];
}

export function EstimateSummary({ result }: { result: EstimateResult }) {
  const { totals, primary, secondary } = result;
  const totalItems: DescriptionItem[] = [
    { key: 'fees', label: 'Fees', children: formatCents(totals.feesCents) },
    { key: 'primary', label: secondary ? 'Primary insurance pays' : 'Insurance pays', children: formatCents(totals.primaryPaysCents) },
    ...(secondary ? [{ key: 'secondary', label: 'Secondary insurance pays', children: formatCents(totals.secondaryPaysCents) }] : []),
    {
      key: 'patient',
      label: 'Patient pays (estimate)',
      children: (
        <strong className="dv-estimate__patient-total" data-testid="estimate-patient-total">
          {formatCents(totals.patientPaysCents)}
        </strong>
      ),
    },
  ];
  const notes = [...primary.notes.map((note) => `Primary: ${note}`), ...(secondary?.notes.map((note) => `Secondary: ${note}`) ?? [])];
  return (
    <div className="dv-estimate__summary">
      <DescriptionList aria-label="Estimate totals" items={totalItems} />
      <DescriptionList
        aria-label="Plan balances after the treatment plan"
        items={[...balanceItems(primary, secondary ? 'Primary' : 'Plan'), ...(secondary ? balanceItems(secondary, 'Secondary') : [])]}
      />
      {notes.length > 0 ? (
        <ul className="dv-estimate__balance-notes dv-text-secondary">
          {notes.map((note) => (
            <li key={note}>{sentence(note)}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
