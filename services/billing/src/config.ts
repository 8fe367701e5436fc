/**
 * The environment of the billing service: the kit's fields, the offices directory (OFFICES_URL and
 * INTERNAL_API_TOKEN: company users may name any office of their organization), Stripe (a secret key, the webhook
 * signing secret, an optional API address for a local Stripe-compatible server), the plans offered (price lookup
 * keys, or products whose active prices are offered), the app's public address for Stripe Checkout's return pages,
 * and the embedded sandbox's port. Without STRIPE_SECRET_KEY the service runs the Stripe sandbox itself; with one,
 * never. Validated once at start-up; secrets are never echoed.
 */
import { directoryServiceConfigOf, directoryServiceEnv, envList, envPort, httpUrl, loadConfig, type DirectoryServiceConfig, type Environment } from '@dv/kit';
import { z } from 'zod';
import { SANDBOX_PLANS } from './stripe-sandbox';

/** Where the Stripe SDK sends its requests: Stripe itself by default, or a local server (the sandbox, stripe-mock). */
export interface StripeApiAddress {
  readonly host: string;
  readonly port: number;
  readonly protocol: 'http' | 'https';
}

/** Which prices are the plans: by lookup key, or every active recurring price of the named products. */
export type PlanSelection = { readonly lookupKeys: readonly string[] } | { readonly products: readonly string[] };

export interface BillingConfig extends DirectoryServiceConfig {
  /** Stripe's secret (or restricted) key; absent: the embedded sandbox answers. */
  readonly stripeSecretKey?: string;
  /** The webhook endpoint's signing secret (whsec_...); required with a key. */
  readonly stripeWebhookSecret?: string;
  /** Default Stripe's own API. */
  readonly stripeApi?: StripeApiAddress;
  readonly plans: PlanSelection;
  /** The app's address for Stripe Checkout's success and cancel pages when the request's host cannot be used. */
  readonly publicAppUrl: string;
  /** The embedded sandbox's port (0 picks a free one); unused with a key. */
  readonly stripeSandboxPort: number;
  /** The sandbox's pages as a browser reaches them (a container's published port); default the address it listens on. */
  readonly stripeSandboxPublicUrl?: string;
}

/** The plans the embedded sandbox seeds (their prices' lookup keys); a deployment names its own. */
export const SANDBOX_PLAN_LOOKUP_KEYS: readonly string[] = SANDBOX_PLANS.map((plan) => plan.lookupKey);
export const DEFAULT_PUBLIC_APP_URL = 'http://localhost:8080';
export const DEFAULT_STRIPE_SANDBOX_PORT = 8092;

const STRIPE_KEY = /^(sk|rk)_(test|live)_[A-Za-z0-9_]{8,}$/;
const WEBHOOK_SECRET = /^whsec_[A-Za-z0-9_+/=]{8,}$/;

/** http(s)://host[:port] and nothing else: the SDK takes a host, a port and a protocol, never a path. */
export function stripeApiAddress(url: string): StripeApiAddress {
  const parsed = new URL(url);
  const protocol = parsed.protocol === 'http:' ? 'http' : 'https';
  const port = parsed.port === '' ? (protocol === 'http' ? 80 : 443) : Number(parsed.port);
  return { host: parsed.hostname, port, protocol };
}

const originOnly = (name: string) =>
  httpUrl().refine((value) => {
    const parsed = new URL(value);
    return (parsed.pathname === '/' || parsed.pathname === '') && parsed.search === '' && parsed.hash === '';
  }, `${name} is an address without a path, query or fragment`);

export const BillingEnv = directoryServiceEnv(
  { port: 8083 },
  {
    STRIPE_SECRET_KEY: z.string().trim().regex(STRIPE_KEY, { error: 'must be a Stripe secret or restricted key (sk_... or rk_...)' }).optional(),
    STRIPE_WEBHOOK_SECRET: z.string().trim().regex(WEBHOOK_SECRET, { error: 'must be a webhook signing secret (whsec_...)' }).optional(),
    STRIPE_API_URL: originOnly('STRIPE_API_URL').optional(),
    STRIPE_PLAN_LOOKUP_KEYS: envList.pipe(z.array(z.string().min(1).max(200)).min(1)).optional(),
    STRIPE_PLAN_PRODUCTS: envList.pipe(z.array(z.string().regex(/^prod_\w+$/, { error: 'must be product ids (prod_...)' })).min(1)).optional(),
    PUBLIC_APP_URL: originOnly('PUBLIC_APP_URL').default(DEFAULT_PUBLIC_APP_URL),
    STRIPE_SANDBOX_PORT: envPort.default(DEFAULT_STRIPE_SANDBOX_PORT),
    STRIPE_SANDBOX_PUBLIC_URL: originOnly('STRIPE_SANDBOX_PUBLIC_URL').optional(),
  },
)
  .superRefine((env, context) => {
    if (env.STRIPE_SECRET_KEY !== undefined && env.STRIPE_WEBHOOK_SECRET === undefined) {
      context.addIssue({ code: 'custom', path: ['STRIPE_WEBHOOK_SECRET'], message: 'required with STRIPE_SECRET_KEY: webhooks cannot be checked without it' });
    }
    if (env.STRIPE_PLAN_LOOKUP_KEYS !== undefined && env.STRIPE_PLAN_PRODUCTS !== undefined) {
      context.addIssue({ code: 'custom', path: ['STRIPE_PLAN_PRODUCTS'], message: 'name the plans by STRIPE_PLAN_LOOKUP_KEYS or by STRIPE_PLAN_PRODUCTS, not both' });
    }
  })
  .transform(
    (env): BillingConfig => ({
      ...directoryServiceConfigOf(env),
      ...(env.STRIPE_SECRET_KEY === undefined ? {} : { stripeSecretKey: env.STRIPE_SECRET_KEY }),
      ...(env.STRIPE_WEBHOOK_SECRET === undefined ? {} : { stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET }),
      ...(env.STRIPE_API_URL === undefined ? {} : { stripeApi: stripeApiAddress(env.STRIPE_API_URL) }),
      plans: env.STRIPE_PLAN_PRODUCTS === undefined ? { lookupKeys: env.STRIPE_PLAN_LOOKUP_KEYS ?? [...SANDBOX_PLAN_LOOKUP_KEYS] } : { products: env.STRIPE_PLAN_PRODUCTS },
      publicAppUrl: env.PUBLIC_APP_URL.replace(/\/$/, ''),
      stripeSandboxPort: env.STRIPE_SANDBOX_PORT,
      ...(env.STRIPE_SANDBOX_PUBLIC_URL === undefined ? {} : { stripeSandboxPublicUrl: env.STRIPE_SANDBOX_PUBLIC_URL.replace(/\/$/, '') }),
    }),
  );

/** Reads the configuration from the environment; throws a ConfigError naming every bad variable (never a value). */
export function loadBillingConfig(env: Environment = process.env): BillingConfig {
  return loadConfig(BillingEnv, env);
}
