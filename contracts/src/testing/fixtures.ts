/**
 * One valid ticket wrapper per schema version, for any test to reuse: a Delta Dental PPO plan with exams twice
 * per 12 months (D0120), bitewings, adult cleanings (D1110), a crown with a 12-month waiting period (D2740) and a
 * core buildup that shares the crown's waiting period (D2950); a patient history with teeth, surfaces and
 * quadrants.
 *
 * The three are one document: `validTicketV2` is what migrating `validTicketV1` to version 2 gives, and
 * `validTicketV3` what migrating `validTicketV2` to version 3 gives (DOCUMENTS.md "Migrations"); migration tests
 * assert exactly that, so change all three together. The plan appears twice (wrapper and draft) as separate
 * objects, so an in-place migration cannot alias them. Everything is deep-frozen: a test that wants to change a
 * fixture clones it first (`structuredClone`, or `withValueAt` below), and a migration that mutates its input
 * fails loudly.
 */
import { type TicketWrapperV1, type TicketWrapperV2, type TicketWrapperV3 } from '../documents/ticket-wrapper';
import { type PlanV1, type PlanV2, type PlanV3 } from '../documents/plan';

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/**
 * A deep copy of `doc` with the value at `path` replaced; `path` is in the validators' format
 * ('plan.benefits.adaCodes.ADA:D0120.limitation.value.timePeriod', array indexes as numbers). Typed `unknown`
 * because the copy is usually no longer a valid document. Throws when the path does not lead into the document,
 * so a typo in a test cannot pass silently.
 */
export function withValueAt(doc: unknown, path: string, value: unknown): unknown {
  const copy = structuredClone(doc);
  const { parent, key } = locate(copy, path);
  parent[key] = value;
  return copy;
}

/** A deep copy of `doc` without the key at `path`. */
export function withoutKeyAt(doc: unknown, path: string): unknown {
  const copy = structuredClone(doc);
  const { parent, key } = locate(copy, path);
  if (!(key in parent)) throw new Error(`Nothing to remove at ${path}`);
  delete parent[key];
  return copy;
}

function isContainer(node: unknown): node is Record<string, unknown> {
  return typeof node === 'object' && node !== null;
}

function locate(root: unknown, path: string): { parent: Record<string, unknown>; key: string } {
  const segments = path.split('.');
  const key = segments.pop();
  let node = root;
  for (const segment of segments) {
    if (!isContainer(node)) throw new Error(`No object at ${segment} of ${path}`);
    node = node[segment];
  }
  if (!isContainer(node) || key === undefined) throw new Error(`No object holds ${path}`);
  return { parent: node, key };
}

// Instants: epoch milliseconds in version 1, their toISOString() from version 2 on.
const INITIATED_MS = Date.UTC(2023, 0, 1);
const INITIATED = '2023-01-01T00:00:00.000Z';
const EDITED_MS = Date.UTC(2024, 0, 15, 14, 30);
const EDITED = '2024-01-15T14:30:00.000Z';
const ALERTED_MS = Date.UTC(2024, 0, 15, 14, 45);
const ALERTED = '2024-01-15T14:45:00.000Z';
const SUBMITTED_MS = Date.UTC(2024, 0, 15, 15, 0);
const SUBMITTED = '2024-01-15T15:00:00.000Z';
const RESOLVED_MS = Date.UTC(2024, 0, 15, 15, 5);
const RESOLVED = '2024-01-15T15:05:00.000Z';

// Patient days: midnight UTC in version 1, MM/DD/YYYY from version 2 on.
const BORN_MS = Date.UTC(1985, 3, 12);
const BORN = '04/12/1985';
const EFFECTIVE_MS = Date.UTC(2021, 2, 1);
const EFFECTIVE = '03/01/2021';
const CROWNED_MS = Date.UTC(2022, 10, 3);
const CROWNED = '11/03/2022';
const RECALL_MS = Date.UTC(2023, 7, 14);
const RECALL = '08/14/2023';
const FILLED_MS = Date.UTC(2024, 1, 20);
const FILLED = '02/20/2024';

