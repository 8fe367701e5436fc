/**
 * Schema version 2 <-> 3 (SPEC section 4, DOCUMENTS.md "Migrations").
 * 2 -> 3: caveats become `[{ value, score: 1 }]`; `details.planType` is unknown; `wholeCategory` goes; `D####`
 * codes become `ADA:D####`; each code entry gets category and subcategory from its number; the patient's
 * coverage status is unknown; every draft plan is migrated too.
 * 3 -> 2: what version 2 cannot hold is removed; codes lose the prefix; the category becomes the old-style name;
 * caveat lists are joined; score 4 becomes 3; only the first draft plan is kept, and the log says so.
 */
import { CATEGORY_KEY_PREFIX, SUBCATEGORY_KEY_PREFIX, categoryOf, codeNumber, oldCategoryOf, subcategoryOf } from '../codes/codes';
import { toPlainCode, toPrefixedCode } from './code-forms';
import {
  type DocObject,
  describeValue,
  eachItem,
  isDocObject,
  mapAdaCodes,
  mapKey,
  requirePlan,
  whenObject,
  withoutKeys,
} from './document-shape';
import { type MigrationLog } from './errors';
import {
  type ScoredFieldHooks,
  type ScoredKind,
  convertAgeHalves,
  convertPatientScoredFields,
  convertPlanScoredFields,
  convertScored,
} from './scored-field';

/** Version 3 caveat lists are joined into the one string of version 2 with this separator. */
export const CAVEAT_SEPARATOR = '\n';

type CodeConversion = (code: unknown) => string;

function convertWaitingPeriodCodes(waitingPeriod: unknown, convert: CodeConversion): unknown {
  return whenObject(waitingPeriod, (wp) => mapKey(wp, 'codes', (codes) => eachItem(codes, convert)));
}

function convertCorrelatedCodes(entry: DocObject, convert: CodeConversion): DocObject {
  return mapKey(entry, 'correlatedWith', (list) => eachItem(list, (item) => whenObject(item, (c) => mapKey(c, 'code', convert))));
}

function convertHistoryCodes(patient: DocObject, convert: CodeConversion): DocObject {
  return mapKey(patient, 'history', (history) => eachItem(history, (item) => whenObject(item, (r) => mapKey(r, 'code', convert))));
}

/** The `Ticket <id>: ` prefix of every log line about a ticket. */
function ticketLog(wrapper: DocObject, log: MigrationLog): MigrationLog {
  const ticket = wrapper.ticket;
  const id = isDocObject(ticket) ? describeValue(ticket.verificPlusInteralId) : '(no ticket)';
  return (message) => log(`Ticket ${id}: ${message}`);
}

// ---------- 2 -> 3 ----------

function scoredV2toV3(field: unknown, kind: ScoredKind): unknown {
  if (kind !== 'waitingPeriod') return field;
  return convertScored(field, { value: (wp) => convertWaitingPeriodCodes(wp, toPrefixedCode) });
}

const HOOKS_V2_TO_V3: ScoredFieldHooks = { scored: scoredV2toV3, age: (age) => age };

const toCaveatList = (caveat: unknown): unknown => (typeof caveat === 'string' ? [{ value: caveat, score: 1 }] : caveat);

function entryV2toV3(entry: DocObject, code: string): DocObject {
  let out = withoutKeys(entry, ['wholeCategory', 'subcategory']);
  out = mapKey(out, 'code', toPrefixedCode);
  out = convertCorrelatedCodes(out, toPrefixedCode);
  out = mapKey(out, 'caveat', toCaveatList);
  const subcategory = subcategoryOf(code);
  return { ...out, category: categoryOf(code), ...(subcategory === undefined ? {} : { subcategory }) };
}

export function planV2toV3(plan: unknown): unknown {
  if (plan === null) return null;
  let out = convertPlanScoredFields(requirePlan(plan), HOOKS_V2_TO_V3);
  out = mapAdaCodes(out, (adaCodes) => {
    const converted: DocObject = {};
    for (const [key, entry] of Object.entries(adaCodes)) {
      const code = toPrefixedCode(key);
      converted[code] = isDocObject(entry) ? entryV2toV3(entry, code) : entry;
    }
    return converted;
  });
  out = mapKey(out, 'details', (details) => whenObject(details, (d) => ({ ...d, planType: { value: 'unknown', score: 1 } })));
  out = mapKey(out, 'caveat', toCaveatList);
  return { ...out, schemaVersion: 3 };
}

function patientV2toV3(patient: unknown): unknown {
  return whenObject(patient, (p) => ({ ...convertHistoryCodes(p, toPrefixedCode), coverageStatus: 'unknown' }));
}

function ticketV2toV3(ticket: unknown): unknown {
  return whenObject(ticket, (t) => ({ ...mapKey(t, 'draft', (draft) => eachItem(draft, planV2toV3)), schemaVersion: 3 }));
}

