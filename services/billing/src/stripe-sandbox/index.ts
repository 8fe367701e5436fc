/** The local Stripe sandbox (README.md in this folder says what it speaks). */
export { startStripeSandbox, type CheckoutSubmission, type StripeSandbox, type StripeSandboxOptions } from './sandbox';
export { sandboxSeed, SANDBOX_PLANS, WELCOME_COUPON, type CouponSeed, type CustomerSeed, type PlanSeed, type SandboxSeed } from './seed';
export { TEST_CARDS, type CardForm } from './test-cards';
export { type RetryPolicy, type WebhookEndpointConfig } from './webhook-delivery';
export { type SandboxLogger } from './logger';
