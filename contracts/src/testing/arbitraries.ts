/**
 * fast-check arbitraries of valid ticket wrappers of schema versions 2 and 3, written from DOCUMENTS.md (not from
 * the zod schemas, so that properties can hold the validators and the migrations against the document itself).
 *
 * Codes come from the procedure-code table (`PROCEDURE_CODES`), never from a hand-kept list. Values stay inside
 * what both versions accept, so a generated document of one version migrates to a valid document of the other:
 * - version 3 ages stay within the version 2 bounds (min 0..359, max up to 360), limitations are positive, and the
 *   client's npi and taxId are digits;
 * - a code entry's category is the one its number gives in that version.
 */
import fc from 'fast-check';
import { PROCEDURE_CODES } from '../codes/code-table';
import { CATEGORY_KEY_PREFIX, SUBCATEGORY_KEY_PREFIX, stripCodePrefix } from '../codes/codes';
import {
  BENEFIT_YEARS,
  CATEGORIES,
  CORRELATION_TYPES,
  COVERAGE_STATUSES,
  HISTORY_STATUSES,
  MAPPING_INFO_MESSAGES,
  OUT_OF_NETWORK_FEE_SCHEDULES,
  PARTICIPATIONS,
  PAYER_PLAN_TYPES,
  PLAN_TYPES,
  RELATIONS_TO_SUBSCRIBER,
  SPONSOR_TYPES,
  SUBCATEGORIES,
  TEETH,
  TEETH_REGIONS,
  TICKET_STATUSES,
  TIME_PERIODS,
  ARCHES,
  QUADRANTS,
} from '../enums';

type Version = 2 | 3;

// ---------- Building blocks ----------

/** Documents are parsed JSON: plain objects only, never null-prototype ones. */
function allOf<T>(model: { [K in keyof T]: fc.Arbitrary<T[K]> }): fc.Arbitrary<T> {
  return fc.record(model, { noNullPrototype: true });
}

function someOf<T, K extends keyof T>(model: { [P in keyof T]: fc.Arbitrary<T[P]> }, requiredKeys: K[]) {
  return fc.record(model, { requiredKeys, noNullPrototype: true });
}

const oneOf = <T>(values: readonly T[]): fc.Arbitrary<T> => fc.constantFrom(...values);
const nullable = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | null> => fc.option(arb, { nil: null });
const few = <T>(arb: fc.Arbitrary<T>, maxLength = 2): fc.Arbitrary<T[]> => fc.array(arb, { maxLength });

const word = fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,9}$/);
const text = fc.string({ maxLength: 24 });
const digits = fc.stringMatching(/^\d{9,10}$/);
const url = word.map((w) => `https://files.example.com/verifications/${w}.pdf`);
const amount = fc.integer({ min: 0, max: 100_000 });
const percent = fc.integer({ min: 0, max: 100 });

const FIRST_DAY = Date.UTC(1920, 0, 1);
const LAST_DAY = Date.UTC(2060, 11, 31);
const DAY_MS = 86_400_000;

/** An instant as ISO 8601, the way `toISOString()` writes it. */
export const isoTimestamp = fc.integer({ min: FIRST_DAY, max: LAST_DAY }).map((ms) => new Date(ms).toISOString());

/** A patient day as MM/DD/YYYY. */
export const patientDate = fc.integer({ min: FIRST_DAY / DAY_MS, max: LAST_DAY / DAY_MS }).map((day) => {
  const [year, month, date] = new Date(day * DAY_MS).toISOString().slice(0, 10).split('-');
  return `${month ?? ''}/${date ?? ''}/${year ?? ''}`;
});

// ---------- Codes ----------

/** Every known code, D5900-D5910 included (their old-style category is 'unknown'). */
const ENTRY_CODES = PROCEDURE_CODES;
const ALL_CODES = PROCEDURE_CODES.map((info) => info.code);

const spell = (code: string, version: Version): string => (version === 3 ? code : stripCodePrefix(code));
const knownCode = (version: Version): fc.Arbitrary<string> => oneOf(ALL_CODES).map((code) => spell(code, version));

// ---------- Scored fields ----------

function scored<T>(value: fc.Arbitrary<T>, version: Version) {
  const score = fc.integer({ min: 1, max: version === 3 ? 4 : 3 });
  const change =
    version === 3
      ? someOf(
          {
            userHash: word,
            updatedAt: isoTimestamp,
            value: nullable(value),
            oldValue: nullable(value),
            newValue: nullable(value),
            oldScore: score,
            newScore: score,
          },
          ['userHash', 'updatedAt', 'value'],
        )
      : allOf({ userHash: word, updatedAt: isoTimestamp, value: nullable(value) });
  return someOf({ value: nullable(value), score, changeHistory: few(change) }, ['value', 'score']);
}

