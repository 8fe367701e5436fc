/** Frequencies of an EB row (EB09 VS with EB10, and its HSD segments): an entry's limitation, a caveat or the patient's count. */
import { ownValue } from '@dv/contracts';
import { deliveryOfBenefit, describeDelivery, describePeriod, readDelivery } from '../frequency';
import { type BenefitLoop } from '../parse-271';
import { AGE_QUALIFIERS, CALENDAR_YEAR, coverageLevelLabel, EXCEPTION_OF_LEVEL, MEMBER_LEVELS, PATIENT_PERIODS, QUANTITY_USED } from './codes';
import { addCaveat, addPatientNote, isOutOfNetwork, scored, setEntryValue, setExceptionValue, type RowContext, type RowScope } from './plan-draft';

/**
 * Frequencies: the row's own (EB09 VS, EB10 per EB06) and its HSDs. The row's own and the first HSD are the
 * limitation (a disagreement between them is a conflict); a further HSD, a text that is no frequency and an
 * out-of-network one are caveats; counts of this patient (remaining, used) are the patient note.
 */
export function mapFrequencies(loop: BenefitLoop, scope: RowScope, ctx: RowContext, where: string): void {
  const { benefit } = loop;
  const own = deliveryOfBenefit(benefit);
  if (benefit.quantityQualifier === QUANTITY_USED && benefit.quantity !== undefined) {
    const period = describePeriod(benefit.period);
    addPatientNote(ctx.draft, scope, `Used: ${benefit.quantity}${period === '' ? '' : ` (${period})`}`);
  } else if (own === undefined && benefit.quantityQualifier !== '' && !AGE_QUALIFIERS.has(benefit.quantityQualifier)) {
    ctx.draft.notes.push(`${where}: quantity ${benefit.quantity ?? ''} with EB09 ${benefit.quantityQualifier} is not mapped`);
  }
  const deliveries = [...(own === undefined ? [] : [{ hsd: own, first: true }]), ...loop.deliveries.map((hsd, index) => ({ hsd, first: index === 0 }))];
  if (deliveries.length === 0) return;
  const outOfNetwork = isOutOfNetwork(loop, ctx.outOfNetworkOnly);
  const exception = ownValue(EXCEPTION_OF_LEVEL, benefit.coverageLevel);
  // A family's (or another group's) frequency is shared by its members: not the patient's own limitation.
  const group = exception === undefined && !MEMBER_LEVELS.has(benefit.coverageLevel) ? coverageLevelLabel(benefit.coverageLevel) : undefined;
  for (const { hsd, first } of deliveries) {
    if (hsd.periodQualifier === CALENDAR_YEAR) ctx.draft.calendarYearFrequencies = true;
    const reading = readDelivery(hsd);
    const prefix = `${outOfNetwork ? 'Out of network: ' : ''}${group === undefined ? '' : `${group}: `}`;
    if (PATIENT_PERIODS.has(hsd.periodQualifier)) {
      // Visits left, used or exceeded are this patient's count, not the plan's rule.
      addPatientNote(ctx.draft, scope, `${prefix}Frequency: ${describeDelivery(hsd)}`);
      continue;
    }
    if ('text' in reading || outOfNetwork || group !== undefined || scope.targets.length === 0 || !first) {
      addCaveat(ctx.draft, scope, `${prefix}Frequency: ${describeDelivery(hsd)}`);
      continue;
    }
    for (const target of scope.targets) {
      const entry = ctx.draft.entry(target);
      if (exception !== undefined) setExceptionValue(entry, exception, 'limitation', scored(reading.limitation), where);
      else setEntryValue(entry, 'limitation', scored(reading.limitation), where);
    }
  }
}
