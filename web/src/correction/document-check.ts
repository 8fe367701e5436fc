/**
 * The check a corrected document passes before it is sent: it must be JSON, an object, and a ticket wrapper the
 * strict version 3 validator of the contracts accepts (unknown keys refused). The service checks it again with
 * the same validator; the messages are the contract's own (SPEC section 8: 'Wrong date', 'Invalid adaCode' ...).
 */
import { validateTicket } from '@dv/contracts';
import { type FieldIssue } from '../http/api-call-error';

export const JSON_INVALID = 'The JSON is not valid';
export const NOT_AN_OBJECT = 'A ticket document is a JSON object';

export type DocumentCheck = { readonly ok: true; readonly document: Record<string, unknown> } | { readonly ok: false; readonly problems: readonly FieldIssue[] };

export function checkDocument(text: string): DocumentCheck {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, problems: [{ path: '', message: `${JSON_INVALID}: ${reason}` }] };
  }
  if (typeof document !== 'object' || document === null || Array.isArray(document)) return { ok: false, problems: [{ path: '', message: NOT_AN_OBJECT }] };
  const result = validateTicket(document, 3);
  return result.ok ? { ok: true, document: document as Record<string, unknown> } : { ok: false, problems: result.errors };
}

/** The document as the editors show it: two-space indented JSON. */
export function documentText(document: unknown): string {
  return JSON.stringify(document, null, 2);
}
