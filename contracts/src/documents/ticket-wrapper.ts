/**
 * The stored verification document: patient, plan (null until one is chosen), ticket and the schema version of
 * the whole (DOCUMENTS.md "Ticket wrapper"). A document without `schemaVersion` is version 1.
 */
import { z } from 'zod';
import { PatientV1, PatientV2, PatientV3 } from './patient';
import { PlanV1, PlanV2, PlanV3 } from './plan';
import { TicketV1, TicketV2, TicketV3 } from './ticket';

export const TicketWrapperV1 = z.looseObject({
  patient: PatientV1,
  plan: PlanV1.nullable(),
  ticket: TicketV1,
  schemaVersion: z.literal(1).optional(),
});

export const TicketWrapperV2 = z.looseObject({
  patient: PatientV2,
  plan: PlanV2.nullable(),
  ticket: TicketV2,
  schemaVersion: z.literal(2),
});

export const TicketWrapperV3 = z.strictObject({
  patient: PatientV3,
  plan: PlanV3.nullable(),
  ticket: TicketV3,
  schemaVersion: z.literal(3),
});

export type TicketWrapperV1 = z.infer<typeof TicketWrapperV1>;
export type TicketWrapperV2 = z.infer<typeof TicketWrapperV2>;
export type TicketWrapperV3 = z.infer<typeof TicketWrapperV3>;