const AGENT = 'u-7f3a19';
const CROWN_ALERT = 'Crowns have a 12-month waiting period.';

// ---------- Version 1 ----------

function planV1(): PlanV1 {
  return {
    score: 8,
    details: {
      benefitYear: { value: 'january', score: 3 },
      participation: { value: 'DPPO', score: 3 },
      initiationDate: { value: INITIATED_MS, score: 2 },
      mappingInfo: [{ message: 'BENEFIT_YEAR_FROM_PLAN' }],
    },
    payer: {
      id: 'DDCA1',
      name: 'Delta Dental of California',
      street1: 'P.O. Box 997330',
      city: 'Sacramento',
      state: 'CA',
      zipCode: '95899',
      phoneNumber: '8007654321',
      masterDBCarrierID: 'carrier-0042',
    },
    sponsor: {
      sponsorName: { value: 'Acme Manufacturing Inc.', score: 3 },
      sponsorType: {
        value: 'Employer',
        score: 3,
        changeHistory: [{ userHash: AGENT, timestamp: EDITED_MS, value: 'Individual' }],
      },
      groupNumber: { value: '01234-0001', score: 3 },
      groupName: { value: 'Acme Manufacturing', score: 2 },
    },
    benefits: {
      missingToothClause: { value: false, score: 2 },
      annualMax: { value: 1500, score: 3 },
      deductible: { individual: { value: 50, score: 3 }, family: { value: 150, score: 3 } },
      age: {
        child: {
          value: { min: 0, max: 19 },
          score: 2,
          changeHistory: [{ userHash: AGENT, timestamp: EDITED_MS, value: { min: 0, max: 18 } }],
        },
        student: { value: { min: 19, max: 26 }, score: 2 },
      },
      adaCodes: {
        D0120: {
          category: 'Diagnostic',
          code: 'D0120',
          appliesToAnnualMax: { value: true, score: 3 },
          coinsurance: { value: 100, score: 3 },
          deductible: { value: false, score: 3 },
          limitation: { value: { quantity: 2, frequency: 12, timePeriod: 'mo' }, score: 3 },
          correlatedWith: [{ code: 'D0150', how: 'SHARES_FREQUENCY' }],
          caveat: 'Shares its frequency with comprehensive exams.',
        },
        D0274: {
          category: 'Diagnostic',
          code: 'D0274',
          coinsurance: { value: 100, score: 3 },
          deductible: { value: false, score: 3 },
          limitation: { value: { quantity: 1, frequency: 1, timePeriod: 'yr' }, score: 3 },
        },
        D1110: {
          category: 'Preventive',
          code: 'D1110',
          annualMax: { value: null, score: 1 },
          coinsurance: { value: 100, score: 3 },
          deductible: { value: false, score: 3 },
          limitation: { value: { quantity: 2, frequency: 1, timePeriod: 'yr' }, score: 3 },
          age: { value: { min: 14, max: 99 }, score: 2 },
          exceptions: {
            child: {
              coinsurance: { value: 100, score: 2 },
              limitation: { value: { quantity: 3, frequency: 1, timePeriod: 'yr' }, score: 2 },
            },
          },
        },
        D2740: {
          category: 'Major Restorative',
          code: 'D2740',
          wholeCategory: false,
          appliesToAnnualMax: { value: true, score: 3 },
          coinsurance: { value: 50, score: 3 },
          deductible: { value: true, score: 3 },
          waitingPeriod: { value: { months: 12 }, score: 3 },
          limitation: { value: { quantity: 1, frequency: 5, timePeriod: 'yr' }, score: 3 },
          caveat: 'Replacement only five years after the last crown on the same tooth.',
          mappingInfo: [{ message: 'CONFLICTS', path: 'limitation', detail: 'Portal shows 1 per 7 years' }],
        },
        D2950: {
          category: 'Major Restorative',
          code: 'D2950',
          coinsurance: { value: 50, score: 3 },
          deductible: { value: true, score: 3 },
          waitingPeriod: { value: { codes: ['D2740'], months: 12 }, score: 2 },
          correlatedWith: [{ code: 'D2740', how: 'WAITING_PERIOD', apply: true }],
        },
      },
      mappingInfo: [{ message: 'VALUES_COPIED', path: 'benefits.annualMax', detail: 'Copied from the 2023 plan' }],
    },
    lastSubmition: SUBMITTED_MS,
    planMetadata: { payerSpecificPlanType: { matchedValue: 'standard', originalValue: 'Delta Dental PPO Standard' } },
    scoringEngineVersion: '2.3.0',
    caveat: 'Frequencies confirmed by phone with the carrier.',
    userHashes: [AGENT],
    planHash: 'p-9c2e41',
    schemaVersion: 1,
  };
}

