/**
 * The dental office as the integration sent it. Versions 1 and 2 hold the NPI and tax id as digits only;
 * version 3 dropped that rule (DOCUMENTS.md "Ticket").
 */
import { z } from 'zod';
import { VALIDATION_MESSAGES } from '../validation/messages';

/** Digits only; an empty text passes because every client field is optional and forms send '' for "not filled". */
export const DigitsOnly = z.string().regex(/^\d*$/, { error: VALIDATION_MESSAGES.digitsOnly });

const clientInfoShape = {
  name: z.string().optional(),
  primaryDoctorName: z.string().optional(),
  taxId: z.string().optional(),
  phone: z.string().optional(),
  npi: z.string().optional(),
  address: z.string().optional(),
  maleAgent: z.string().optional(),
  femaleAgent: z.string().optional(),
};

export const ClientInfoV1 = z.looseObject({
  ...clientInfoShape,
  taxId: DigitsOnly.optional(),
  npi: DigitsOnly.optional(),
});
export const ClientInfoV2 = ClientInfoV1;
export const ClientInfoV3 = z.strictObject(clientInfoShape);

export type ClientInfoV1 = z.infer<typeof ClientInfoV1>;
export type ClientInfoV2 = ClientInfoV1;
export type ClientInfoV3 = z.infer<typeof ClientInfoV3>;
