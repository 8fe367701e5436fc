/**
 * Free-form JSON fields (a ticket edit's value, a feature flag's object value, office integration data). zod's
 * `z.json()` validates recursively, so a deep enough value overflows the stack (10,000 levels answered 500): here
 * a guard first checks, without recursion, that the value stays within JSON_MAX_DEPTH and JSON_STRING_MAX_LENGTH,
 * and only a value that does is handed to `z.json()`.
 */
import { z } from 'zod';
import { jsonLimitProblems } from './limits';

/** The one guard every bounded JSON schema starts with (a pipe stops at the guard's issues). */
const JsonBounds = z.unknown().superRefine((value, context) => {
  for (const problem of jsonLimitProblems(value)) {
    context.addIssue({ code: 'custom', path: problem.path, message: problem.message });
  }
});

/** Any JSON value within the limits. */
export const JsonValue = JsonBounds.pipe(z.json());
export type JsonValue = z.infer<typeof JsonValue>;

/** A JSON object (not an array, not null) within the limits. */
export const JsonObject = JsonBounds.pipe(z.record(z.string(), z.json()));
export type JsonObject = z.infer<typeof JsonObject>;

/**
 * True for a schema that starts with the bounds guard (JsonValue, JsonObject and what is derived from them with
 * refinements), whose texts and depth are therefore bounded although `z.json()` itself names no maximum.
 */
export function isBoundedJson(schema: z.core.$ZodType): boolean {
  const def = schema._zod.def;
  return def.type === 'pipe' && (def as z.core.$ZodPipeDef).in === JsonBounds;
}
