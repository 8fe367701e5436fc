/**
 * Caveats: free text in versions 1 and 2, a list of scored notes in version 3 (DOCUMENTS.md "Plan").
 * A caveat of the other version's form is 'Wrong caveat type'.
 */
import { z } from 'zod';
import { VALIDATION_MESSAGES } from '../validation/messages';
import { ScoreV3 } from './scored';

const WRONG_TYPE = { error: VALIDATION_MESSAGES.wrongCaveatType };

export const CaveatV1 = z.string(WRONG_TYPE);
export const CaveatV2 = CaveatV1;

export const CaveatEntryV3 = z.strictObject({ value: z.string(), score: ScoreV3 }, WRONG_TYPE);
export const CaveatV3 = z.array(CaveatEntryV3, WRONG_TYPE);

export type CaveatV1 = z.infer<typeof CaveatV1>;
export type CaveatV2 = CaveatV1;
export type CaveatEntryV3 = z.infer<typeof CaveatEntryV3>;
export type CaveatV3 = z.infer<typeof CaveatV3>;
