/**
 * The API the sandbox speaks: method and path to operation. Anything else is Stripe's "Unrecognized request URL".
 */
import { type Params } from './params';
import { listCheckoutSessions, createCheckoutSession, expireCheckoutSession, retrieveCheckoutSession } from './ops/checkout-sessions';
import { listCoupons, listPrices, listProducts, listPromotionCodes, retrieveCoupon, retrievePrice, retrieveProduct, retrievePromotionCode } from './ops/catalog';
import { type OpContext } from './ops/context';
import { createCustomer, listCustomers, retrieveCustomer, searchCustomers, updateCustomer } from './ops/customers';
import { listEvents, retrieveEvent } from './ops/events';
import { listInvoices, retrieveInvoice } from './ops/invoices';
import { attachPaymentMethod, detachPaymentMethod, listPaymentMethods, retrievePaymentMethod } from './ops/payment-methods';
import { confirmSetupIntent, createSetupIntent, listSetupIntents, retrieveSetupIntent } from './ops/setup-intents';
import { payInvoice } from './ops/subscription-billing';
import { cancelSubscription, updateSubscription } from './ops/subscription-changes';
import { createSubscription, listSubscriptions, retrieveSubscription, searchSubscriptions } from './ops/subscriptions';

export type Operation = (ctx: OpContext, params: Params, id: string) => object;

interface Route {
  readonly method: 'GET' | 'POST' | 'DELETE';
  /** `:id` matches one path segment. */
  readonly path: string;
  readonly operation: Operation;
}

const routes: readonly Route[] = [
  { method: 'GET', path: '/v1/products', operation: listProducts },
  { method: 'GET', path: '/v1/products/:id', operation: retrieveProduct },
  { method: 'GET', path: '/v1/prices', operation: listPrices },
  { method: 'GET', path: '/v1/prices/:id', operation: retrievePrice },
  { method: 'GET', path: '/v1/coupons', operation: listCoupons },
  { method: 'GET', path: '/v1/coupons/:id', operation: retrieveCoupon },
  { method: 'GET', path: '/v1/promotion_codes', operation: listPromotionCodes },
  { method: 'GET', path: '/v1/promotion_codes/:id', operation: retrievePromotionCode },
  { method: 'POST', path: '/v1/customers', operation: createCustomer },
  { method: 'GET', path: '/v1/customers', operation: listCustomers },
  { method: 'GET', path: '/v1/customers/search', operation: searchCustomers },
  { method: 'GET', path: '/v1/customers/:id', operation: retrieveCustomer },
  { method: 'POST', path: '/v1/customers/:id', operation: updateCustomer },
  { method: 'GET', path: '/v1/customers/:id/payment_methods', operation: (ctx, params, id) => listPaymentMethods(ctx, params, id) },
  { method: 'GET', path: '/v1/payment_methods', operation: (ctx, params) => listPaymentMethods(ctx, params) },
  { method: 'GET', path: '/v1/payment_methods/:id', operation: retrievePaymentMethod },
  { method: 'POST', path: '/v1/payment_methods/:id/attach', operation: attachPaymentMethod },
  { method: 'POST', path: '/v1/payment_methods/:id/detach', operation: detachPaymentMethod },
  { method: 'POST', path: '/v1/setup_intents', operation: createSetupIntent },
  { method: 'GET', path: '/v1/setup_intents', operation: listSetupIntents },
  { method: 'GET', path: '/v1/setup_intents/:id', operation: retrieveSetupIntent },
  { method: 'POST', path: '/v1/setup_intents/:id/confirm', operation: confirmSetupIntent },
  { method: 'POST', path: '/v1/checkout/sessions', operation: createCheckoutSession },
  { method: 'GET', path: '/v1/checkout/sessions', operation: listCheckoutSessions },
  { method: 'GET', path: '/v1/checkout/sessions/:id', operation: retrieveCheckoutSession },
  { method: 'POST', path: '/v1/checkout/sessions/:id/expire', operation: expireCheckoutSession },
  { method: 'POST', path: '/v1/subscriptions', operation: createSubscription },
  { method: 'GET', path: '/v1/subscriptions', operation: listSubscriptions },
  { method: 'GET', path: '/v1/subscriptions/search', operation: searchSubscriptions },
  { method: 'GET', path: '/v1/subscriptions/:id', operation: retrieveSubscription },
  { method: 'POST', path: '/v1/subscriptions/:id', operation: updateSubscription },
  { method: 'DELETE', path: '/v1/subscriptions/:id', operation: cancelSubscription },
  { method: 'GET', path: '/v1/invoices', operation: listInvoices },
  { method: 'GET', path: '/v1/invoices/:id', operation: retrieveInvoice },
  { method: 'POST', path: '/v1/invoices/:id/pay', operation: payInvoice },
  { method: 'GET', path: '/v1/events', operation: listEvents },
  { method: 'GET', path: '/v1/events/:id', operation: retrieveEvent },
];

export interface RouteMatch {
  readonly operation: Operation;
  readonly id: string;
}

function matchPath(pattern: string, path: string): string | undefined {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return undefined;
  let id = '';
  for (let i = 0; i < want.length; i += 1) {
    const segment = got[i] ?? '';
    if (want[i] === ':id') {
      if (segment === '') return undefined;
      try {
        id = decodeURIComponent(segment);
      } catch {
        return undefined;
      }
    } else if (want[i] !== segment) {
      return undefined;
    }
  }
  return id;
}

/** Literal paths win over `:id` (so /v1/customers/search is the search, not a customer named "search"). */
export function findRoute(method: string, path: string): RouteMatch | undefined {
  const candidates = routes.filter((route) => route.method === method);
  const literal = candidates.find((route) => !route.path.includes(':id') && route.path === path);
  if (literal !== undefined) return { operation: literal.operation, id: '' };
  for (const route of candidates) {
    const id = matchPath(route.path, path);
    if (id !== undefined) return { operation: route.operation, id };
  }
  return undefined;
}
