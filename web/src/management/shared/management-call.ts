/**
 * The management pages' calls (offices, groups, users, an office's users): a reply checked against contracts'
 * schema, or an ApiCallError (http/api-call-error.ts) carrying the status and, for a refused input (400, 409),
 * the problem of each field the service named (its `fields`), so a form shows each under its field.
 */
import { callError, checkedReply, type ReplySchema } from '../../http/api-call-error';
import { type HttpResult } from '../../http/http-client';

/** The reply, checked; throws ApiCallError when the call failed or answered something unexpected. */
export async function replyOf<T>(call: Promise<HttpResult<unknown>>, schema: ReplySchema<T>, what: string): Promise<T> {
  return checkedReply(schema, await call, what);
}

/** A call without a reply body (204). */
export async function doneOf(call: Promise<HttpResult<unknown>>, what: string): Promise<void> {
  const result = await call;
  if (!result.ok) throw callError(result, what);
}

/** The message to show for a failed write: the service's own, which says what to do. */
export function problemOf(error: unknown): string {
  return error instanceof Error ? error.message : 'Unfortunately we encountered an error.';
}
