/**
 * Scored fields `{ value, score, changeHistory? }` (DOCUMENTS.md, "Scored field") and where they sit in a plan
 * and a patient, so that each migration step can convert all of them without re-listing the places.
 */
import { type DocObject, eachItem, isDocObject, mapKey, mapKeys, mapValues, whenObject } from './document-shape';

/** What a scored field's value holds, where a step converts values. */
export type ScoredKind = 'plain' | 'timestamp' | 'patientDate' | 'waitingPeriod';

/** Change-history keys that hold a value of the field (oldValue and newValue exist in version 3). */
const HISTORY_VALUE_KEYS = ['value', 'oldValue', 'newValue'] as const;

export type ScoredConversion = {
  /** Applied to the value and to every value a change-history entry records. */
  readonly value?: (value: unknown) => unknown;
  readonly score?: (score: unknown) => unknown;
  /** Applied to each change-history entry (renames, removals) before its values are converted. */
  readonly historyEntry?: (entry: DocObject) => DocObject;
};

export function convertScored(field: unknown, conversion: ScoredConversion): unknown {
  const { value, score, historyEntry } = conversion;
  return whenObject(field, (scored) => {
    let out = scored;
    if (value !== undefined) out = mapKey(out, 'value', value);
    if (score !== undefined) out = mapKey(out, 'score', score);
    return mapKey(out, 'changeHistory', (history) =>
      eachItem(history, (item) =>
        whenObject(item, (entry) => {
          const renamed = historyEntry === undefined ? entry : historyEntry(entry);
          return value === undefined ? renamed : mapKeys(renamed, HISTORY_VALUE_KEYS, value);
        }),
      ),
    );
  });
}

export type ScoredFieldHooks = {
  /** Converts one scored field whose value is of the given kind. */
  readonly scored: (field: unknown, kind: ScoredKind) => unknown;
  /** Converts one `Age` (a scored pair in version 1, a pair of scored values later). */
  readonly age: (age: unknown) => unknown;
};

const DETAILS_FIELDS: readonly (readonly [string, ScoredKind])[] = [
  ['benefitYear', 'plain'],
  ['planType', 'plain'],
  ['participation', 'plain'],
  ['initiationDate', 'timestamp'],
];
const SPONSOR_FIELDS = ['sponsorName', 'sponsorType', 'groupNumber', 'groupName'];
const BENEFITS_FIELDS = ['missingToothClause', 'annualMax'];
const DEDUCTIBLE_FIELDS = ['individual', 'family'];
const AGE_GROUPS = ['child', 'student', 'dependent'];
/** Both spellings of the benefit level: `coinsurance` in version 1, `benefitLevel` after. */
const ENTRY_FIELDS = ['appliesToAnnualMax', 'annualMax', 'benefitLevel', 'coinsurance', 'deductible', 'lifetimeMaximum', 'limitation'];
export const EXCEPTION_GROUPS = ['child', 'dependent', 'student'];
const EXCEPTION_FIELDS = ['benefitLevel', 'coinsurance', 'limitation', 'deductible'];

function convertEntryScoredFields(entry: DocObject, hooks: ScoredFieldHooks): DocObject {
  const plain = (field: unknown): unknown => hooks.scored(field, 'plain');
  let out = mapKeys(entry, ENTRY_FIELDS, plain);
  out = mapKey(out, 'waitingPeriod', (field) => hooks.scored(field, 'waitingPeriod'));
  out = mapKey(out, 'age', hooks.age);
  return mapKey(out, 'exceptions', (exceptions) =>
    whenObject(exceptions, (groups) =>
      mapKeys(groups, EXCEPTION_GROUPS, (group) => whenObject(group, (exception) => mapKeys(exception, EXCEPTION_FIELDS, plain))),
    ),
  );
}

/** Every scored field of a plan (details, sponsor, benefits and each adaCodes entry) converted by `hooks`. */
export function convertPlanScoredFields(plan: DocObject, hooks: ScoredFieldHooks): DocObject {
  const plain = (field: unknown): unknown => hooks.scored(field, 'plain');
  let out = mapKey(plan, 'details', (details) =>
    whenObject(details, (d) => DETAILS_FIELDS.reduce((acc, [key, kind]) => mapKey(acc, key, (field) => hooks.scored(field, kind)), d)),
  );
  out = mapKey(out, 'sponsor', (sponsor) => whenObject(sponsor, (s) => mapKeys(s, SPONSOR_FIELDS, plain)));
  return mapKey(out, 'benefits', (benefits) =>
    whenObject(benefits, (b) => {
      let converted = mapKeys(b, BENEFITS_FIELDS, plain);
      converted = mapKey(converted, 'deductible', (d) => whenObject(d, (ded) => mapKeys(ded, DEDUCTIBLE_FIELDS, plain)));
      converted = mapKey(converted, 'age', (a) => whenObject(a, (age) => mapKeys(age, AGE_GROUPS, hooks.age)));
      return mapKey(converted, 'adaCodes', (codes) =>
        whenObject(codes, (c) => mapValues(c, (entry) => (isDocObject(entry) ? convertEntryScoredFields(entry, hooks) : entry))),
      );
    }),
  );
}

/** Every scored field of a patient converted by `hooks`. */
export function convertPatientScoredFields(patient: DocObject, hooks: ScoredFieldHooks): DocObject {
  const out = mapKeys(patient, ['deductibleRemaining', 'insuranceRemaining'], (field) => hooks.scored(field, 'plain'));
  return mapKey(out, 'effectiveDate', (field) => hooks.scored(field, 'patientDate'));
}

/** The two halves of a version 2 or 3 `Age`, each converted as a plain scored field. */
export function convertAgeHalves(age: unknown, hooks: Pick<ScoredFieldHooks, 'scored'>): unknown {
  return whenObject(age, (a) => mapKeys(a, ['min', 'max'], (half) => hooks.scored(half, 'plain')));
}