export const validTicketV1: TicketWrapperV1 = deepFreeze<TicketWrapperV1>({
  patient: {
    deductibleRemaining: { value: 50, score: 3 },
    insuranceRemaining: {
      value: 1210,
      score: 3,
      changeHistory: [{ userHash: AGENT, timestamp: EDITED_MS, value: 1500 }],
    },
    effectiveDate: { value: EFFECTIVE_MS, score: 3 },
    note: 'Eligibility confirmed on the Delta Dental portal.',
    feeSchedule: null,
    history: [
      { code: 'D0120', date: RECALL_MS, notes: 'Periodic exam' },
      { code: 'D0274', date: RECALL_MS },
      { code: 'D1110', date: RECALL_MS },
      { code: 'D2740', date: CROWNED_MS, tooth: ['14'] },
      { code: 'D2391', date: FILLED_MS, tooth: ['30'], surfaces: { '30': 'O' } },
      { code: 'D2330', date: FILLED_MS, tooth: ['8'], surfaces: { '8': 'F' } },
      { code: 'D4341', date: FILLED_MS, quadrants: ['UR', 'LR'], teethRange: 'POSTERIOR' },
    ],
    historyStatus: 'Complete',
  },
  plan: planV1(),
  ticket: {
    integrationPatientInfo: {
      patientFirstName: 'Maria',
      patientLastName: 'Lopez',
      patientDOB: BORN_MS,
      patientMemberId: 'DD123456789',
      patientAddress: '1450 Oak Street, Sacramento, CA 95814',
      patientRelationToSubscriber: 'Self',
      subscriberFirstName: 'Maria',
      subscriberLastName: 'Lopez',
      subscriberDOB: BORN_MS,
      subscriberMemberId: 'DD123456789',
    },
    integrationClientInfo: {
      name: 'Bright Smile Dental',
      primaryDoctorName: 'Dr. Anna Chen',
      taxId: '941234567',
      phone: '(916) 555-0142',
      npi: '1234567893',
      address: '200 Capitol Mall, Sacramento, CA 95814',
    },
    resolvedDate: RESOLVED_MS,
    draft: [planV1()],
    submitPlanId: 'p-9c2e41',
    status: 'Resolved',
    verificPlusInteralId: 'VP-2024-000187',
    clientSpecificPlanId: 'BSD-DELTA-PPO',
    payerAgentName: 'Kevin',
    callReference: 'DD-240115-4471',
    documents: ['https://files.example.com/verifications/VP-2024-000187/benefits.pdf'],
    alertNotes: [{ creationDate: ALERTED_MS, alertContent: CROWN_ALERT, user: 'agent.kevin' }],
    externalUrl: 'https://pms.example.com/patients/5531',
    integration: 'nexHealth',
    externalId: '5531',
    ticketHash: 't-51be07',
    schemaVersion: 1,
    isDirty: false,
    requesterId: 'office-42',
    imported: false,
    ehr: 'Dentrix',
    ehrVersion: 'G7.2',
    pluginName: 'verific-bridge',
    pluginVersion: '1.8.0',
    pluginEnvironment: 'production',
  },
  schemaVersion: 1,
});

// ---------- Version 2: ISO and MM/DD/YYYY dates, updatedAt, benefitLevel, lastSubmission, split ages ----------

