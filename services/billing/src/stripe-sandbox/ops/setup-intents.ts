/**
 * SetupIntents: a card saved for later. With no card form of its own, the sandbox completes one through the
 * checkout page (mode `setup`) or `confirm` with a payment method (a Stripe test id like `pm_card_visa` works).
 */
import { badState } from '../errors';
import { newId, randomToken } from '../ids';
import { listPage, PAGE_PARAMS } from '../pagination';
import { applyMetadata, type Params } from '../params';
import { type ListObject, type Metadata, type PaymentMethod, type SetupIntent } from '../wire-types';
import { mustGet, type OpContext } from './context';
import { attachToCustomer, paymentMethodFor } from './payment-methods';

export interface NewSetupIntent {
  readonly customer: string | null;
  readonly usage: 'off_session' | 'on_session';
  readonly metadata: Metadata;
  readonly description?: string | null;
  readonly paymentMethodTypes?: string[];
}

export function insertSetupIntent(ctx: OpContext, fields: NewSetupIntent): SetupIntent {
  const id = newId('setupIntent');
  return ctx.state.setupIntents.set({
    id,
    object: 'setup_intent',
    application: null,
    automatic_payment_methods: null,
    cancellation_reason: null,
    client_secret: `${id}_secret_${randomToken(24)}`,
    created: ctx.now(),
    customer: fields.customer,
    description: fields.description ?? null,
    last_setup_error: null,
    latest_attempt: null,
    livemode: false,
    mandate: null,
    metadata: fields.metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_types: fields.paymentMethodTypes ?? ['card'],
    single_use_mandate: null,
    status: 'requires_payment_method',
    usage: fields.usage,
  });
}

/** The card is saved: attached to the intent's customer (if any), and the intent succeeds. */
export function succeedSetupIntent(ctx: OpContext, intent: SetupIntent, method: PaymentMethod): SetupIntent {
  if (intent.status === 'succeeded' || intent.status === 'canceled') {
    throw badState(`You cannot confirm this SetupIntent because it has a status of ${intent.status}.`);
  }
  const saved = intent.customer === null ? method : attachToCustomer(ctx, method, intent.customer);
  const succeeded = ctx.state.setupIntents.set({ ...intent, payment_method: saved.id, status: 'succeeded' });
  ctx.emit('setup_intent.succeeded', succeeded);
  return succeeded;
}

export function createSetupIntent(ctx: OpContext, params: Params): SetupIntent {
  params.only([
    'customer',
    'usage',
    'payment_method_types',
    'automatic_payment_methods',
    'metadata',
    'description',
    'payment_method',
    'confirm',
    'expand',
  ]);
  const customer = params.str('customer');
  if (customer !== undefined) mustGet(ctx.state.customers, customer, 'customer', 'customer');
  const methodId = params.str('payment_method');
  const confirm = params.bool('confirm') ?? false;
  const method = methodId === undefined ? undefined : paymentMethodFor(ctx, methodId, 'payment_method');
  const intent = insertSetupIntent(ctx, {
    customer: customer ?? null,
    usage: params.oneOf('usage', ['off_session', 'on_session'] as const) ?? 'off_session',
    metadata: applyMetadata({}, params.metadata()),
    description: params.nullableStr('description') ?? null,
    paymentMethodTypes: params.has('payment_method_types') ? params.strList('payment_method_types') : ['card'],
  });
  if (method === undefined) return intent;
  if (confirm) return succeedSetupIntent(ctx, intent, method);
  return ctx.state.setupIntents.set({ ...intent, payment_method: method.id, status: 'requires_confirmation' });
}

export function retrieveSetupIntent(ctx: OpContext, params: Params, id: string): SetupIntent {
  params.only(['client_secret', 'expand']);
  return mustGet(ctx.state.setupIntents, id, 'setupintent');
}

export function confirmSetupIntent(ctx: OpContext, params: Params, id: string): SetupIntent {
  params.only(['payment_method', 'return_url', 'mandate_data', 'expand']);
  const intent = mustGet(ctx.state.setupIntents, id, 'setupintent');
  const methodId = params.str('payment_method') ?? intent.payment_method;
  if (methodId === null) {
    throw badState(
      'You cannot confirm this SetupIntent because it\'s missing a payment method. Update the SetupIntent with a payment method and then confirm it again.',
    );
  }
  return succeedSetupIntent(ctx, intent, paymentMethodFor(ctx, methodId, 'payment_method'));
}

export function listSetupIntents(ctx: OpContext, params: Params): ListObject<SetupIntent> {
  params.only([...PAGE_PARAMS, 'customer', 'payment_method']);
  const customer = params.str('customer');
  const method = params.str('payment_method');
  const intents = ctx.state.setupIntents
    .newestFirst()
    .filter((intent) => customer === undefined || intent.customer === customer)
    .filter((intent) => method === undefined || intent.payment_method === method);
  return listPage(intents, params, '/v1/setup_intents');
}
