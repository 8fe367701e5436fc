/**
 * What this service publishes (by contract name, see OFFICES_EVENTS in @dv/contracts) and consumes (the billing
 * service's billing.status-changed, see billing/billing-status.ts).
 * Events are written to the outbox in the transaction of the change they announce; the relay publishes them.
 * The key is the aggregate id, so the events of one office, group, user or flag stay in order.
 */
import { OFFICES_EVENTS, type OfficesEventPayload, type OfficesEventType } from '@dv/contracts';
import { type Outbox, type Transaction } from '@dv/kit';

export async function recordEvent<T extends OfficesEventType>(
  outbox: Pick<Outbox, 'add'>,
  tx: Transaction,
  type: T,
  key: string,
  payload: OfficesEventPayload<T>,
): Promise<void> {
  // Parsing drops anything the contract does not name, so no stored-only field reaches the bus.
  const checked: unknown = OFFICES_EVENTS[type].payload.parse(payload);
  await outbox.add(tx, { topic: OFFICES_EVENTS[type].topic, key, type, payload: checked });
}
