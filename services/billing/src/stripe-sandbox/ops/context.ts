/**
 * What every operation works with: the state, the clock, the sandbox's own page URLs, and the events it raises.
 * Events are held until the operation has finished and only then stored and sent, so a request that fails
 * half-way sends nothing.
 */
import { noSuchResource } from '../errors';
import { type Resolver } from '../expand';
import { ID_PREFIX, newId } from '../ids';
import { type Collection, type SandboxState } from '../state';
import { type EventObject, type StripeEvent, type WebhookEventType } from '../wire-types';

export interface SandboxUrls {
  checkout(sessionId: string): string;
  invoice(invoiceId: string): string;
  invoicePdf(invoiceId: string): string;
}

export interface RequestInfo {
  readonly id: string | null;
  readonly idempotency_key: string | null;
}

export interface EventSink {
  readonly apiVersion: string;
  endpointsFor(type: string): number;
  send(event: StripeEvent, orderKey: string): void;
}

export interface OpContext {
  readonly state: SandboxState;
  /** Unix seconds. */
  now(): number;
  readonly urls: SandboxUrls;
  emit(type: WebhookEventType, object: EventObject, previous?: Record<string, unknown>): void;
}

export interface CommittableContext extends OpContext {
  /** Stores and sends the events raised so far. */
  commit(): StripeEvent[];
}

export interface ContextDeps {
  readonly state: SandboxState;
  readonly nowMs: () => number;
  readonly urls: SandboxUrls;
  readonly events: EventSink;
}

/** The customer orders an object's events (all of one subscription's events share its customer). */
function orderKeyOf(object: EventObject): string {
  if (object.object === 'customer') return object.id;
  return object.customer ?? object.id;
}

export function opContext(deps: ContextDeps, request: RequestInfo): CommittableContext {
  const raised: StripeEvent[] = [];
  const now = (): number => Math.floor(deps.nowMs() / 1000);
  return {
    state: deps.state,
    now,
    urls: deps.urls,
    emit(type, object, previous) {
      raised.push({
        id: newId('event'),
        object: 'event',
        api_version: deps.events.apiVersion,
        created: now(),
        // A snapshot: later changes to the object must not change what this event says.
        data: { object: structuredClone(object), ...(previous === undefined ? {} : { previous_attributes: previous }) },
        livemode: false,
        pending_webhooks: deps.events.endpointsFor(type),
        request,
        type,
      });
    },
    commit() {
      const sent = raised.splice(0);
      for (const event of sent) {
        deps.state.events.set(event);
        deps.events.send(event, orderKeyOf(event.data.object));
      }
      return sent;
    },
  };
}

export function mustGet<T extends { id: string }>(
  collection: Collection<T>,
  id: string,
  resource: string,
  param = 'id',
): T {
  const found = collection.get(id);
  if (found === undefined) throw noSuchResource(resource, id, param);
  return found;
}

/** Finds any object by id for expand[]: by Stripe's prefix, or a coupon (coupon ids are chosen freely). */
export function resolverOf(state: SandboxState): Resolver {
  const byPrefix: [string, Collection<{ id: string }>][] = [
    [ID_PREFIX.customer, state.customers],
    [ID_PREFIX.product, state.products],
    [ID_PREFIX.price, state.prices],
    [ID_PREFIX.subscription, state.subscriptions],
    [ID_PREFIX.setupIntent, state.setupIntents],
    [ID_PREFIX.paymentMethod, state.paymentMethods],
    [ID_PREFIX.invoice, state.invoices],
    [ID_PREFIX.checkoutSession, state.checkoutSessions],
    [ID_PREFIX.event, state.events],
    [ID_PREFIX.promotionCode, state.promotionCodes],
    [ID_PREFIX.discount, state.discounts],
  ];
  return (id) => {
    const collection = byPrefix.find(([prefix]) => id.startsWith(prefix))?.[1];
    const found = collection?.get(id) ?? state.coupons.get(id);
    return found === undefined ? undefined : structuredClone(found);
  };
}
