/**
 * The billing service's `billing.status-changed` (TOPICS.billing), consumed idempotently: the office keeps its
 * subscription's validity and status (`billing`, which the internal profile gives the payment gate) and its plan
 * type (standard or premium from the price's metadata, freemium for the free plan). Events of one office arrive in
 * order; one older than what the office holds (a redelivery after a newer one) changes nothing. A change of plan
 * type is an office change like any other: office.updated goes to the outbox with it. The office's payment type is
 * the company's setting and is never changed here.
 */
import { BillingStatusPayload, EVENT_TYPES } from '@dv/contracts';
import { idempotent, type EventHandler, type Logger, type Outbox, type Store } from '@dv/kit';
import { recordEvent } from '../events';
import { toManagedOffice } from '../offices/offices.service';
import { officeRecords } from '../offices/offices.store';

export const BILLING_STATUS_CONSUMER = 'offices.billing-status';
export const BILLING_STATUS_GROUP = 'offices.billing';

export interface BillingStatusDeps {
  readonly store: Pick<Store, 'transaction'>;
  readonly outbox: Pick<Outbox, 'add'>;
  readonly logger: Pick<Logger, 'warn'>;
  readonly now: () => Date;
}

export function billingStatusConsumer({ store, outbox, logger, now }: BillingStatusDeps): EventHandler {
  return idempotent(store, BILLING_STATUS_CONSUMER, async (event, tx) => {
    if (event.type !== EVENT_TYPES.billingStatusChanged) return;
    const parsed = BillingStatusPayload.safeParse(event.payload);
    if (!parsed.success) {
      logger.warn({ eventId: event.id, issues: parsed.error.issues.length }, 'ignoring a malformed billing status');
      return;
    }
    const { officeId, orgId, valid, status, planType } = parsed.data;
    const records = officeRecords(tx);
    const office = await records.findInOrg(officeId, orgId);
    if (office === null) {
      logger.warn({ eventId: event.id, officeId }, 'billing status of an office this organization does not have');
      return;
    }
    if (office.billing !== undefined && office.billing.updatedAt > event.occurredAt) return;
    const planChanged = planType !== null && planType !== office.planType;
    const updated = await records.update(
      officeId,
      orgId,
      { billing: { valid, status, updatedAt: event.occurredAt }, ...(planChanged ? { planType } : {}) },
      now().toISOString(),
    );
    if (updated !== null && planChanged) await recordEvent(outbox, tx, 'office.updated', officeId, toManagedOffice(updated));
  });
}
