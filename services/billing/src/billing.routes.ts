/**
 * /api/stripe (SPEC section 7 and issue 17): the payment pages' calls. Each route's roles are the contracts' table
 * entry for it (the gateway applies the same table; checked again here), and every call acts for the office of the
 * Connected-Dental-Office header (the kit allowed the user that office), through that office's own billing
 * account: no route takes an office or customer id from the caller.
 */
import {
  API_ROUTES,
  BILLING_MESSAGES,
  BillingSettingsReply,
  CouponQuery,
  CouponReply,
  PaymentCheckReply,
  RegisterReply,
  SetupIntentReply,
  SubscriptionCancelInput,
  SubscriptionChangeInput,
  SubscriptionCheckoutReply,
  SubscriptionCreateInput,
  SubscriptionCreateReply,
  SubscriptionPlanListItem,
  type HttpMethod,
  type Role,
} from '@dv/contracts';
import { invalidField, NotFound, OFFICE_HEADER, requireActor, requireRoles, type Actor, type Server } from '@dv/kit';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type Scope } from './accounts/accounts.store';
import { type CustomerAccounts } from './accounts/customers';
import { couponView, resolveCoupon } from './plans/coupons';
import { type PlanCatalogue } from './plans/plan-catalogue';
import { setupSession } from './subscriptions/checkout';
import { appOrigin } from './subscriptions/return-urls';
import { type SettingsService } from './subscriptions/settings.service';
import { type SubscriptionService } from './subscriptions/subscriptions.service';
import type Stripe from 'stripe';

export const OFFICE_REQUIRED = 'Name the office in the Connected-Dental-Office header';
/** SPEC section 7: a subscription request without a body is a failed exchange, answered as such. */
export const COMMUNICATION_ERROR = 'communication_error';

/**
 * The list as it travels: contracts' item, with `metadata` as Stripe keeps it (text values; `features` stays the
 * JSON text that SPEC section 3 has the client parse, which the contract's item does when read).
 */
export const PlanListWire = z.array(SubscriptionPlanListItem.extend({ metadata: z.record(z.string(), z.string()) }));

/** The roles the contracts' table gives a billing route (the gateway's, checked again here). */
export function billingRouteRoles(method: HttpMethod, path: string): readonly Role[] {
  const route = API_ROUTES.find((candidate) => candidate.method === method && candidate.path === path && candidate.service === 'billing');
  if (route === undefined || !Array.isArray(route.access)) throw new Error(`${method} ${path} is no role-checked billing route`);
  return route.access as readonly Role[];
}

export function scopeOf(actor: Actor): Scope {
  if (actor.officeId === undefined) throw invalidField(OFFICE_HEADER, OFFICE_REQUIRED, 'headers');
  return { orgId: actor.orgId, officeId: actor.officeId };
}

const scopeFor = (request: FastifyRequest): Scope => scopeOf(requireActor(request));

export interface BillingRouteDeps {
  readonly customers: CustomerAccounts;
  readonly plans: PlanCatalogue;
  readonly subscriptions: SubscriptionService;
  readonly settings: SettingsService;
  readonly stripe: () => Stripe;
  readonly publicAppUrl: string;
  /** The embedded Stripe sandbox answers (replies say so: the pages show a badge). */
  readonly sandbox: boolean;
}

export function billingRoutes(app: Server, deps: BillingRouteDeps): void {
  const { customers, plans, subscriptions, settings } = deps;
  const guard = (method: HttpMethod, path: string) => ({ onRequest: requireRoles(...billingRouteRoles(method, path)) });
  const originOf = (request: FastifyRequest) =>
    appOrigin(deps.publicAppUrl, { host: request.headers['x-forwarded-host'], proto: request.headers['x-forwarded-proto'] });

  app.get('/api/stripe', { ...guard('GET', '/api/stripe'), schema: { response: { 200: PaymentCheckReply } } }, async (request) => ({
    valid: await settings.billingValid(scopeFor(request)),
    sandbox: deps.sandbox,
  }));

  app.get(
    '/api/stripe/subscription/valid',
    { ...guard('GET', '/api/stripe/subscription/valid'), schema: { response: { 200: PaymentCheckReply } } },
    async (request) => ({ valid: await settings.subscriptionValid(scopeFor(request)) }),
  );

  app.post('/api/stripe/register', { ...guard('POST', '/api/stripe/register'), schema: { response: { 200: RegisterReply } } }, async (request) => {
    const account = await customers.ensureCustomer(scopeFor(request));
    return { customerId: account.customerId };
  });

  app.get('/api/stripe/setupintent', { ...guard('GET', '/api/stripe/setupintent'), schema: { response: { 200: SetupIntentReply } } }, async (request) => {
    const scope = scopeFor(request);
    const account = await customers.ensureCustomer(scope);
    return setupSession(deps.stripe(), scope, account.customerId, originOf(request));
  });

  app.post(
    '/api/stripe/subscription/create',
    { ...guard('POST', '/api/stripe/subscription/create'), schema: { body: SubscriptionCreateInput.nullish(), response: { 200: SubscriptionCheckoutReply } } },
    async (request) => {
      const scope = scopeFor(request);
      if (request.body === null || request.body === undefined) return { valid: false, error: COMMUNICATION_ERROR };
      return subscriptions.create(scope, request.body, originOf(request));
    },
  );

  app.get(
    '/api/stripe/coupon',
    { ...guard('GET', '/api/stripe/coupon'), schema: { querystring: CouponQuery, response: { 200: CouponReply } } },
    async (request) => {
      const resolved = await resolveCoupon(deps.stripe(), request.query.code);
      if (resolved === null) throw new NotFound(BILLING_MESSAGES.unknownCoupon);
      return { coupon: couponView(resolved) };
    },
  );

  app.get('/api/stripe/list', { ...guard('GET', '/api/stripe/list'), schema: { response: { 200: PlanListWire } } }, async () =>
    (await plans.list()).map((plan) => plan.entry),
  );

  app.post(
    '/api/stripe/subscription/freemium',
    { ...guard('POST', '/api/stripe/subscription/freemium'), schema: { response: { 201: SubscriptionCreateReply } } },
    async (request, reply) => {
      await subscriptions.freemium(scopeFor(request));
      return reply.code(201).send({ valid: true });
    },
  );

  app.get('/api/stripe/settings', { ...guard('GET', '/api/stripe/settings'), schema: { response: { 200: BillingSettingsReply } } }, async (request) => ({
    ...(await settings.settings(scopeFor(request))),
    sandbox: deps.sandbox,
  }));

  app.post(
    '/api/stripe/subscription/change',
    { ...guard('POST', '/api/stripe/subscription/change'), schema: { body: SubscriptionChangeInput, response: { 200: BillingSettingsReply } } },
    async (request) => {
      const scope = scopeFor(request);
      await subscriptions.change(scope, request.body.priceId);
      return { ...(await settings.settings(scope)), sandbox: deps.sandbox };
    },
  );

  app.post(
    '/api/stripe/subscription/cancel',
    { ...guard('POST', '/api/stripe/subscription/cancel'), schema: { body: SubscriptionCancelInput.nullish(), response: { 200: BillingSettingsReply } } },
    async (request) => {
      const scope = scopeFor(request);
      await subscriptions.cancel(scope, request.body?.resume === true);
      return { ...(await settings.settings(scope)), sandbox: deps.sandbox };
    },
  );
}
