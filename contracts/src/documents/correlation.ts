/**
 * A benefit's link to another code: shared frequency, substitution, waiting period... (DOCUMENTS.md
 * "Benefit entry"). The other code must be known ('Invalid adaCode'); `how` must be a correlation type.
 */
import { z } from 'zod';
import { CorrelationType } from '../enums';
import { ProcedureCodeV1, ProcedureCodeV3 } from './procedure-codes';

const correlationFields = {
  how: CorrelationType,
  apply: z.boolean().optional(),
  // Free-form per correlation type; the documents do not fix it.
  data: z.unknown().optional(),
};

export const CorrelationV1 = z.looseObject({ code: ProcedureCodeV1, ...correlationFields });
export const CorrelationV2 = CorrelationV1;
export const CorrelationV3 = z.strictObject({ code: ProcedureCodeV3, ...correlationFields });

export type CorrelationV1 = z.infer<typeof CorrelationV1>;
export type CorrelationV2 = CorrelationV1;
export type CorrelationV3 = z.infer<typeof CorrelationV3>;
