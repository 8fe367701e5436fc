// @dv/billing: plans, coupons, card set-up, subscriptions, freemium and Stripe webhooks; the payment state per office.

export { billingService, startBilling, type BillingBuilt, type BillingOptions, type RunningBilling, type StartBillingOptions } from './app';
export { BillingEnv, DEFAULT_STRIPE_SANDBOX_PORT, loadBillingConfig, type BillingConfig } from './config';
export { prepareBillingStore } from './store-setup';
export { type StripeConnection } from './stripe/stripe-connection';
export { sandboxCustomers, type SandboxOffice } from './stripe/embedded-sandbox';
