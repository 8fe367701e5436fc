/** Who sponsors the plan (employer, government, the member) and the group it is sold under. */
import { z } from 'zod';
import { SponsorType } from '../enums';
import { scoredV1, scoredV2, scoredV3 } from './scored';

export const SponsorV1 = z.looseObject({
  sponsorName: scoredV1(z.string()),
  sponsorType: scoredV1(SponsorType),
  groupNumber: scoredV1(z.string()),
  groupName: scoredV1(z.string()),
});

export const SponsorV2 = z.looseObject({
  sponsorName: scoredV2(z.string()),
  sponsorType: scoredV2(SponsorType),
  groupNumber: scoredV2(z.string()),
  groupName: scoredV2(z.string()),
});

export const SponsorV3 = z.strictObject({
  sponsorName: scoredV3(z.string()),
  sponsorType: scoredV3(SponsorType),
  groupNumber: scoredV3(z.string()),
  groupName: scoredV3(z.string()),
});

export type SponsorV1 = z.infer<typeof SponsorV1>;
export type SponsorV2 = z.infer<typeof SponsorV2>;
export type SponsorV3 = z.infer<typeof SponsorV3>;
