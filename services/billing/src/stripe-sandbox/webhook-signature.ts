/**
 * Stripe's webhook signature: `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, keyed
 * with the endpoint's whole signing secret (`whsec_...`), which `stripe.webhooks.constructEvent` checks. Pure.
 */
import { createHmac } from 'node:crypto';

export function stripeSignatureHeader(body: string, secret: string, timestamp: number): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}
