/**
 * The verified values the office can write back to its practice-management system (contracts WRITE_BACK_FIELDS),
 * each read from the coverage's verification and written as the verification page shows it ('$1,110.00',
 * '03/01/2019', 'Active'): the service sends them as they are. A value the verification does not state is null
 * and cannot be chosen. Pure.
 */
import { type CoverageStatus, dollarAmount, type VerificationDetail, type WriteBackField } from '@dv/contracts';
import { displayDate } from '../../verification/ticket/breakdown-format';

export const WRITE_BACK_LABELS: Readonly<Record<WriteBackField, string>> = {
  coverageStatus: 'Coverage status',
  effectiveDate: 'Effective date',
  planEndDate: 'Plan end date',
  insuranceRemaining: 'Remaining maximum',
  deductibleRemaining: 'Remaining deductible',
  annualMaximum: 'Annual maximum',
  deductible: 'Deductible',
  groupNumber: 'Group number',
  verifiedOn: 'Verified on',
};

const COVERAGE_WORDS: Readonly<Record<CoverageStatus, string>> = {
  active: 'Active',
  inactive: 'Inactive',
  terminated: 'Terminated',
  unknown: 'Unknown',
};

const money = (value: number | null | undefined) => (typeof value === 'number' ? dollarAmount(value) : null);
const text = (value: string | null | undefined) => (value ? value : null);

/** Each field's value from the verification; `verifiedAt` is when the schedule saw its sources answer. */
export function writeBackValues(detail: VerificationDetail, verifiedAt: string | null): Record<WriteBackField, string | null> {
  const { patient, plan } = detail;
  const verified = detail.readyAt ?? verifiedAt;
  return {
    coverageStatus: COVERAGE_WORDS[patient.coverageStatus],
    effectiveDate: text(patient.effectiveDate?.value),
    planEndDate: text(patient.planEndDate),
    insuranceRemaining: money(patient.insuranceRemaining?.value),
    deductibleRemaining: money(patient.deductibleRemaining?.value),
    annualMaximum: money(plan?.benefits.annualMax?.value),
    deductible: money(plan?.benefits.deductible?.individual?.value),
    groupNumber: text(plan?.sponsor.groupNumber?.value),
    verifiedOn: verified ? displayDate(verified) : null,
  };
}
