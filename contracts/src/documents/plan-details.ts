/** Plan details: benefit year, participation, initiation date and, from version 3, the plan type. */
import { z } from 'zod';
import { BenefitYear, Participation, PlanType } from '../enums';
import { TimestampV1, TimestampV2, TimestampV3 } from './dates';
import { MappingInfoListV1, MappingInfoListV2, MappingInfoListV3 } from './mapping-info';
import { scoredV1, scoredV2, scoredV3 } from './scored';

export const PlanDetailsV1 = z.looseObject({
  benefitYear: scoredV1(BenefitYear),
  participation: scoredV1(Participation),
  initiationDate: scoredV1(TimestampV1),
  mappingInfo: MappingInfoListV1.optional(),
});

export const PlanDetailsV2 = z.looseObject({
  benefitYear: scoredV2(BenefitYear),
  participation: scoredV2(Participation),
  initiationDate: scoredV2(TimestampV2),
  mappingInfo: MappingInfoListV2.optional(),
});

export const PlanDetailsV3 = z.strictObject({
  benefitYear: scoredV3(BenefitYear),
  planType: scoredV3(PlanType),
  participation: scoredV3(Participation),
  initiationDate: scoredV3(TimestampV3),
  mappingInfo: MappingInfoListV3.optional(),
});

export type PlanDetailsV1 = z.infer<typeof PlanDetailsV1>;
export type PlanDetailsV2 = z.infer<typeof PlanDetailsV2>;
export type PlanDetailsV3 = z.infer<typeof PlanDetailsV3>;