function planV2(): PlanV2 {
  return {
    score: 8,
    details: {
      benefitYear: { value: 'january', score: 3 },
      participation: { value: 'DPPO', score: 3 },
      initiationDate: { value: INITIATED, score: 2 },
      mappingInfo: [{ message: 'BENEFIT_YEAR_FROM_PLAN' }],
    },
    payer: {
      id: 'DDCA1',
      name: 'Delta Dental of California',
      street1: 'P.O. Box 997330',
      city: 'Sacramento',
      state: 'CA',
      zipCode: '95899',
      phoneNumber: '8007654321',
      masterDBCarrierID: 'carrier-0042',
    },
    sponsor: {
      sponsorName: { value: 'Acme Manufacturing Inc.', score: 3 },
      sponsorType: {
        value: 'Employer',
        score: 3,
        changeHistory: [{ userHash: AGENT, updatedAt: EDITED, value: 'Individual' }],
      },
      groupNumber: { value: '01234-0001', score: 3 },
      groupName: { value: 'Acme Manufacturing', score: 2 },
    },
    benefits: {
      missingToothClause: { value: false, score: 2 },
      annualMax: { value: 1500, score: 3 },
      deductible: { individual: { value: 50, score: 3 }, family: { value: 150, score: 3 } },
      age: {
        child: {
          min: { value: 0, score: 2, changeHistory: [{ userHash: AGENT, updatedAt: EDITED, value: 0 }] },
          max: { value: 19, score: 2, changeHistory: [{ userHash: AGENT, updatedAt: EDITED, value: 18 }] },
        },
        student: { min: { value: 19, score: 2 }, max: { value: 26, score: 2 } },
      },
      adaCodes: {
        D0120: {
          category: 'Diagnostic',
          code: 'D0120',
          appliesToAnnualMax: { value: true, score: 3 },
          benefitLevel: { value: 100, score: 3 },
          deductible: { value: false, score: 3 },
          limitation: { value: { quantity: 2, frequency: 12, timePeriod: 'mo' }, score: 3 },
          correlatedWith: [{ code: 'D0150', how: 'SHARES_FREQUENCY' }],
          caveat: 'Shares its frequency with comprehensive exams.',
        },
        D0274: {
          category: 'Diagnostic',
          code: 'D0274',
          benefitLevel: { value: 100, score: 3 },
          deductible: { value: false, score: 3 },
          limitation: { value: { quantity: 1, frequency: 1, timePeriod: 'yr' }, score: 3 },
        },
        D1110: {
          category: 'Preventive',
          code: 'D1110',
          annualMax: { value: null, score: 1 },
          benefitLevel: { value: 100, score: 3 },
          deductible: { value: false, score: 3 },
          limitation: { value: { quantity: 2, frequency: 1, timePeriod: 'yr' }, score: 3 },
          age: { min: { value: 14, score: 2 }, max: { value: 99, score: 2 } },
          exceptions: {
            child: {
              benefitLevel: { value: 100, score: 2 },
              limitation: { value: { quantity: 3, frequency: 1, timePeriod: 'yr' }, score: 2 },
            },
          },
        },
        D2740: {
          category: 'Major Restorative',
          code: 'D2740',
          wholeCategory: false,
          appliesToAnnualMax: { value: true, score: 3 },
          benefitLevel: { value: 50, score: 3 },
          deductible: { value: true, score: 3 },
          waitingPeriod: { value: { months: 12 }, score: 3 },
          limitation: { value: { quantity: 1, frequency: 5, timePeriod: 'yr' }, score: 3 },
          caveat: 'Replacement only five years after the last crown on the same tooth.',
          mappingInfo: [{ message: 'CONFLICTS', path: 'limitation', detail: 'Portal shows 1 per 7 years' }],
        },
        D2950: {
          category: 'Major Restorative',
          code: 'D2950',
          benefitLevel: { value: 50, score: 3 },
          deductible: { value: true, score: 3 },
          waitingPeriod: { value: { codes: ['D2740'], months: 12 }, score: 2 },
          correlatedWith: [{ code: 'D2740', how: 'WAITING_PERIOD', apply: true }],
        },
      },
      mappingInfo: [{ message: 'VALUES_COPIED', path: 'benefits.annualMax', detail: 'Copied from the 2023 plan' }],
    },
    lastSubmission: SUBMITTED,
    planMetadata: { payerSpecificPlanType: { matchedValue: 'standard', originalValue: 'Delta Dental PPO Standard' } },
    scoringEngineVersion: '2.3.0',
    caveat: 'Frequencies confirmed by phone with the carrier.',
    userHashes: [AGENT],
    planHash: 'p-9c2e41',
    schemaVersion: 2,
  };
}