const mappingInfo = someOf({ message: oneOf(MAPPING_INFO_MESSAGES), path: word, detail: text }, ['message']);

// Version 2 bounds, which version 3 also accepts.
const ageHalves = (version: Version) =>
  allOf({ min: scored(fc.integer({ min: 0, max: 359 }), version), max: scored(fc.integer({ min: 0, max: 360 }), version) });

const limitation = allOf({
  quantity: fc.integer({ min: 1, max: 10 }),
  frequency: fc.integer({ min: 1, max: 60 }),
  timePeriod: oneOf(TIME_PERIODS),
});

const waitingPeriod = (version: Version) =>
  someOf(
    {
      codes: few(knownCode(version), 3),
      months: fc.integer({ min: 0, max: 9999 }),
      days: fc.integer({ min: 0, max: 36000 }),
      years: fc.integer({ min: 0, max: 9999 }),
      weeks: fc.integer({ min: 0, max: 5400 }),
    },
    [],
  ).filter((wp) => [wp.months, wp.days, wp.years, wp.weeks].some((n) => n !== undefined));

const correlation = (version: Version) =>
  someOf(
    {
      code: knownCode(version),
      how: oneOf(CORRELATION_TYPES),
      apply: fc.boolean(),
      data: fc.oneof(fc.integer(), word, fc.boolean(), fc.constant(null)),
    },
    ['code', 'how'],
  );

const caveat = (version: Version): fc.Arbitrary<unknown> =>
  version === 3 ? few(allOf({ value: text, score: fc.integer({ min: 1, max: 4 }) }), 3) : text;

const exception = (version: Version) =>
  someOf(
    { benefitLevel: scored(percent, version), limitation: scored(limitation, version), deductible: scored(fc.boolean(), version) },
    [],
  );

// ---------- Benefit entries ----------

type Grouping = {
  readonly category: string;
  readonly subcategory?: string;
  readonly code?: string;
  readonly wholeCategory?: boolean;
};

/** The fields every benefit entry may have, whatever its key. */
function benefitEntry(version: Version, grouping: fc.Arbitrary<Grouping>) {
  const fields = someOf(
    {
      appliesToAnnualMax: scored(fc.boolean(), version),
      annualMax: scored(amount, version),
      benefitLevel: scored(percent, version),
      deductible: scored(fc.boolean(), version),
      waitingPeriod: scored(waitingPeriod(version), version),
      lifetimeMaximum: scored(amount, version),
      limitation: scored(limitation, version),
      age: ageHalves(version),
      correlatedWith: few(correlation(version)),
      caveat: caveat(version),
      exceptions: someOf({ child: exception(version), dependent: exception(version), student: exception(version) }, []),
      mappingInfo: few(mappingInfo),
    },
    [],
  );
  return fc.tuple(grouping, fields).map(([group, entry]) => {
    // An entry correlated by WAITING_PERIOD must state a waiting period (DOCUMENTS.md, benefit entry rules).
    const hasWaitingPeriod = entry.waitingPeriod !== undefined && entry.waitingPeriod.value !== null;
    const correlatedWith = hasWaitingPeriod
      ? entry.correlatedWith
      : entry.correlatedWith?.map((c) => (c.how === 'WAITING_PERIOD' ? { ...c, how: 'IN_CONJUNCTION' as const } : c));
    return { ...group, ...entry, ...(correlatedWith === undefined ? {} : { correlatedWith }) };
  });
}

type CodeInfo = (typeof ENTRY_CODES)[number];

function codeGrouping(info: CodeInfo, version: Version): fc.Arbitrary<Grouping> {
  const code = spell(info.code, version);
  if (version === 2) {
    return someOf({ category: fc.constant(String(info.oldCategory)), code: fc.constant(code), wholeCategory: fc.boolean() }, ['category']);
  }
  const category = fc.constant(String(info.category));
  if (info.subcategory === undefined) return someOf({ category, code: fc.constant(code) }, ['category']);
  return someOf({ category, code: fc.constant(code), subcategory: fc.constant(String(info.subcategory)) }, ['category']);
}

