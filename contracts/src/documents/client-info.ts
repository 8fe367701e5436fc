/**
 * The dental office as the integration sent it. Versions 1 and 2 hold the NPI and tax id as digits only;
 * version 3 dropped that rule (DOCUMENTS.md "Ticket").
 */
import { z } from 'zod';
import { ADDRESS_MAX_LENGTH, NAME_MAX_LENGTH, ORGANIZATION_NAME_MAX_LENGTH, tooLongMessage } from '../limits';
import { VALIDATION_MESSAGES } from '../validation/messages';

/** A tax id, an NPI (10 digits) or a phone number, with room for separators and an extension. */
const CLIENT_NUMBER_MAX_LENGTH = 32;

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
const boundedText = (max: number) => z.string().max(max, { error: tooLongMessage(max) }).optional();

/** Version 3 is also what POST /api/verifications takes (`clientInfo`): its texts are bounded. */
export const ClientInfoV3 = z.strictObject({
  name: boundedText(ORGANIZATION_NAME_MAX_LENGTH),
  primaryDoctorName: boundedText(NAME_MAX_LENGTH),
  taxId: boundedText(CLIENT_NUMBER_MAX_LENGTH),
  phone: boundedText(CLIENT_NUMBER_MAX_LENGTH),
  npi: boundedText(CLIENT_NUMBER_MAX_LENGTH),
  address: boundedText(ADDRESS_MAX_LENGTH),
  maleAgent: boundedText(NAME_MAX_LENGTH),
  femaleAgent: boundedText(NAME_MAX_LENGTH),
} satisfies Record<keyof typeof clientInfoShape, z.ZodType>);

export type ClientInfoV1 = z.infer<typeof ClientInfoV1>;
export type ClientInfoV2 = ClientInfoV1;
export type ClientInfoV3 = z.infer<typeof ClientInfoV3>;
