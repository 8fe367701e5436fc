/**
 * POST /api/management/x271/preview: the 271 mapped by the service as the clearinghouse source maps it, nothing
 * stored. The call never throws; it answers what happened, so the page keeps the pasted text whatever comes back:
 * the preview, a 400 with the service's message and what it said about each field (Malformed X12: ..., Unknown
 * carrier), or another failure in words.
 * The reply carries a whole plan and patient document: it is checked against the contract's schema, which loads
 * after the page has shown (x271-schemas.ts, with the size limit) rather than with it.
 */
import { MESSAGES, type X271Preview, type X271PreviewInput } from '@dv/contracts';
import { useCallback } from 'react';
import { useServices } from '../../app/services-context';
import { fieldIssuesOf, type FieldIssue } from '../../http/api-call-error';
import { type HttpResult } from '../../http/http-client';

export const X271_PREVIEW_PATH = '/api/management/x271/preview';

export type PreviewOutcome =
  | { readonly kind: 'done'; readonly preview: X271Preview }
  /** A 400: the service's message and its issues by field ('x12', 'payerId'). */
  | { readonly kind: 'invalid'; readonly message: string; readonly issues: readonly FieldIssue[] }
  | { readonly kind: 'failed'; readonly message: string };

export async function outcomeOf(result: HttpResult<unknown>): Promise<PreviewOutcome> {
  if (result.status === 400) return { kind: 'invalid', message: result.error ?? MESSAGES.GENERIC_ERROR, issues: fieldIssuesOf(result.data) };
  if (!result.ok) return { kind: 'failed', message: result.error ?? MESSAGES.GENERIC_ERROR };
  const { X271Preview: schema } = await import('./x271-schemas');
  const checked = schema.safeParse(result.data);
  if (!checked.success) {
    console.error('271 preview reply does not match the contract', checked.error.issues.slice(0, 5));
    return { kind: 'failed', message: 'The preview came back in a form this page does not know. Reload the page and try again.' };
  }
  return { kind: 'done', preview: checked.data };
}

/** The preview call, bound to the app's HTTP client. */
export function useX271Preview(): (input: X271PreviewInput) => Promise<PreviewOutcome> {
  const { http } = useServices();
  return useCallback(async (input) => outcomeOf(await http.post(X271_PREVIEW_PATH, input)), [http]);
}