/** adaCodes: code keys in the version's spelling; version 3 adds CAT: and SUB: keys. */
function adaCodes(version: Version): fc.Arbitrary<Record<string, unknown>> {
  const codeEntries = fc
    .uniqueArray(oneOf(ENTRY_CODES), { maxLength: 4, selector: (info) => info.code })
    .chain((infos) =>
      fc.tuple(
        ...infos.map((info) => benefitEntry(version, codeGrouping(info, version)).map((e) => [spell(info.code, version), e] as const)),
      ),
    );
  if (version === 2) return codeEntries.map((entries) => Object.fromEntries(entries));
  const categoryEntries = fc
    .uniqueArray(oneOf(CATEGORIES), { maxLength: 2 })
    .chain((names) =>
      fc.tuple(
        ...names.map((name) => benefitEntry(3, fc.constant({ category: name })).map((e) => [`${CATEGORY_KEY_PREFIX}${name}`, e] as const)),
      ),
    );
  const subcategoryEntries = fc
    .uniqueArray(oneOf(SUBCATEGORIES), { maxLength: 2 })
    .chain((names) =>
      fc.tuple(
        ...names.map((name) =>
          benefitEntry(3, oneOf(CATEGORIES).map((category) => ({ category, subcategory: name }))).map(
            (e) => [`${SUBCATEGORY_KEY_PREFIX}${name}`, e] as const,
          ),
        ),
      ),
    );
  return fc
    .tuple(codeEntries, categoryEntries, subcategoryEntries)
    .map(([codes, categories, subcategories]) => Object.fromEntries([...codes, ...categories, ...subcategories]));
}

// ---------- Plan ----------

function plan(version: Version) {
  const details = allOf({
    benefitYear: scored(oneOf(BENEFIT_YEARS), version),
    participation: scored(oneOf(PARTICIPATIONS), version),
    initiationDate: scored(isoTimestamp, version),
  });
  const detailsOfVersion = fc
    .tuple(details, fc.option(few(mappingInfo), { nil: undefined }), scored(oneOf(PLAN_TYPES), version))
    .map(([d, mapping, planType]) => ({
      ...d,
      ...(version === 3 ? { planType } : {}),
      ...(mapping === undefined ? {} : { mappingInfo: mapping }),
    }));
  const payerFields = {
    id: word,
    name: text,
    street1: text,
    street2: text,
    city: word,
    state: word,
    zipCode: digits,
    phoneNumber: digits,
    masterDBCarrierID: word,
  };
  const payer =
    version === 3
      ? someOf({ ...payerFields, typeOfVerification: word, createdAsNotSure: fc.boolean() }, ['id', 'name'])
      : someOf(payerFields, ['id', 'name']);
  const sponsor = allOf({
    sponsorName: scored(text, version),
    sponsorType: scored(oneOf(SPONSOR_TYPES), version),
    groupNumber: scored(word, version),
    groupName: scored(text, version),
  });
  const benefits = someOf(
    {
      missingToothClause: scored(fc.boolean(), version),
      annualMax: scored(amount, version),
      deductible: someOf({ individual: scored(amount, version), family: scored(amount, version) }, []),
      age: someOf({ child: ageHalves(version), student: ageHalves(version), dependent: ageHalves(version) }, []),
      adaCodes: adaCodes(version),
      mappingInfo: few(mappingInfo),
    },
    ['adaCodes'],
  );
  const shared = someOf(
    {
      score: fc.integer({ min: 0, max: 10 }),
      details: detailsOfVersion,
      payer,
      sponsor,
      benefits,
      lastSubmission: nullable(isoTimestamp),
      planMetadata: allOf({ payerSpecificPlanType: allOf({ matchedValue: oneOf(PAYER_PLAN_TYPES), originalValue: text }) }),
      scoringEngineVersion: word,
      caveat: caveat(version),
      userHashes: few(word),
      planHash: word,
      schemaVersion: fc.constant(version),
    },
    ['score', 'details', 'payer', 'sponsor', 'benefits', 'schemaVersion'],
  );
  if (version === 2) return shared;
  return fc.tuple(shared, fc.option(text, { nil: undefined })).map(([p, planNotes]) => (planNotes === undefined ? p : { ...p, planNotes }));
}

export const planV2 = plan(2);
export const planV3 = plan(3);

// ---------- Patient ----------

