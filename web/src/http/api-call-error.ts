/**
 * A failed API call as every page module throws it: the status (DEFAULT_STATUS without a reply), the service's
 * message, and the fields its error envelope names (a 400's or a 409's `details`: [{ location, path, message }],
 * services/kit errors.ts), so a form shows each problem under its field in the service's own words. One class for
 * every module's calls: a page tells "not there" (404) from "refused" (4xx) from "broken" by the status.
 */
import { type HttpResult } from './http-client';

/** One field the service refused: its path in the body ('npi', 'address.zipCode', 'edits.0.value'; '' for none) and why. */
export type FieldIssue = { readonly path: string; readonly message: string };

/** A zod schema's safeParse, as far as a checked reply needs it (the schema modules stay out of this one). */
export type ReplySchema<T> = { safeParse(value: unknown): { success: true; data: T } | { success: false } };

/** The first message for each field, by the field's name in the form (`fieldOf` maps a path to it, or to undefined). */
export function messagesByField<F extends string>(issues: readonly FieldIssue[], fieldOf: (path: string) => F | undefined): Partial<Record<F, string>> {
  const messages: Partial<Record<F, string>> = {};
  for (const issue of issues) {
    const field = fieldOf(issue.path);
    if (field !== undefined && !Object.hasOwn(messages, field)) messages[field] = issue.message;
  }
  return messages;
}

export class ApiCallError extends Error {
  /** The first message for each path the reply names: 'name' -> the service's reason. */
  readonly fields: Readonly<Record<string, string>>;

  constructor(
    readonly status: number,
    message: string,
    readonly issues: readonly FieldIssue[] = [],
  ) {
    super(message);
    this.name = new.target.name;
    this.fields = messagesByField(issues, (path) => path) as Record<string, string>;
  }
}

/** The field issues of an error reply's envelope: each detail that has a message, with its path ('' when none). */
export function fieldIssuesOf(body: unknown): FieldIssue[] {
  const details = typeof body === 'object' && body !== null ? (body as { details?: unknown }).details : undefined;
  if (!Array.isArray(details)) return [];
  return details.flatMap((detail: unknown) => {
    const { path, message } = (detail ?? {}) as { path?: unknown; message?: unknown };
    return typeof message === 'string' ? [{ path: typeof path === 'string' ? path : '', message }] : [];
  });
}

/** The error of a failed call: the service's message (else "<what> failed") and the fields its reply names. */
export function callError(result: HttpResult<unknown>, what: string): ApiCallError {
  return new ApiCallError(result.status, result.error ?? `${what} failed`, fieldIssuesOf(result.data));
}

/** A reply checked against the contract: a failed call, or a reply that does not match, throws; never silently taken. */
export function checkedReply<T>(schema: ReplySchema<T>, result: HttpResult<unknown>, what: string): T {
  if (!result.ok) throw callError(result, what);
  const check = schema.safeParse(result.data);
  if (!check.success) throw new ApiCallError(result.status, `${what}: the reply was not understood`);
  return check.data;
}

/** A refused read (4xx: not there, not allowed, not valid) is the answer; only a server or network failure is tried once more. */
export function retryUnlessRefused(count: number, error: Error): boolean {
  return !(error instanceof ApiCallError && error.status < 500) && count < 1;
}
