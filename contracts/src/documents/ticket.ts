/**
 * The ticket: the work item of a verification (DOCUMENTS.md "Ticket"): who the patient is, the plans drafted
 * for them, status, documents, notes and where it came from.
 */
import { z } from 'zod';
import { TicketStatus } from '../enums';
import { AlertNoteV1, AlertNoteV2, AlertNoteV3 } from './alert-note';
import { ClientInfoV1, ClientInfoV2, ClientInfoV3 } from './client-info';
import { TimestampV1, TimestampV2, TimestampV3 } from './dates';
import { PatientInfoV1, PatientInfoV2, PatientInfoV3 } from './patient-info';
import { PlanV1, PlanV2, PlanV3 } from './plan';

/**
 * Documents and the external URL are rendered as links, so only http and https pass: a stored 'javascript:'
 * URL must never reach an href.
 */
export const WebUrl = z.url({ protocol: /^https?$/ });

/** Keys every version shares with the same schema. */
const sharedTicketShape = {
  submitPlanId: z.string().nullable().optional(),
  status: TicketStatus,
  // The spec's {product}PlusInteralId with the product name filled in; the misspelling is the stored key.
  verificPlusInteralId: z.string(),
  clientSpecificPlanId: z.string().optional(),
  payerAgentName: z.string().optional(),
  callReference: z.string().optional(),
  documents: z.array(WebUrl).optional(),
  externalUrl: WebUrl.optional(),
  integration: z.string().optional(),
  externalId: z.string().optional(),
  ticketHash: z.string().optional(),
  isDirty: z.boolean().optional(),
  requesterId: z.string().optional(),
  imported: z.boolean().optional(),
  ehr: z.string().optional(),
  ehrVersion: z.string().optional(),
  pluginName: z.string().optional(),
  pluginVersion: z.string().optional(),
  pluginEnvironment: z.string().optional(),
};

export const TicketV1 = z.looseObject({
  ...sharedTicketShape,
  integrationPatientInfo: PatientInfoV1,
  integrationClientInfo: ClientInfoV1.optional(),
  resolvedDate: TimestampV1.nullable().optional(),
  draft: z.array(PlanV1),
  alertNotes: z.array(AlertNoteV1).optional(),
  // Version 1 documents predate the field; its absence means version 1.
  schemaVersion: z.literal(1).optional(),
});

export const TicketV2 = z.looseObject({
  ...sharedTicketShape,
  integrationPatientInfo: PatientInfoV2,
  integrationClientInfo: ClientInfoV2.optional(),
  resolvedDate: TimestampV2.nullable().optional(),
  draft: z.array(PlanV2),
  alertNotes: z.array(AlertNoteV2).optional(),
  schemaVersion: z.literal(2),
});

export const TicketV3 = z.strictObject({
  ...sharedTicketShape,
  integrationPatientInfo: PatientInfoV3,
  integrationClientInfo: ClientInfoV3.optional(),
  resolvedDate: TimestampV3.nullable().optional(),
  draft: z.array(PlanV3),
  alertNotes: z.array(AlertNoteV3).optional(),
  schemaVersion: z.literal(3),
});

export type TicketV1 = z.infer<typeof TicketV1>;
export type TicketV2 = z.infer<typeof TicketV2>;
export type TicketV3 = z.infer<typeof TicketV3>;
