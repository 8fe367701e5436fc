/**
 * The ticket and plan data validators (SPEC section 5). The rules live in the document schemas; this module only
 * picks the schema of a version and turns zod issues into `{ path, message }` pairs.
 *
 * Path format: the issue's path within the validated document, segments joined with '.'. Object keys appear as
 * they are (codes keep their prefix), array indexes as decimal numbers, and the document itself is ''. Examples:
 * 'plan.benefits.adaCodes.ADA:D0120.limitation.value.timePeriod', 'patient.history.0.surfaces.14',
 * 'ticket.draft.0.sponsor.sponsorType.value'. `validatePlan` paths start inside the plan ('benefits.adaCodes...').
 * Keys are not escaped: no key of these documents contains a '.'. An unknown key (version 3) is reported at the
 * object holding it, with zod's message naming the key.
 */
import { type z } from 'zod';
import { PlanV1, PlanV2, PlanV3 } from '../documents/plan';
import { type SchemaVersion } from '../documents/schema-version';
import { TicketWrapperV1, TicketWrapperV2, TicketWrapperV3 } from '../documents/ticket-wrapper';

export type ValidationError = { path: string; message: string };
export type ValidationResult = { ok: true } | { ok: false; errors: ValidationError[] };

const TICKET_WRAPPER_SCHEMAS: Record<SchemaVersion, z.ZodType> = {
  1: TicketWrapperV1,
  2: TicketWrapperV2,
  3: TicketWrapperV3,
};
const PLAN_SCHEMAS: Record<SchemaVersion, z.ZodType> = { 1: PlanV1, 2: PlanV2, 3: PlanV3 };

export function formatIssuePath(path: readonly PropertyKey[]): string {
  return path.map((segment) => String(segment)).join('.');
}

export function toValidationResult(result: z.ZodSafeParseResult<unknown>): ValidationResult {
  if (result.success) return { ok: true };
  return {
    ok: false,
    errors: result.error.issues.map((issue) => ({ path: formatIssuePath(issue.path), message: issue.message })),
  };
}

/** Callers outside TypeScript can pass anything; an unknown version is a programming error, not invalid data. */
function schemaOf(schemas: Record<SchemaVersion, z.ZodType>, version: SchemaVersion): z.ZodType {
  if (!Object.prototype.hasOwnProperty.call(schemas, version)) {
    throw new Error(`Unknown schema version: ${String(version)}`);
  }
  return schemas[version];
}

/** Validates a ticket wrapper (patient, plan, ticket) of the given schema version. */
export function validateTicket(doc: unknown, version: SchemaVersion): ValidationResult {
  return toValidationResult(schemaOf(TICKET_WRAPPER_SCHEMAS, version).safeParse(doc));
}

/** Validates an insurance plan of the given schema version. */
export function validatePlan(plan: unknown, version: SchemaVersion): ValidationResult {
  return toValidationResult(schemaOf(PLAN_SCHEMAS, version).safeParse(plan));
}
