/**
 * Every validator message of SPEC section 8, each produced by an input that should produce it, alone and at the
 * expected path. Inputs are the shared valid fixtures with one value changed.
 */
import {
  Arch,
  Category,
  CorrelationType,
  CoverageStatus,
  MappingInfoMessage,
  OldCategory,
  PayerPlanType,
  PlanType,
  Quadrant,
  RelationToSubscriber,
  SponsorType,
  Subcategory,
  TicketStatus,
  TimePeriod,
  Tooth,
} from '../enums';
import { type SchemaVersion } from '../documents/schema-version';
import { validTicketV1, validTicketV2, validTicketV3, withValueAt, withoutKeyAt } from '../testing/fixtures';
import { VALIDATION_MESSAGES, type ValidationMessage } from './messages';
import { validateTicket } from './validate';

const FIXTURES = { 1: validTicketV1, 2: validTicketV2, 3: validTicketV3 } as const;

type Case = {
  /** What is wrong, in words. */
  readonly what: string;
  readonly version: SchemaVersion;
  /** Where the wrong value goes; also where the error is expected unless `at` says otherwise. */
  readonly path: string;
  /** The wrong value; `undefined` removes the key. */
  readonly value: unknown;
  readonly at?: string;
};

function expectOnly(message: ValidationMessage, { version, path, value, at }: Case): void {
  const doc = value === undefined ? withoutKeyAt(FIXTURES[version], path) : withValueAt(FIXTURES[version], path, value);
  expect(validateTicket(doc, version)).toEqual({ ok: false, errors: [{ path: at ?? path, message }] });
}

const V3_CROWN = 'plan.benefits.adaCodes.ADA:D2740';
const V3_BUILDUP = 'plan.benefits.adaCodes.ADA:D2950';
const V3_EXAM = 'plan.benefits.adaCodes.ADA:D0120';

