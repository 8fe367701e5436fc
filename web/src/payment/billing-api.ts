/**
 * The billing calls of the payment pages (SPEC section 7; services/billing): the plans (GET /api/stripe/list), a
 * coupon (GET /api/stripe/coupon?code=, the code in the query string), subscribing (POST
 * /api/stripe/subscription/create) and the free plan (POST /api/stripe/subscription/freemium, 201), the card's
 * set-up (POST /api/stripe/register, GET /api/stripe/setupintent), and the subscription as it stands
 * (GET /api/stripe/settings) with its changes (POST /api/stripe/subscription/change and .../cancel).
 *
 * Replies are read with contracts' schemas. A failed call throws an ApiCallError (http/api-call-error.ts) with the
 * status and the service's own words (BILLING_MESSAGES), so a page shows the reason as the service put it.
 */
import {
  BillingSettingsReply,
  type Coupon,
  CouponReply,
  RegisterReply,
  SetupIntentReply,
  SubscriptionCheckoutReply,
  type SubscriptionCreateInput,
  SubscriptionPlanList,
} from '@dv/contracts';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../app/services-context';
import { ApiCallError, callError, retryUnlessRefused } from '../http/api-call-error';
import { type HttpClient } from '../http/http-client';
import { BILLING_QUERY_KEY } from './billing-validity';

const STRIPE = '/api/stripe';
export const BILLING_API = {
  list: `${STRIPE}/list`,
  coupon: `${STRIPE}/coupon`,
  create: `${STRIPE}/subscription/create`,
  freemium: `${STRIPE}/subscription/freemium`,
  register: `${STRIPE}/register`,
  setupIntent: `${STRIPE}/setupintent`,
  settings: `${STRIPE}/settings`,
  change: `${STRIPE}/subscription/change`,
  cancel: `${STRIPE}/subscription/cancel`,
} as const;

/** SPEC section 7: a create call answered without a body reads as this. */
export const COMMUNICATION_ERROR = 'communication_error';
/** The create reply of an office without a card on file: Stripe's checkout page takes the card. */
export const CHECKOUT_REQUIRED = 'checkout_required';

/** The plans change with a deployment, not during a visit. */
const PLANS_FRESH_MS = 10 * 60_000;
export const plansKey = ['billing-plans'] as const;
export const billingSettingsKey = (officeId: string | null) => [BILLING_QUERY_KEY, 'settings', officeId] as const;

export async function fetchPlans(http: HttpClient): Promise<SubscriptionPlanList> {
  const result = await http.get(BILLING_API.list);
  if (!result.ok) throw callError(result, 'Reading the plans');
  return SubscriptionPlanList.parse(result.data);
}

/** The coupon of this code; a code the service does not know throws its 4xx with the service's reason. */
export async function fetchCoupon(http: HttpClient, code: string): Promise<Coupon> {
  const result = await http.get(BILLING_API.coupon, { code });
  if (!result.ok) throw callError(result, 'Checking the coupon');
  return CouponReply.parse(result.data).coupon;
}

/**
 * Subscribes the office to a plan. A refusal (4xx) throws; otherwise the reply: valid, or not with its error
 * (checkout_required with Stripe's checkout address; no body at all is communication_error, SPEC section 7).
 */
export async function createSubscription(http: HttpClient, input: SubscriptionCreateInput): Promise<SubscriptionCheckoutReply> {
  const result = await http.post(BILLING_API.create, input);
  if (!result.ok && result.status >= 400 && result.status < 500) throw callError(result, 'Subscribing');
  if (!result.ok || result.data === undefined) return { valid: false, error: COMMUNICATION_ERROR };
  const reply = SubscriptionCheckoutReply.safeParse(result.data);
  return reply.success ? reply.data : { valid: false, error: COMMUNICATION_ERROR };
}

/** The free plan: success is a 201 (SPEC section 7). */
export async function subscribeFreemium(http: HttpClient): Promise<void> {
  const result = await http.post(BILLING_API.freemium);
  if (result.status !== 201) throw callError(result, 'Choosing the free plan');
}

/**
 * Where the card is entered: the office's customer is registered first (once; the service keeps it), then a
 * set-up session at Stripe gives the address of Stripe's own card page.
 */
export async function startCardSetup(http: HttpClient): Promise<SetupIntentReply> {
  const registered = await http.post(BILLING_API.register);
  if (!registered.ok) throw callError(registered, 'Registering the office with the payment provider');
  if (!RegisterReply.safeParse(registered.data).success) throw new ApiCallError(registered.status, 'The payment provider did not register the office');
  const setup = await http.get(BILLING_API.setupIntent);
  if (!setup.ok) throw callError(setup, 'Opening the card page');
  const reply = SetupIntentReply.safeParse(setup.data);
  if (!reply.success) throw new ApiCallError(setup.status, 'The payment provider gave no card page');
  return reply.data;
}

export async function fetchBillingSettings(http: HttpClient): Promise<BillingSettingsReply> {
  const result = await http.get(BILLING_API.settings);
  if (!result.ok) throw callError(result, 'Reading the subscription');
  return BillingSettingsReply.parse(result.data);
}

export async function changePlan(http: HttpClient, priceId: string): Promise<void> {
  const result = await http.post(BILLING_API.change, { priceId });
  if (!result.ok) throw callError(result, 'Changing the plan');
}

/** Cancels at the period's end; `resume` takes the cancellation back. */
export async function cancelAtPeriodEnd(http: HttpClient, resume: boolean): Promise<void> {
  const result = await http.post(BILLING_API.cancel, resume ? { resume: true } : {});
  if (!result.ok) throw callError(result, resume ? 'Keeping the plan' : 'Cancelling the plan');
}

export function usePlans(enabled = true) {
  const { http } = useServices();
  return useQuery({ queryKey: plansKey, queryFn: () => fetchPlans(http), staleTime: PLANS_FRESH_MS, enabled });
}

/** The subscription as it stands; read again when the socket says it changed (billing-validity.ts). */
export function useBillingSettings(officeId: string | null, enabled = true) {
  const { http } = useServices();
  return useQuery({
    queryKey: billingSettingsKey(officeId),
    queryFn: () => fetchBillingSettings(http),
    enabled,
    retry: retryUnlessRefused,
  });
}
