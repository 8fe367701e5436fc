/** MSG texts of an EB row: the statements read from them (message-text.ts), and the rest kept as caveats. */
import { readMessage, unreadWords, type Found } from '../message-text';
import { type BenefitLoop } from '../parse-271';
import { serviceTypeLabel } from '../service-types';
import { ageOf, setAge } from './ages';
import { addCaveat, isOutOfNetwork, scored, setEntryValue, type RowContext, type RowScope } from './plan-draft';

/**
 * The words of a name, read once per name: every message row asks for them again. Names are service type labels,
 * categories, subcategories and known codes, but an unknown EB03 code is the payer's text ('service type XY'):
 * the memo stops growing at a size the known names stay well below.
 */
const WORDS_OF_NAME = new Map<string, readonly string[]>();
const WORDS_OF_NAME_LIMIT = 2048;
function wordsOfName(name: string): readonly string[] {
  let words = WORDS_OF_NAME.get(name);
  if (words === undefined) {
    words = name.toUpperCase().match(/[A-Z0-9]+/g) ?? [];
    if (WORDS_OF_NAME.size < WORDS_OF_NAME_LIMIT) WORDS_OF_NAME.set(name, words);
  }
  return words;
}

/** The words naming what a row is about ('Prosthodontics', 'Crowns', 'D0120'): a message restating them says no more. */
function subjectWordsOf(loop: BenefitLoop, scope: RowScope): Set<string> {
  const words = new Set<string>();
  const add = (name: string) => {
    for (const word of wordsOfName(name)) words.add(word);
  };
  for (const serviceType of loop.benefit.serviceTypes) add(serviceTypeLabel(serviceType));
  for (const target of scope.targets) {
    add(target.category);
    add(target.subcategory ?? '');
    add(target.code ?? '');
  }
  return words;
}

/**
 * MSG texts: plan-wide statements, then statements about the row's services. A message the statements do not
 * say whole (nothing read, or words left that no field holds) is kept as a caveat in full, so that 'SEALANTS
 * COVERED THROUGH AGE 15 ON PERMANENT MOLARS' is an age limit and still says 'on permanent molars'.
 */
export function mapMessages(loop: BenefitLoop, scope: RowScope, ctx: RowContext, where: string, isHistory: boolean): void {
  const { draft } = ctx;
  if (loop.messages.length === 0) return;
  const outOfNetwork = isOutOfNetwork(loop, ctx.outOfNetworkOnly);
  // Read once a message needs them: most rows have no message, and the words cost a regular expression per name.
  let subjectWords: Set<string> | undefined;
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
    if (used.length === 0 || unreadWords(reading.text, used, (subjectWords ??= subjectWordsOf(loop, scope))).length > 0) {
      addCaveat(draft, scope, outOfNetwork ? `Out of network: ${message}` : message);
    }
  }
}
