/** The insurance carrier paying the plan; version 3 adds how the plan was verified. */
import { z } from 'zod';

const payerShape = {
  id: z.string(),
  name: z.string(),
  street1: z.string().optional(),
  street2: z.string().optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  zipCode: z.string().optional(),
  phoneNumber: z.string().optional(),
  masterDBCarrierID: z.string().optional(),
};

export const PayerV1 = z.looseObject(payerShape);
export const PayerV2 = PayerV1;
export const PayerV3 = z.strictObject({
  ...payerShape,
  typeOfVerification: z.string().optional(),
  createdAsNotSure: z.boolean().optional(),
});

export type PayerV1 = z.infer<typeof PayerV1>;
export type PayerV2 = PayerV1;
export type PayerV3 = z.infer<typeof PayerV3>;
