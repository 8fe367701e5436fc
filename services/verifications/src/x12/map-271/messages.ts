/** MSG texts of an EB row: the statements read from them (message-text.ts), and the rest kept as caveats. */
import { readMessage, unreadWords, type Found } from '../message-text';
import { type BenefitLoop } from '../parse-271';
import { serviceTypeLabel } from '../service-types';
import { ageOf, setAge } from './ages';
import { addCaveat, isOutOfNetwork, scored, setEntryValue, type RowContext, type RowScope } from './plan-draft';

/** The words naming what a row is about ('Prosthodontics', 'Crowns', 'D0120'): a message restating them says no more. */
function subjectWordsOf(loop: BenefitLoop, scope: RowScope): Set<string> {
  const names = [
    ...loop.benefit.serviceTypes.map(serviceTypeLabel),
    ...scope.targets.flatMap((target) => [target.category, target.subcategory ?? '', target.code ?? '']),
  ];
  return new Set(names.flatMap((name) => name.toUpperCase().match(/[A-Z0-9]+/g) ?? []));
}

/**
 * MSG texts: plan-wide statements, then statements about the row's services. A message the statements do not
 * say whole (nothing read, or words left that no field holds) is kept as a caveat in full, so that 'SEALANTS
 * COVERED THROUGH AGE 15 ON PERMANENT MOLARS' is an age limit and still says 'on permanent molars'.
 */
export function mapMessages(loop: BenefitLoop, scope: RowScope, ctx: RowContext, where: string, isHistory: boolean): void {
  const { draft } = ctx;
  const outOfNetwork = isOutOfNetwork(loop, ctx.outOfNetworkOnly);
  const subjectWords = subjectWordsOf(loop, scope);
  for (const message of loop.messages) {
    const reading = readMessage(message);
    const used: Found<unknown>[] = [];
    const { missingToothClause, participation, studentAge } = reading;
    if (missingToothClause !== undefined) {
      draft.missingToothClause ??= scored(missingToothClause.value);
      used.push(missingToothClause);
    }
    if (participation !== undefined) {
      draft.participation ??= participation.value;
      used.push(participation);
    }
    if (studentAge !== undefined) {
      const age = ageOf(undefined, studentAge.value);
      if (age !== undefined) draft.age.student ??= age;
      used.push(studentAge);
    }
    if (scope.targets.length > 0 && !outOfNetwork) {
      const { waitingPeriod, deductibleApplies, appliesToAnnualMax, age } = reading;
      const entryAge = age === undefined ? undefined : ageOf(age.value.min, age.value.max);
      // Only a statement makes an entry: a history row's code without one is the patient's, not the plan's.
      const states = [waitingPeriod, deductibleApplies, appliesToAnnualMax, entryAge].some((value) => value !== undefined);
      for (const target of states ? scope.targets : []) {
        const entry = draft.entry(target);
        if (waitingPeriod !== undefined) setEntryValue(entry, 'waitingPeriod', scored(waitingPeriod.value), where);
        if (deductibleApplies !== undefined) setEntryValue(entry, 'deductible', scored(deductibleApplies.value), where);
        if (appliesToAnnualMax !== undefined) setEntryValue(entry, 'appliesToAnnualMax', scored(appliesToAnnualMax.value), where);
        if (entryAge !== undefined) setAge(entry, entryAge, where);
      }
      used.push(...[waitingPeriod, deductibleApplies, appliesToAnnualMax, entryAge === undefined ? undefined : age].filter((found) => found !== undefined));
    }
    if (isHistory) continue;
    if (used.length === 0 || unreadWords(reading.text, used, subjectWords).length > 0) {
      addCaveat(draft, scope, outOfNetwork ? `Out of network: ${message}` : message);
    }
  }
}
