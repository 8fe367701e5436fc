/**
 * Card payment methods. Cards enter only through the checkout page or Stripe's test payment methods
 * (`pm_card_visa`, `pm_card_mastercard`, `pm_card_visa_chargeDeclined`, `pm_card_chargeCustomerFail`, ...), which, as on
 * Stripe, become a new payment method each time they are used. A declining card is refused when attached; one that
 * "fails after attaching" saves and then fails every charge.
 */
import { badState, cardDeclined, type DeclineCode, invalidParam } from '../errors';
import { newId } from '../ids';
import { listPage, PAGE_PARAMS } from '../pagination';
import { type Params } from '../params';
import { type CardBehavior, type CardDetails } from '../test-cards';
import { type ListObject, type PaymentMethod } from '../wire-types';
import { mustGet, type OpContext } from './context';

interface MagicCard {
  readonly card: Omit<CardDetails, 'name' | 'fingerprint'>;
}

const visa = { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 } as const;
const declining = (decline: DeclineCode): CardBehavior => ({ kind: 'declined', decline });
const chargesFail = (decline: DeclineCode): CardBehavior => ({ kind: 'charges_fail', decline });

/** Stripe's test payment method ids and what each does. */
const MAGIC_PAYMENT_METHODS: Record<string, MagicCard> = {
  pm_card_visa: { card: { ...visa, behavior: { kind: 'succeeds' } } },
  pm_card_mastercard: { card: { ...visa, brand: 'mastercard', last4: '4444', behavior: { kind: 'succeeds' } } },
  pm_card_visa_chargeDeclined: { card: { ...visa, last4: '0002', behavior: declining('generic_decline') } },
  pm_card_visa_chargeDeclinedInsufficientFunds: {
    card: { ...visa, last4: '9995', behavior: declining('insufficient_funds') },
  },
  pm_card_chargeCustomerFail: { card: { ...visa, last4: '0341', behavior: chargesFail('generic_decline') } },
};

export function isMagicPaymentMethod(id: string): boolean {
  return Object.hasOwn(MAGIC_PAYMENT_METHODS, id);
}

/** A new, unattached card payment method; a card declined outright is refused before anything is stored. */
export function createCardPaymentMethod(ctx: OpContext, card: CardDetails, email: string | null): PaymentMethod {
  if (card.behavior.kind === 'declined') throw cardDeclined(card.behavior.decline);
  const brandName = card.brand === 'mastercard' ? 'mastercard' : card.brand;
  const method: PaymentMethod = {
    id: newId('paymentMethod'),
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: { address: null, email, name: card.name, phone: null },
    card: {
      brand: card.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      country: 'US',
      display_brand: brandName,
      exp_month: card.expMonth,
      exp_year: card.expYear,
      fingerprint: card.fingerprint,
      funding: 'credit',
      generated_from: null,
      last4: card.last4,
      networks: { available: [brandName], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: ctx.now(),
    customer: null,
    livemode: false,
    metadata: {},
    type: 'card',
  };
  if (card.behavior.kind === 'charges_fail') ctx.state.chargeDeclines.set(method.id, card.behavior.decline);
  return ctx.state.paymentMethods.set(method);
}

/** The payment method an id names: a stored one, or a fresh one for a Stripe test id. */
export function paymentMethodFor(ctx: OpContext, id: string, param: string): PaymentMethod {
  const magic = isMagicPaymentMethod(id) ? MAGIC_PAYMENT_METHODS[id] : undefined;
  if (magic !== undefined) {
    return createCardPaymentMethod(ctx, { ...magic.card, name: '', fingerprint: `magic${magic.card.last4}` }, null);
  }
  return mustGet(ctx.state.paymentMethods, id, 'PaymentMethod', param);
}

export function attachToCustomer(ctx: OpContext, method: PaymentMethod, customerId: string): PaymentMethod {
  mustGet(ctx.state.customers, customerId, 'customer', 'customer');
  if (method.customer === customerId) return method;
  if (method.customer !== null) {
    throw badState(
      'The payment method you provided has already been attached to a customer.',
      'payment_method',
    );
  }
  const attached = ctx.state.paymentMethods.set({ ...method, customer: customerId });
  ctx.emit('payment_method.attached', attached);
  return attached;
}

/** The decline a charge on this payment method meets, if any. */
export function chargeDecline(ctx: OpContext, paymentMethodId: string): DeclineCode | undefined {
  return ctx.state.chargeDeclines.get(paymentMethodId);
}

export function attachPaymentMethod(ctx: OpContext, params: Params, id: string): PaymentMethod {
  params.only(['customer', 'expand']);
  const customer = params.requiredStr('customer');
  return attachToCustomer(ctx, paymentMethodFor(ctx, id, 'id'), customer);
}

export function detachPaymentMethod(ctx: OpContext, params: Params, id: string): PaymentMethod {
  params.only(['expand']);
  const method = mustGet(ctx.state.paymentMethods, id, 'PaymentMethod');
  if (method.customer === null) throw badState('The payment method you provided is not attached to a customer so detachment is impossible.');
  const customer = ctx.state.customers.get(method.customer);
  if (customer?.invoice_settings.default_payment_method === id) {
    ctx.state.customers.set({ ...customer, invoice_settings: { ...customer.invoice_settings, default_payment_method: null } });
  }
  return ctx.state.paymentMethods.set({ ...method, customer: null });
}

export function retrievePaymentMethod(ctx: OpContext, params: Params, id: string): PaymentMethod {
  params.only(['expand']);
  return mustGet(ctx.state.paymentMethods, id, 'PaymentMethod');
}

export function listPaymentMethods(ctx: OpContext, params: Params, customerFromPath?: string): ListObject<PaymentMethod> {
  params.only([...PAGE_PARAMS, 'customer', 'type']);
  const customer = customerFromPath ?? params.str('customer');
  const type = params.str('type');
  if (type !== undefined && type !== 'card') throw invalidParam('type', `The sandbox holds card payment methods only, not ${type}.`);
  if (customer !== undefined) mustGet(ctx.state.customers, customer, 'customer', 'customer');
  const methods = ctx.state.paymentMethods
    .newestFirst()
    .filter((method) => (customer === undefined ? method.customer !== null : method.customer === customer));
  const url = customerFromPath === undefined ? '/v1/payment_methods' : `/v1/customers/${customerFromPath}/payment_methods`;
  return listPage(methods, params, url);
}
