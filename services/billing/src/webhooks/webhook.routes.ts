/**
 * POST /api/stripe/webhook: Stripe's events. No bearer token (the contracts' table marks it public); what
 * authenticates a delivery is Stripe's signature over the exact bytes received, so this route keeps the raw body
 * (its own content-type parser, for every type) and checks it with the SDK's `webhooks.constructEvent`: a missing,
 * forged or tampered signature, or one older than five minutes, is a 400 and changes nothing. A delivery that
 * cannot be applied now (Stripe unreachable) is answered 503 without being recorded, so Stripe sends it again.
 */
import { Invalid, type Server } from '@dv/kit';
import type Stripe from 'stripe';
import { z } from 'zod';
import { viaStripe } from '../stripe/stripe-errors';
import { type WebhookEvents } from './webhook-events';

export const WEBHOOK_PATH = '/api/stripe/webhook';
/** Stripe's own default: a signature older than this is refused (a replay of a captured delivery). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;
/** Stripe's events are a few kilobytes; this leaves room for long line-item lists. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

export const MISSING_SIGNATURE = 'A Stripe-Signature header is required';
export const BAD_SIGNATURE = 'The webhook signature is not valid';

/** Stripe's event, kept as the bytes Stripe signed (the signature is checked over them, not over parsed JSON). */
const WebhookDelivery = z
  .custom<Buffer | undefined>((body) => body === undefined || Buffer.isBuffer(body))
  .meta({ type: 'object', description: 'A Stripe event (JSON), signed in the Stripe-Signature header' });

/** The answer Stripe reads (any 2xx acknowledges the delivery). */
const WebhookReply = z.object({ received: z.literal(true), duplicate: z.boolean().optional() });

export interface WebhookRouteDeps {
  readonly events: WebhookEvents;
  /** The SDK and the endpoint's signing secret in use. */
  readonly connection: () => { readonly stripe: Stripe; readonly webhookSecret: string };
  readonly now: () => Date;
}

export function verifiedEvent(stripe: Stripe, body: Buffer, signature: string | string[] | undefined, secret: string, receivedAtMs: number): Stripe.Event {
  if (typeof signature !== 'string' || signature.trim() === '') throw new Invalid(MISSING_SIGNATURE);
  try {
    return stripe.webhooks.constructEvent(body, signature, secret, SIGNATURE_TOLERANCE_SECONDS, undefined, receivedAtMs);
  } catch {
    throw new Invalid(BAD_SIGNATURE);
  }
}

export async function webhookRoutes(app: Server, deps: WebhookRouteDeps): Promise<void> {
  // Encapsulated: only this route reads bodies as raw bytes; the rest of the service keeps the kit's JSON parser.
  await app.register((scope, _options, done) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));
    scope.post(WEBHOOK_PATH, { config: { auth: false }, bodyLimit: WEBHOOK_BODY_LIMIT, schema: { body: WebhookDelivery, response: { 200: WebhookReply } } }, async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const { stripe, webhookSecret } = deps.connection();
      const event = verifiedEvent(stripe, body, request.headers['stripe-signature'], webhookSecret, deps.now().getTime());
      const handled = await viaStripe(() => deps.events.handle(event));
      request.log.info({ eventId: event.id, type: event.type, handled }, 'stripe webhook');
      return handled === 'duplicate' ? { received: true as const, duplicate: true } : { received: true as const };
    });
    done();
  });
}