export function wrapperV2toV3(wrapper: DocObject): DocObject {
  let out = mapKey(wrapper, 'patient', patientV2toV3);
  out = mapKey(out, 'plan', planV2toV3);
  out = mapKey(out, 'ticket', ticketV2toV3);
  return { ...out, schemaVersion: 3 };
}

// ---------- 3 -> 2 ----------

const V3_ONLY_HISTORY_KEYS = ['oldValue', 'newValue', 'oldScore', 'newScore'];
const V3_ONLY_PATIENT_KEYS = ['unmappedHistory', 'coverageStatus', 'planEndDate'];
const V3_ONLY_PAYER_KEYS = ['typeOfVerification', 'createdAsNotSure'];

/** Version 3 scores run to 4, version 2 scores to 3. */
const capScore = (score: unknown): unknown => (score === 4 ? 3 : score);

function scoredV3toV2(field: unknown, kind: ScoredKind): unknown {
  return convertScored(field, {
    score: capScore,
    historyEntry: (entry) => withoutKeys(entry, V3_ONLY_HISTORY_KEYS),
    value: kind === 'waitingPeriod' ? (wp) => convertWaitingPeriodCodes(wp, toPlainCode) : undefined,
  });
}

const HOOKS_V3_TO_V2: ScoredFieldHooks = {
  scored: scoredV3toV2,
  age: (age) => convertAgeHalves(age, { scored: scoredV3toV2 }),
};

function joinCaveats(caveat: unknown): unknown {
  if (!Array.isArray(caveat)) return caveat;
  return caveat
    .map((item: unknown) => (isDocObject(item) ? item.value : undefined))
    .filter((value): value is string => typeof value === 'string')
    .join(CAVEAT_SEPARATOR);
}

const isGroupKey = (key: string): boolean => key.startsWith(CATEGORY_KEY_PREFIX) || key.startsWith(SUBCATEGORY_KEY_PREFIX);

function entryV3toV2(entry: DocObject, code: string, log: MigrationLog): DocObject {
  let out = withoutKeys(entry, ['subcategory']);
  out = mapKey(out, 'code', toPlainCode);
  out = convertCorrelatedCodes(out, toPlainCode);
  out = mapKey(out, 'caveat', joinCaveats);
  const category = oldCategoryOf(code);
  if (category === 'unknown') {
    log(`Unknown category number ${describeValue(codeNumber(code))} (code ${code}): category set to 'unknown'`);
  }
  return { ...out, category };
}

export function planV3toV2(plan: unknown, log: MigrationLog): unknown {
  if (plan === null) return null;
  let out = convertPlanScoredFields(requirePlan(plan), HOOKS_V3_TO_V2);
  out = withoutKeys(out, ['planNotes']);
  out = mapKey(out, 'details', (details) => whenObject(details, (d) => withoutKeys(d, ['planType'])));
  out = mapKey(out, 'payer', (payer) => whenObject(payer, (p) => withoutKeys(p, V3_ONLY_PAYER_KEYS)));
  out = mapKey(out, 'caveat', joinCaveats);
  out = mapAdaCodes(out, (adaCodes) => {
    const converted: DocObject = {};
    for (const [key, entry] of Object.entries(adaCodes)) {
      if (isGroupKey(key)) continue;
      const code = toPlainCode(key);
      converted[code] = isDocObject(entry) ? entryV3toV2(entry, code, log) : entry;
    }
    return converted;
  });
  return { ...out, schemaVersion: 2 };
}

function patientV3toV2(patient: unknown): unknown {
  return whenObject(patient, (p) => {
    const out = convertPatientScoredFields(withoutKeys(p, V3_ONLY_PATIENT_KEYS), HOOKS_V3_TO_V2);
    return convertHistoryCodes(out, toPlainCode);
  });
}

function ticketV3toV2(ticket: unknown, log: MigrationLog): unknown {
  return whenObject(ticket, (t) => {
    const out = mapKey(t, 'draft', (draft) => {
      if (!Array.isArray(draft)) return draft;
      if (draft.length > 1) log(`draft had ${draft.length} plans, schema version 2 keeps only the first`);
      return draft.slice(0, 1).map((plan: unknown) => planV3toV2(plan, log));
    });
    return { ...out, schemaVersion: 2 };
  });
}

export function wrapperV3toV2(wrapper: DocObject, log: MigrationLog): DocObject {
  const logForTicket = ticketLog(wrapper, log);
  let out = mapKey(wrapper, 'patient', patientV3toV2);
  out = mapKey(out, 'plan', (plan) => planV3toV2(plan, logForTicket));
  out = mapKey(out, 'ticket', (ticket) => ticketV3toV2(ticket, logForTicket));
  return { ...out, schemaVersion: 2 };
}