export const validTicketV2: TicketWrapperV2 = deepFreeze<TicketWrapperV2>({
  patient: {
    deductibleRemaining: { value: 50, score: 3 },
    insuranceRemaining: {
      value: 1210,
      score: 3,
      changeHistory: [{ userHash: AGENT, updatedAt: EDITED, value: 1500 }],
    },
    effectiveDate: { value: EFFECTIVE, score: 3 },
    note: 'Eligibility confirmed on the Delta Dental portal.',
    feeSchedule: null,
    history: [
      { code: 'D0120', date: RECALL, notes: 'Periodic exam' },
      { code: 'D0274', date: RECALL },
      { code: 'D1110', date: RECALL },
      { code: 'D2740', date: CROWNED, tooth: ['14'] },
      { code: 'D2391', date: FILLED, tooth: ['30'], surfaces: { '30': 'O' } },
      { code: 'D2330', date: FILLED, tooth: ['8'], surfaces: { '8': 'F' } },
      { code: 'D4341', date: FILLED, quadrants: ['UR', 'LR'], teethRange: 'POSTERIOR' },
    ],
    historyStatus: 'Complete',
  },
  plan: planV2(),
  ticket: {
    integrationPatientInfo: {
      patientFirstName: 'Maria',
      patientLastName: 'Lopez',
      patientDOB: BORN,
      patientMemberId: 'DD123456789',
      patientAddress: '1450 Oak Street, Sacramento, CA 95814',
      patientRelationToSubscriber: 'Self',
      subscriberFirstName: 'Maria',
      subscriberLastName: 'Lopez',
      subscriberDOB: BORN,
      subscriberMemberId: 'DD123456789',
    },
    integrationClientInfo: {
      name: 'Bright Smile Dental',
      primaryDoctorName: 'Dr. Anna Chen',
      taxId: '941234567',
      phone: '(916) 555-0142',
      npi: '1234567893',
      address: '200 Capitol Mall, Sacramento, CA 95814',
    },
    resolvedDate: RESOLVED,
    draft: [planV2()],
    submitPlanId: 'p-9c2e41',
    status: 'Resolved',
    verificPlusInteralId: 'VP-2024-000187',
    clientSpecificPlanId: 'BSD-DELTA-PPO',
    payerAgentName: 'Kevin',
    callReference: 'DD-240115-4471',
    documents: ['https://files.example.com/verifications/VP-2024-000187/benefits.pdf'],
    alertNotes: [{ creationDate: ALERTED, alertContent: CROWN_ALERT, user: 'agent.kevin' }],
    externalUrl: 'https://pms.example.com/patients/5531',
    integration: 'nexHealth',
    externalId: '5531',
    ticketHash: 't-51be07',
    schemaVersion: 2,
    isDirty: false,
    requesterId: 'office-42',
    imported: false,
    ehr: 'Dentrix',
    ehrVersion: 'G7.2',
    pluginName: 'verific-bridge',
    pluginVersion: '1.8.0',
    pluginEnvironment: 'production',
  },
  schemaVersion: 2,
});

// ---------- Version 3: ADA: codes, new categories, subcategories, caveat lists, plan type, coverage status ----------

