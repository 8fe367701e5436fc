/**
 * Frequency limitation: `quantity` services per `frequency` units of `timePeriod`, e.g. two exams per 12 months
 * is { quantity: 2, frequency: 12, timePeriod: 'mo' } (DOCUMENTS.md "Benefit entry").
 */
import { z } from 'zod';
import { TimePeriod } from '../enums';

/** The older validators want both numbers positive (SPEC section 5). */
const limitationShapeV1 = { quantity: z.number().positive(), frequency: z.number().positive(), timePeriod: TimePeriod };
/** Version 3 only asks for numbers (SPEC section 5); positivity is a rule of the older validators alone. */
const limitationShapeV3 = { quantity: z.number(), frequency: z.number(), timePeriod: TimePeriod };

export const LimitationV1 = z.looseObject(limitationShapeV1);
export const LimitationV2 = LimitationV1;
export const LimitationV3 = z.strictObject(limitationShapeV3);

export type LimitationV1 = z.infer<typeof LimitationV1>;
export type LimitationV2 = LimitationV1;
export type LimitationV3 = z.infer<typeof LimitationV3>;
