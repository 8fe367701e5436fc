import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';

/** One reason a request was refused: where (`body`, `querystring` ...), which field, and why. */
export interface ValidationIssue {
  readonly location?: string;
  /** Dotted field path inside the location, '' for the location itself. */
  readonly path: string;
  readonly message: string;
  readonly code?: string;
}

/** The only shape an error response ever has. */
export interface ErrorEnvelope {
  readonly statusCode: number;
  readonly error: string;
  readonly message: string;
  readonly requestId: string;
  readonly details?: unknown;
}

/** An error whose status and message are meant for the client. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly details?: unknown;

  constructor(statusCode: number, message: string, details?: unknown) {
    super(message);
    this.name = new.target.name;
    this.statusCode = statusCode;
    if (details !== undefined) this.details = details;
  }
}

export class Invalid extends HttpError {
  /** `details` is usually a list of {@link ValidationIssue}. */
  constructor(message = 'Invalid request', details?: unknown) {
    super(400, message, details);
  }
}

export class Unauthorized extends HttpError {
  constructor(message = 'Authentication required') {
    super(401, message);
  }
}

export class Forbidden extends HttpError {
  constructor(message = 'Not allowed') {
    super(403, message);
  }
}

export class NotFound extends HttpError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}

export class Conflict extends HttpError {
  constructor(message = 'Conflict', details?: unknown) {
    super(409, message, details);
  }
}

export class PayloadTooLarge extends HttpError {
  constructor(message = 'Payload too large') {
    super(413, message);
  }
}

export class TooManyRequests extends HttpError {
  constructor(message = 'Too many requests, retry later') {
    super(429, message);
  }
}

export class ServiceUnavailable extends HttpError {
  constructor(message = 'Service unavailable') {
    super(503, message);
  }
}

/** Zod issues as the envelope lists them. */
export function zodIssues(error: ZodError, location?: string): ValidationIssue[] {
  return error.issues.map((issue) => ({
    ...(location === undefined ? {} : { location }),
    path: issue.path.map(String).join('.'),
    message: issue.message,
    code: issue.code,
  }));
}

function fastifyValidationIssues(error: FastifyError): ValidationIssue[] {
  const location = error.validationContext;
  return (error.validation ?? []).map((issue) => ({
    ...(location === undefined ? {} : { location }),
    path: issue.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.'),
    message: issue.message ?? 'is invalid',
    code: issue.keyword,
  }));
}

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && typeof (error as Partial<FastifyError>).code === 'string';
}

interface Rendered {
  readonly statusCode: number;
  readonly message: string;
  readonly details?: unknown;
  /** Server faults are logged with their stack; client faults are not noise worth a stack. */
  readonly serverFault: boolean;
}

/** Decides what the client may learn about an error. Anything unrecognised is a 500 that says nothing. */
export function renderError(error: unknown): Rendered {
  if (error instanceof HttpError) {
    return {
      statusCode: error.statusCode,
      message: error.message,
      details: error.details,
      serverFault: error.statusCode >= 500,
    };
  }
  if (error instanceof ZodError) {
    return { statusCode: 400, message: 'Invalid request', details: zodIssues(error), serverFault: false };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    return { statusCode: 400, message: 'Invalid request', details: fastifyValidationIssues(error), serverFault: false };
  }
  if (isFastifyError(error)) {
    if (isResponseSerializationError(error)) return internal();
    if (error.validation) {
      return {
        statusCode: 400,
        message: 'Invalid request',
        details: fastifyValidationIssues(error),
        serverFault: false,
      };
    }
    const status = error.statusCode ?? 500;
    // Fastify's own 4xx errors (body too large, malformed JSON, bad content type ...) carry safe messages.
    if (status >= 400 && status < 500) return { statusCode: status, message: error.message, serverFault: false };
  }
  return internal();
}

function internal(): Rendered {
  return { statusCode: 500, message: 'Internal Server Error', serverFault: true };
}

export function envelope(statusCode: number, message: string, requestId: string, details?: unknown): ErrorEnvelope {
  return {
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    message,
    requestId,
    ...(details === undefined ? {} : { details }),
  };
}

/** The one error handler of every service. */
export function errorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const rendered = renderError(error);
  if (rendered.serverFault) {
    request.log.error({ err: error }, 'request failed');
  } else {
    // The client hears only the message; the log also says which check failed (e.g. a JOSE error code).
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : undefined;
    const causeCode = (cause as { code?: unknown } | undefined)?.code;
    request.log.info(
      {
        statusCode: rendered.statusCode,
        reason: rendered.message,
        ...(cause ? { cause: typeof causeCode === 'string' ? causeCode : cause.message } : {}),
      },
      'request refused',
    );
  }
  return reply
    .status(rendered.statusCode)
    .type('application/json; charset=utf-8')
    .send(envelope(rendered.statusCode, rendered.message, request.id, rendered.details));
}

export function notFoundHandler(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply
    .status(404)
    .type('application/json; charset=utf-8')
    .send(envelope(404, `Route ${request.method} ${request.url.split('?')[0] ?? ''} not found`, request.id));
}