function planV3(): PlanV3 {
  return {
    score: 8,
    details: {
      benefitYear: { value: 'january', score: 3 },
      planType: { value: 'unknown', score: 1 },
      participation: { value: 'DPPO', score: 3 },
      initiationDate: { value: INITIATED, score: 2 },
      mappingInfo: [{ message: 'BENEFIT_YEAR_FROM_PLAN' }],
    },
    payer: {
      id: 'DDCA1',
      name: 'Delta Dental of California',
      street1: 'P.O. Box 997330',
      city: 'Sacramento',
      state: 'CA',
      zipCode: '95899',
      phoneNumber: '8007654321',
      masterDBCarrierID: 'carrier-0042',
    },
    sponsor: {
      sponsorName: { value: 'Acme Manufacturing Inc.', score: 3 },
      sponsorType: {
        value: 'Employer',
        score: 3,
        changeHistory: [{ userHash: AGENT, updatedAt: EDITED, value: 'Individual' }],
      },
      groupNumber: { value: '01234-0001', score: 3 },
      groupName: { value: 'Acme Manufacturing', score: 2 },
    },
    benefits: {
      missingToothClause: { value: false, score: 2 },
      annualMax: { value: 1500, score: 3 },
      deductible: { individual: { value: 50, score: 3 }, family: { value: 150, score: 3 } },
      age: {
        child: {
          min: { value: 0, score: 2, changeHistory: [{ userHash: AGENT, updatedAt: EDITED, value: 0 }] },
          max: { value: 19, score: 2, changeHistory: [{ userHash: AGENT, updatedAt: EDITED, value: 18 }] },
        },
        student: { min: { value: 19, score: 2 }, max: { value: 26, score: 2 } },
      },
      adaCodes: {
        'ADA:D0120': {
          category: 'Preventative',
          subcategory: 'Exams',
          code: 'ADA:D0120',
          appliesToAnnualMax: { value: true, score: 3 },
          benefitLevel: { value: 100, score: 3 },
          deductible: { value: false, score: 3 },
          limitation: { value: { quantity: 2, frequency: 12, timePeriod: 'mo' }, score: 3 },
          correlatedWith: [{ code: 'ADA:D0150', how: 'SHARES_FREQUENCY' }],
          caveat: [{ value: 'Shares its frequency with comprehensive exams.', score: 1 }],
        },
        'ADA:D0274': {
          category: 'Preventative',
          subcategory: 'X-Ray',
          code: 'ADA:D0274',
          benefitLevel: { value: 100, score: 3 },
          deductible: { value: false, score: 3 },
          limitation: { value: { quantity: 1, frequency: 1, timePeriod: 'yr' }, score: 3 },
        },
        'ADA:D1110': {
          category: 'Preventative',
          subcategory: 'Prophylaxis',
          code: 'ADA:D1110',
          annualMax: { value: null, score: 1 },
          benefitLevel: { value: 100, score: 3 },
          deductible: { value: false, score: 3 },
          limitation: { value: { quantity: 2, frequency: 1, timePeriod: 'yr' }, score: 3 },
          age: { min: { value: 14, score: 2 }, max: { value: 99, score: 2 } },
          exceptions: {
            child: {
              benefitLevel: { value: 100, score: 2 },
              limitation: { value: { quantity: 3, frequency: 1, timePeriod: 'yr' }, score: 2 },
            },
          },
        },
        'ADA:D2740': {
          category: 'Basic',
          subcategory: 'Crowns',
          code: 'ADA:D2740',
          appliesToAnnualMax: { value: true, score: 3 },
          benefitLevel: { value: 50, score: 3 },
          deductible: { value: true, score: 3 },
          waitingPeriod: { value: { months: 12 }, score: 3 },
          limitation: { value: { quantity: 1, frequency: 5, timePeriod: 'yr' }, score: 3 },
          caveat: [{ value: 'Replacement only five years after the last crown on the same tooth.', score: 1 }],
          mappingInfo: [{ message: 'CONFLICTS', path: 'limitation', detail: 'Portal shows 1 per 7 years' }],
        },
        'ADA:D2950': {
          category: 'Basic',
          subcategory: 'Crowns',
          code: 'ADA:D2950',
          benefitLevel: { value: 50, score: 3 },
          deductible: { value: true, score: 3 },
          waitingPeriod: { value: { codes: ['ADA:D2740'], months: 12 }, score: 2 },
          correlatedWith: [{ code: 'ADA:D2740', how: 'WAITING_PERIOD', apply: true }],
        },
      },
      mappingInfo: [{ message: 'VALUES_COPIED', path: 'benefits.annualMax', detail: 'Copied from the 2023 plan' }],
    },
    lastSubmission: SUBMITTED,
    planMetadata: { payerSpecificPlanType: { matchedValue: 'standard', originalValue: 'Delta Dental PPO Standard' } },
    scoringEngineVersion: '2.3.0',
    caveat: [{ value: 'Frequencies confirmed by phone with the carrier.', score: 1 }],
    userHashes: [AGENT],
    planHash: 'p-9c2e41',
    schemaVersion: 3,
  };
}

