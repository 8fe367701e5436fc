/**
 * Tooth surfaces of a history record: `{ [tooth]: letters }` (DOCUMENTS.md "Patient"). A front (anterior) tooth
 * has mesial, distal, lingual, incisal and facial surfaces; a back (posterior) tooth has occlusal and buccal in
 * place of incisal and facial. Each letter at most once.
 */
import { z } from 'zod';
import { TEETH } from '../enums';
import { VALIDATION_MESSAGES } from '../validation/messages';

const numbered = (from: number, to: number): string[] =>
  Array.from({ length: to - from + 1 }, (_, i) => String(from + i));

/** Anterior teeth: permanent 6-11 and 22-27, primary C-H and M-R; every other tooth is posterior. */
const ANTERIOR_TEETH: ReadonlySet<string> = new Set([
  ...numbered(6, 11),
  ...numbered(22, 27),
  ...'CDEFGH',
  ...'MNOPQR',
]);
const KNOWN_TEETH: ReadonlySet<string> = new Set(TEETH);

export const ANTERIOR_SURFACE_LETTERS = 'MDLIF';
export const POSTERIOR_SURFACE_LETTERS = 'MDLOB';

export function isAnteriorTooth(tooth: string): boolean {
  return ANTERIOR_TEETH.has(tooth);
}

/** True when `letters` is one or more distinct surfaces that the tooth has. */
export function isValidToothSurfaces(tooth: string, letters: string): boolean {
  const allowed = isAnteriorTooth(tooth) ? ANTERIOR_SURFACE_LETTERS : POSTERIOR_SURFACE_LETTERS;
  const chars = [...letters];
  return chars.length > 0 && chars.every((c) => allowed.includes(c)) && new Set(chars).size === chars.length;
}

/**
 * One check for keys and values because a value's alphabet depends on its key; both errors sit at the tooth's
 * path and differ by message.
 */
export const ToothSurfaces = z
  .record(z.string(), z.string({ error: VALIDATION_MESSAGES.wrongSurfaceValue }))
  .superRefine((surfaces, ctx) => {
    for (const [tooth, letters] of Object.entries(surfaces)) {
      if (!KNOWN_TEETH.has(tooth)) {
        ctx.addIssue({ code: 'custom', message: VALIDATION_MESSAGES.wrongSurfaceTooth, path: [tooth] });
      } else if (!isValidToothSurfaces(tooth, letters)) {
        ctx.addIssue({ code: 'custom', message: VALIDATION_MESSAGES.wrongSurfaceValue, path: [tooth] });
      }
    }
  });

export type ToothSurfaces = z.infer<typeof ToothSurfaces>;