const CASES: Record<ValidationMessage, readonly Case[]> = {
  'Invalid adaCode': [
    {
      what: 'a v3 adaCodes key of an unknown code',
      version: 3,
      path: 'plan.benefits.adaCodes.ADA:D0001',
      value: { category: 'Preventative' },
    },
    {
      what: 'a v2 adaCodes key of an unknown code',
      version: 2,
      path: 'plan.benefits.adaCodes.D0001',
      value: { category: 'Diagnostic' },
    },
    { what: 'an entry code other than its key', version: 3, path: `${V3_EXAM}.code`, value: 'ADA:D0274' },
    { what: 'an unknown entry code', version: 1, path: 'plan.benefits.adaCodes.D0120.code', value: 'D0001' },
    { what: 'an unknown correlated code', version: 3, path: `${V3_EXAM}.correlatedWith.0.code`, value: 'ADA:D0001' },
    { what: 'a v2 spelling in a v3 correlation', version: 3, path: `${V3_EXAM}.correlatedWith.0.code`, value: 'D0150' },
    {
      what: 'an unknown correlated code in v1',
      version: 1,
      path: 'plan.benefits.adaCodes.D0120.correlatedWith.0.code',
      value: 'D0001',
    },
    { what: 'an unknown history code', version: 3, path: 'patient.history.0.code', value: 'ADA:D0001' },
    { what: 'a v3 spelling in a v2 history', version: 2, path: 'patient.history.0.code', value: 'ADA:D0120' },
    { what: 'a history code that is no code', version: 1, path: 'patient.history.0.code', value: 'exam' },
  ],
  'Invalid subcategory': [
    { what: 'an unknown subcategory', version: 3, path: `${V3_CROWN}.subcategory`, value: 'Cleanings' },
    {
      what: 'a SUB: key of an unknown subcategory',
      version: 3,
      path: 'plan.benefits.adaCodes.SUB:Cleanings',
      value: { category: 'Basic' },
    },
  ],
  'Invalid category': [
    { what: 'an old-style category in v3', version: 3, path: `${V3_CROWN}.category`, value: 'Major Restorative' },
    { what: 'a v3 category in v2', version: 2, path: 'plan.benefits.adaCodes.D2740.category', value: 'Basic' },
    { what: 'a missing category in v1', version: 1, path: 'plan.benefits.adaCodes.D2740.category', value: undefined },
    {
      what: 'a CAT: key of an unknown category',
      version: 3,
      path: 'plan.benefits.adaCodes.CAT:Cosmetic',
      value: { category: 'Basic' },
    },
  ],
  'Wrong correlation how value': [
    { what: 'an unknown correlation', version: 3, path: `${V3_EXAM}.correlatedWith.0.how`, value: 'SHARES' },
    {
      what: 'an unknown correlation in v2',
      version: 2,
      path: 'plan.benefits.adaCodes.D0120.correlatedWith.0.how',
      value: 'shares_frequency',
    },
  ],
  'Wrong time period': [
    { what: 'an unknown period', version: 3, path: `${V3_EXAM}.limitation.value.timePeriod`, value: 'week' },
    {
      what: 'an unknown period in v1',
      version: 1,
      path: 'plan.benefits.adaCodes.D0120.limitation.value.timePeriod',
      value: 'years',
    },
    {
      what: 'an unknown period in an exception',
      version: 2,
      path: 'plan.benefits.adaCodes.D1110.exceptions.child.limitation.value.timePeriod',
      value: 'm',
    },
    {
      what: 'an unknown period in a draft plan',
      version: 3,
      path: 'ticket.draft.0.benefits.adaCodes.ADA:D1110.limitation.value.timePeriod',
      value: '',
    },
  ],
  'Wrong caveat type': [
    { what: 'a v2 caveat string in v3', version: 3, path: `${V3_EXAM}.caveat`, value: 'Shares its frequency.' },
    {
      what: 'a v3 caveat list in v2',
      version: 2,
      path: 'plan.benefits.adaCodes.D0120.caveat',
      value: [{ value: 'x', score: 1 }],
    },
    { what: 'a plan caveat of the wrong type', version: 1, path: 'plan.caveat', value: 42 },
    { what: 'a caveat entry that is no object', version: 3, path: 'plan.caveat.0', value: 'note' },
  ],
  'Wrong waiting period correlation': [
    {
      what: 'an unknown waiting-period code',
      version: 3,
      path: `${V3_BUILDUP}.waitingPeriod.value.codes.0`,
      value: 'ADA:D0001',
    },
    {
      what: 'an unknown waiting-period code in v1',
      version: 1,
      path: 'plan.benefits.adaCodes.D2950.waitingPeriod.value.codes.0',
      value: 'D2741',
    },
    {
      what: 'a WAITING_PERIOD correlation without waiting period',
      version: 3,
      path: `${V3_BUILDUP}.waitingPeriod`,
      value: undefined,
      at: `${V3_BUILDUP}.correlatedWith.0.how`,
    },
    {
      what: 'a WAITING_PERIOD correlation with an unknown waiting period',
      version: 2,
      path: 'plan.benefits.adaCodes.D2950.waitingPeriod.value',
      value: null,
      at: 'plan.benefits.adaCodes.D2950.correlatedWith.0.how',
    },
  ],
  'Wrong sponor type': [
    { what: 'an unknown sponsor type', version: 3, path: 'plan.sponsor.sponsorType.value', value: 'Union' },
    {
      what: 'an unknown sponsor type in the change history',
      version: 1,
      path: 'plan.sponsor.sponsorType.changeHistory.0.value',
      value: 'employer',
    },
  ],
  'Wrong tooth ID': [
    { what: 'tooth 33', version: 3, path: 'patient.history.3.tooth.0', value: '33' },
    { what: 'primary tooth U', version: 1, path: 'patient.history.3.tooth.0', value: 'U' },
  ],
  'Wrong quadrant': [{ what: 'an unknown quadrant', version: 2, path: 'patient.history.6.quadrants.1', value: 'UP' }],
  'Wrong arch': [{ what: 'an unknown arch', version: 3, path: 'patient.history.6.arch', value: 'upper' }],
  'Wrong key or keys in adaObject': [
    {
      what: 'a v2 code key in v3',
      version: 3,
      path: 'plan.benefits.adaCodes.D0120',
      value: { category: 'Preventative' },
    },
    {
      what: 'a v3 code key in v2',
      version: 2,
      path: 'plan.benefits.adaCodes.ADA:D0120',
      value: { category: 'Diagnostic' },
    },
    {
      what: 'a CAT: key in v1',
      version: 1,
      path: 'plan.benefits.adaCodes.CAT:Basic',
      value: { category: 'Restorative' },
    },
    { what: 'a malformed code key', version: 3, path: 'plan.benefits.adaCodes.ADA:D12', value: { category: 'Basic' } },
    {
      what: 'a free-text key',
      version: 3,
      path: 'plan.benefits.adaCodes.Cleaning',
      value: { category: 'Preventative' },
    },
  ],
  'Wrong tooth as key in surface history': [
    { what: 'tooth 33', version: 3, path: 'patient.history.4.surfaces.33', value: 'O' },
    { what: 'tooth zero in v1', version: 1, path: 'patient.history.4.surfaces.0', value: 'O' },
  ],
  'Wrong surface as value in surface history': [
    { what: 'incisal on a molar', version: 3, path: 'patient.history.4.surfaces.30', value: 'I' },
    { what: 'occlusal on a front tooth', version: 2, path: 'patient.history.5.surfaces.8', value: 'O' },
    { what: 'a surface twice', version: 1, path: 'patient.history.4.surfaces.30', value: 'MOM' },
    { what: 'no surface', version: 3, path: 'patient.history.4.surfaces.30', value: '' },
    { what: 'a lower-case surface', version: 3, path: 'patient.history.5.surfaces.8', value: 'f' },
    { what: 'a number', version: 2, path: 'patient.history.4.surfaces.30', value: 5 },
  ],
  'Wrong relationship to subscriber': [
    {
      what: 'an unknown relation',
      version: 3,
      path: 'ticket.integrationPatientInfo.patientRelationToSubscriber',
      value: 'Husband',
    },
    {
      what: 'a missing relation',
      version: 1,
      path: 'ticket.integrationPatientInfo.patientRelationToSubscriber',
      value: undefined,
    },
  ],
  'Wrong ticket status': [
    { what: 'an unknown status', version: 3, path: 'ticket.status', value: 'Done' },
    { what: 'a status in the wrong case', version: 2, path: 'ticket.status', value: 'resolved' },
  ],
  'Wrong date': [
    { what: 'a day that does not exist', version: 3, path: 'patient.history.0.date', value: '02/30/2024' },
    {
      what: 'an ISO day as patient date',
      version: 3,
      path: 'ticket.integrationPatientInfo.patientDOB',
      value: '1985-04-12',
    },
    { what: 'month 13', version: 2, path: 'patient.effectiveDate.value', value: '13/01/2021' },
    { what: 'an unparseable plan end date', version: 3, path: 'patient.planEndDate', value: 'soon' },
    {
      what: 'epoch ms where v2 wants a day',
      version: 2,
      path: 'ticket.integrationPatientInfo.subscriberDOB',
      value: 482112000000,
    },
    { what: 'a text timestamp', version: 3, path: 'plan.lastSubmission', value: 'yesterday' },
    { what: 'epoch ms where v3 wants ISO', version: 3, path: 'ticket.resolvedDate', value: 1705331100000 },
    {
      what: 'an impossible ISO instant',
      version: 2,
      path: 'plan.details.initiationDate.value',
      value: '2023-02-29T00:00:00.000Z',
    },
    {
      what: 'a change time without zone',
      version: 3,
      path: 'plan.sponsor.sponsorType.changeHistory.0.updatedAt',
      value: '2024-01-15T14:30:00',
    },
    { what: 'an unparseable alert time', version: 2, path: 'ticket.alertNotes.0.creationDate', value: 'Jan 15' },
    { what: 'a v2 day in a v1 history', version: 1, path: 'patient.history.0.date', value: '08/14/2023' },
    { what: 'a fractional epoch', version: 1, path: 'plan.lastSubmition', value: 1705330800000.5 },
    { what: 'an epoch beyond any Date', version: 1, path: 'ticket.resolvedDate', value: 9e15 },
    {
      what: 'a text change time in v1',
      version: 1,
      path: 'patient.insuranceRemaining.changeHistory.0.timestamp',
      value: '2024-01-15',
    },
  ],
  'Wrong mapping info entry': [
    { what: 'an unknown mapping message', version: 3, path: 'plan.details.mappingInfo.0.message', value: 'MAGIC' },
    {
      what: 'a bare message instead of an entry',
      version: 1,
      path: 'plan.benefits.mappingInfo.0',
      value: 'VALUES_COPIED',
    },
    {
      what: 'an unknown key in a v3 entry',
      version: 3,
      path: `${V3_CROWN}.mappingInfo.0.source`,
      value: 'portal',
      at: `${V3_CROWN}.mappingInfo.0`,
    },
    {
      what: 'a mapping list that is no list',
      version: 2,
      path: 'plan.details.mappingInfo',
      value: { message: 'CONFLICTS' },
    },
  ],
  'Wrong coverage status': [
    { what: 'an unknown coverage status', version: 3, path: 'patient.coverageStatus', value: 'expired' },
    { what: 'a missing coverage status', version: 3, path: 'patient.coverageStatus', value: undefined },
  ],
  'Wrong plan type': [
    { what: 'an unknown plan type', version: 3, path: 'plan.details.planType.value', value: 'vision' },
    {
      what: 'an unknown plan type in a draft',
      version: 3,
      path: 'ticket.draft.0.details.planType.value',
      value: 'Dental',
    },
  ],
  'Wrong payer specific plan type': [
    {
      what: 'an unknown payer plan type',
      version: 3,
      path: 'plan.planMetadata.payerSpecificPlanType.matchedValue',
      value: 'premium',
    },
    {
      what: 'an unknown payer plan type in v1',
      version: 1,
      path: 'plan.planMetadata.payerSpecificPlanType.matchedValue',
      value: 'HIGH',
    },
  ],
  'The field should have digits only': [
    { what: 'an NPI with a dash', version: 1, path: 'ticket.integrationClientInfo.npi', value: '123-456-7893' },
    { what: 'a tax id with a dash', version: 2, path: 'ticket.integrationClientInfo.taxId', value: '94-1234567' },
  ],
};

