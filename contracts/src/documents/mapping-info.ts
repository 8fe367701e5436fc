/**
 * Mapping info: notes the data mapping leaves on a plan, its benefits or an entry (DOCUMENTS.md "Plan").
 * Anything that is not such a note, or (version 3) has keys a note does not have, is 'Wrong mapping info entry'.
 */
import { z } from 'zod';
import { MappingInfoMessage } from '../enums';
import { VALIDATION_MESSAGES } from '../validation/messages';

const WRONG_ENTRY = { error: VALIDATION_MESSAGES.wrongMappingInfoEntry };

const mappingInfoShape = {
  message: MappingInfoMessage,
  path: z.string().optional(),
  detail: z.string().optional(),
};

export const MappingInfoV1 = z.looseObject(mappingInfoShape, WRONG_ENTRY);
export const MappingInfoV2 = MappingInfoV1;
export const MappingInfoV3 = z.strictObject(mappingInfoShape, WRONG_ENTRY);

export const MappingInfoListV1 = z.array(MappingInfoV1, WRONG_ENTRY);
export const MappingInfoListV2 = MappingInfoListV1;
export const MappingInfoListV3 = z.array(MappingInfoV3, WRONG_ENTRY);

export type MappingInfoV1 = z.infer<typeof MappingInfoV1>;
export type MappingInfoV2 = MappingInfoV1;
export type MappingInfoV3 = z.infer<typeof MappingInfoV3>;
