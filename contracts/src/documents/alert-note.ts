/** A note an agent pins on a ticket so the next reader sees it first. */
import { z } from 'zod';
import { TimestampV1, TimestampV2, TimestampV3 } from './dates';

const noteShape = { alertContent: z.string(), user: z.string() };

export const AlertNoteV1 = z.looseObject({ creationDate: TimestampV1, ...noteShape });
export const AlertNoteV2 = z.looseObject({ creationDate: TimestampV2, ...noteShape });
export const AlertNoteV3 = z.strictObject({ creationDate: TimestampV3, ...noteShape });

export type AlertNoteV1 = z.infer<typeof AlertNoteV1>;
export type AlertNoteV2 = z.infer<typeof AlertNoteV2>;
export type AlertNoteV3 = z.infer<typeof AlertNoteV3>;
