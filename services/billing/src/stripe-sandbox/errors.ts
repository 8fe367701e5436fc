/**
 * Errors in Stripe's envelope { error: { type, code, decline_code, message, param } } with Stripe's statuses and
 * messages, so the SDK raises the same error classes (StripeInvalidRequestError, StripeCardError, ...) as with Stripe.
 */
import { type StripeErrorBody } from './wire-types';

export class StripeApiError extends Error {
  /** The state changes and events made before the error stand (a failed charge attempt is still an attempt). */
  keepChanges = false;

  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.error.message);
    this.name = 'StripeApiError';
  }
}

type ErrorFields = Omit<StripeErrorBody['error'], 'type' | 'message'>;

function invalidRequest(status: number, message: string, fields: ErrorFields = {}): StripeApiError {
  return new StripeApiError(status, { error: { type: 'invalid_request_error', message, ...fields } });
}

/**
 * `No such customer: 'cus_x'`: 404 for the object a URL names, 400 for an id given in a parameter (the request is
 * what is wrong then), as Stripe answers.
 */
export function noSuchResource(resource: string, id: string, param = 'id'): StripeApiError {
  return invalidRequest(param === 'id' ? 404 : 400, `No such ${resource}: '${id}'`, { code: 'resource_missing', param });
}

export function missingParam(param: string): StripeApiError {
  return invalidRequest(400, `Missing required param: ${param}.`, { code: 'parameter_missing', param });
}

export function unknownParam(param: string): StripeApiError {
  return invalidRequest(400, `Received unknown parameter: ${param}`, { code: 'parameter_unknown', param });
}

export function invalidParam(param: string, message: string, code = 'parameter_invalid'): StripeApiError {
  return invalidRequest(400, message, { code, param });
}

/** A request Stripe understands but refuses in the object's current state. */
export function badState(message: string, param?: string): StripeApiError {
  return invalidRequest(400, message, param === undefined ? {} : { param });
}

export function unrecognizedUrl(method: string, path: string): StripeApiError {
  return invalidRequest(
    404,
    `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
  );
}

export function noApiKey(): StripeApiError {
  return invalidRequest(
    401,
    "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
  );
}

/** Stripe shows only the key's last four characters when it refuses it. */
export function invalidApiKey(key: string): StripeApiError {
  const masked = key.length > 8 ? `${key.slice(0, key.indexOf('_', 3) + 1)}********${key.slice(-4)}` : '********';
  return invalidRequest(401, `Invalid API Key provided: ${masked}`, { code: 'api_key_invalid' });
}

export function idempotencyMismatch(key: string): StripeApiError {
  return new StripeApiError(400, {
    error: {
      type: 'idempotency_error',
      message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
    },
  });
}

export type DeclineCode =
  | 'generic_decline'
  | 'insufficient_funds'
  | 'lost_card'
  | 'expired_card'
  | 'incorrect_cvc'
  | 'test_mode_live_card';

/** Stripe's customer-facing text for each decline. */
export const DECLINE_MESSAGES: Record<DeclineCode, string> = {
  generic_decline: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  lost_card: 'Your card was declined.',
  expired_card: 'Your card has expired.',
  incorrect_cvc: "Your card's security code is incorrect.",
  test_mode_live_card:
    'Your card was declined. Your request was in test mode, but used a non test (live) card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
};

/** The card error code Stripe pairs with each decline (expired and CVC failures have their own codes). */
function cardErrorCode(decline: DeclineCode): string {
  if (decline === 'expired_card') return 'expired_card';
  if (decline === 'incorrect_cvc') return 'incorrect_cvc';
  return 'card_declined';
}

export function cardDeclined(decline: DeclineCode): StripeApiError {
  const code = cardErrorCode(decline);
  return new StripeApiError(402, {
    error: {
      type: 'card_error',
      code,
      ...(code === 'card_declined' ? { decline_code: decline } : {}),
      message: DECLINE_MESSAGES[decline],
      ...(code === 'incorrect_cvc' ? { param: 'cvc' } : {}),
      doc_url: `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}`,
    },
  });
}

export function internalError(): StripeApiError {
  return new StripeApiError(500, { error: { type: 'api_error', message: 'An unknown error occurred' } });
}