export const validTicketV3: TicketWrapperV3 = deepFreeze<TicketWrapperV3>({
  patient: {
    deductibleRemaining: { value: 50, score: 3 },
    insuranceRemaining: {
      value: 1210,
      score: 3,
      changeHistory: [{ userHash: AGENT, updatedAt: EDITED, value: 1500 }],
    },
    effectiveDate: { value: EFFECTIVE, score: 3 },
    note: 'Eligibility confirmed on the Delta Dental portal.',
    feeSchedule: null,
    history: [
      { code: 'ADA:D0120', date: RECALL, notes: 'Periodic exam' },
      { code: 'ADA:D0274', date: RECALL },
      { code: 'ADA:D1110', date: RECALL },
      { code: 'ADA:D2740', date: CROWNED, tooth: ['14'] },
      { code: 'ADA:D2391', date: FILLED, tooth: ['30'], surfaces: { '30': 'O' } },
      { code: 'ADA:D2330', date: FILLED, tooth: ['8'], surfaces: { '8': 'F' } },
      { code: 'ADA:D4341', date: FILLED, quadrants: ['UR', 'LR'], teethRange: 'POSTERIOR' },
    ],
    historyStatus: 'Complete',
    coverageStatus: 'unknown',
  },
  plan: planV3(),
  ticket: {
    integrationPatientInfo: {
      patientFirstName: 'Maria',
      patientLastName: 'Lopez',
      patientDOB: BORN,
      patientMemberId: 'DD123456789',
      patientAddress: '1450 Oak Street, Sacramento, CA 95814',
      patientRelationToSubscriber: 'Self',
      subscriberFirstName: 'Maria',
      subscriberLastName: 'Lopez',
      subscriberDOB: BORN,
      subscriberMemberId: 'DD123456789',
    },
    integrationClientInfo: {
      name: 'Bright Smile Dental',
      primaryDoctorName: 'Dr. Anna Chen',
      taxId: '941234567',
      phone: '(916) 555-0142',
      npi: '1234567893',
      address: '200 Capitol Mall, Sacramento, CA 95814',
    },
    resolvedDate: RESOLVED,
    draft: [planV3()],
    submitPlanId: 'p-9c2e41',
    status: 'Resolved',
    verificPlusInteralId: 'VP-2024-000187',
    clientSpecificPlanId: 'BSD-DELTA-PPO',
    payerAgentName: 'Kevin',
    callReference: 'DD-240115-4471',
    documents: ['https://files.example.com/verifications/VP-2024-000187/benefits.pdf'],
    alertNotes: [{ creationDate: ALERTED, alertContent: CROWN_ALERT, user: 'agent.kevin' }],
    externalUrl: 'https://pms.example.com/patients/5531',
    integration: 'nexHealth',
    externalId: '5531',
    ticketHash: 't-51be07',
    schemaVersion: 3,
    isDirty: false,
    requesterId: 'office-42',
    imported: false,
    ehr: 'Dentrix',
    ehrVersion: 'G7.2',
    pluginName: 'verific-bridge',
    pluginVersion: '1.8.0',
    pluginEnvironment: 'production',
  },
  schemaVersion: 3,
});
