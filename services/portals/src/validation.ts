/**
 * Routes whose validation messages the SPA shows as they are ('Username is required' under the field, the MFA
 * error text): they validate with `attachValidation` and answer 400 with the first problem as the envelope's
 * message, and every problem in `details`, as the kit's handler lists them.
 */
import { Invalid, type ValidationIssue } from '@dv/kit';
import { type FastifyRequest } from 'fastify';

interface ValidationFailure {
  readonly validation?: readonly { readonly message?: string; readonly instancePath?: string; readonly keyword?: string }[];
  readonly validationContext?: string;
}

export function rejectInvalidRequest(request: FastifyRequest): void {
  const failure = request.validationError as (Error & ValidationFailure) | undefined;
  if (!failure) return;
  const issues: ValidationIssue[] = (failure.validation ?? []).map((issue) => ({
    ...(failure.validationContext === undefined ? {} : { location: failure.validationContext }),
    path: (issue.instancePath ?? '').split('/').filter(Boolean).join('.'),
    message: issue.message ?? 'is invalid',
    ...(issue.keyword === undefined ? {} : { code: issue.keyword }),
  }));
  throw new Invalid(issues[0]?.message ?? 'Invalid request', issues);
}