/** Anterior teeth (DOCUMENTS.md "Patient"): 6-11, 22-27, C-H, M-R; their surfaces are M D L I F, else M D L O B. */
const ANTERIOR = new Set(['6', '7', '8', '9', '10', '11', '22', '23', '24', '25', '26', '27', ...'CDEFGHMNOPQR']);
const surfacesOf = (tooth: string): fc.Arbitrary<string> =>
  fc.shuffledSubarray([...(ANTERIOR.has(tooth) ? 'MDLIF' : 'MDLOB')], { minLength: 1 }).map((letters) => letters.join(''));

const toothSurfaces = fc
  .uniqueArray(oneOf(TEETH), { maxLength: 3 })
  .chain((teeth) => fc.tuple(...teeth.map((tooth) => surfacesOf(tooth).map((s) => [tooth, s] as const))))
  .map((pairs) => Object.fromEntries(pairs));

const historyRecord = (version: Version) =>
  someOf(
    {
      code: knownCode(version),
      date: patientDate,
      notes: text,
      tooth: few(oneOf(TEETH), 3),
      surfaces: toothSurfaces,
      quadrants: few(oneOf(QUADRANTS)),
      arch: oneOf(ARCHES),
      teethRange: oneOf(TEETH_REGIONS),
    },
    ['code', 'date'],
  );

const patientFields = (version: Version) => ({
  deductibleRemaining: scored(amount, version),
  insuranceRemaining: scored(amount, version),
  effectiveDate: scored(patientDate, version),
  note: text,
  feeSchedule: nullable(oneOf(OUT_OF_NETWORK_FEE_SCHEDULES)),
  history: few(historyRecord(version), 3),
  historyStatus: oneOf(HISTORY_STATUSES),
});

export const patientV2 = someOf(patientFields(2), ['history', 'historyStatus']);
export const patientV3 = someOf(
  {
    ...patientFields(3),
    unmappedHistory: few(allOf({ originalBenefitKey: word, code: word, date: text, isWrongDate: fc.boolean() })),
    coverageStatus: oneOf(COVERAGE_STATUSES),
    planEndDate: nullable(patientDate),
  },
  ['history', 'historyStatus', 'coverageStatus'],
);

// ---------- Ticket ----------

const patientInfo = someOf(
  {
    patientFirstName: word,
    patientLastName: word,
    patientDOB: patientDate,
    patientMemberId: word,
    patientAddress: text,
    patientRelationToSubscriber: oneOf(RELATIONS_TO_SUBSCRIBER),
    subscriberFirstName: word,
    subscriberLastName: word,
    subscriberDOB: patientDate,
    subscriberMemberId: word,
  },
  ['patientFirstName', 'patientLastName', 'patientDOB', 'patientMemberId', 'patientRelationToSubscriber'],
);

const clientInfo = someOf(
  {
    name: text,
    primaryDoctorName: text,
    taxId: digits,
    phone: text,
    npi: digits,
    address: text,
    maleAgent: word,
    femaleAgent: word,
  },
  [],
);

function ticket(version: Version) {
  return someOf(
    {
      integrationPatientInfo: patientInfo,
      integrationClientInfo: clientInfo,
      resolvedDate: nullable(isoTimestamp),
      draft: few(version === 3 ? planV3 : planV2),
      submitPlanId: nullable(word),
      status: oneOf(TICKET_STATUSES),
      verificPlusInteralId: word,
      clientSpecificPlanId: word,
      payerAgentName: word,
      callReference: word,
      documents: few(url),
      alertNotes: few(allOf({ creationDate: isoTimestamp, alertContent: text, user: word })),
      externalUrl: url,
      integration: word,
      externalId: word,
      ticketHash: word,
      schemaVersion: fc.constant(version),
      isDirty: fc.boolean(),
      requesterId: word,
      imported: fc.boolean(),
      ehr: word,
      ehrVersion: word,
      pluginName: word,
      pluginVersion: word,
      pluginEnvironment: word,
    },
    ['integrationPatientInfo', 'draft', 'status', 'verificPlusInteralId', 'schemaVersion'],
  );
}

// ---------- Ticket wrapper ----------

/** A valid version 2 ticket wrapper (DOCUMENTS.md). */
export const ticketWrapperV2 = allOf({
  patient: patientV2,
  plan: nullable(planV2),
  ticket: ticket(2),
  schemaVersion: fc.constant(2 as const),
});

/** A valid version 3 ticket wrapper (DOCUMENTS.md) that version 2 can also express, but for what 3 -> 2 drops. */
export const ticketWrapperV3 = allOf({
  patient: patientV3,
  plan: nullable(planV3),
  ticket: ticket(3),
  schemaVersion: fc.constant(3 as const),
});
