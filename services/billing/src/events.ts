/**
 * What the billing service publishes (through its outbox) and consumes (nothing: Stripe's webhooks come over HTTP).
 *
 * Publishes TOPICS.billing / `billing.status-changed` (BillingStatusPayload), keyed by the office, each time the
 * office's subscription or card on file changes (a webhook, a subscription made, changed or cancelled here): the
 * offices service keeps the office's plan type and billing validity (the payment gate reads them), and the
 * realtime service tells the office's open tabs (`billing_status`) to read their billing again.
 */
import { BillingStatusPayload, EVENT_TYPES, TOPICS } from '@dv/contracts';
import { type OutboxMessage } from '@dv/kit';
import { type BillingAccountDocument } from './accounts/accounts.store';
import { isValidStatus } from './accounts/subscription-state';

export function statusMessage(account: BillingAccountDocument, occurredAt: string): OutboxMessage<BillingStatusPayload> {
  const payload = BillingStatusPayload.parse({
    orgId: account.orgId,
    officeId: account._id,
    status: account.status,
    planType: account.planType,
    valid: isValidStatus(account.status),
    subscriptionId: account.subscriptionId,
  });
  return { topic: TOPICS.billing, key: account._id, type: EVENT_TYPES.billingStatusChanged, occurredAt, payload };
}