describe('every validator message of SPEC section 8', () => {
  it('has at least one case', () => {
    for (const message of Object.values(VALIDATION_MESSAGES)) expect(CASES[message].length).toBeGreaterThan(0);
  });

  describe.each(Object.entries(CASES))('%s', (message, cases) => {
    it.each(cases.map((c) => [`v${c.version}: ${c.what}`, c] as const))('%s', (_, c) => {
      expectOnly(message as ValidationMessage, c);
    });
  });
});

describe('the valid fixtures stay valid where the older rules differ', () => {
  it('lets version 3 hold an NPI or tax id with punctuation', () => {
    const doc = withValueAt(validTicketV3, 'ticket.integrationClientInfo.taxId', '94-1234567');
    expect(validateTicket(doc, 3)).toEqual({ ok: true });
  });
});

describe('the zod enums of enums.ts carry the same texts', () => {
  const enumsWithMessages = [
    ['Category', Category, 'Invalid category'],
    ['OldCategory', OldCategory, 'Invalid category'],
    ['Subcategory', Subcategory, 'Invalid subcategory'],
    ['CorrelationType', CorrelationType, 'Wrong correlation how value'],
    ['TimePeriod', TimePeriod, 'Wrong time period'],
    ['SponsorType', SponsorType, 'Wrong sponor type'],
    ['Tooth', Tooth, 'Wrong tooth ID'],
    ['Quadrant', Quadrant, 'Wrong quadrant'],
    ['Arch', Arch, 'Wrong arch'],
    ['RelationToSubscriber', RelationToSubscriber, 'Wrong relationship to subscriber'],
    ['TicketStatus', TicketStatus, 'Wrong ticket status'],
    ['MappingInfoMessage', MappingInfoMessage, 'Wrong mapping info entry'],
    ['CoverageStatus', CoverageStatus, 'Wrong coverage status'],
    ['PlanType', PlanType, 'Wrong plan type'],
    ['PayerPlanType', PayerPlanType, 'Wrong payer specific plan type'],
  ] as const;

  it.each(enumsWithMessages)('%s', (_, schema, message) => {
    const result = schema.safeParse('not a member');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([message]);
    expect(Object.values(VALIDATION_MESSAGES)).toContain(message);
  });
});
