import path from 'node:path';
import { ConfigError } from '@dv/kit';
import { loadBillingConfig, SANDBOX_PLAN_LOOKUP_KEYS, stripeApiAddress } from './config';

const required = { OIDC_ISSUER: 'https://id.example.com/', OIDC_AUDIENCE: 'https://api.example.com' };
const KEY = 'sk_test_51AbcdefGhijkl';
const SECRET = 'whsec_abcdefghijkl';

function problems(env: Record<string, string>): string[] {
  try {
    loadBillingConfig({ ...required, ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems.map((problem) => problem.variable);
    throw error;
  }
  return [];
}

describe('billing configuration', () => {
  it('defaults: port 8083, the embedded sandbox on 8092 with its plans, the app at localhost:8080', () => {
    const config = loadBillingConfig(required);
    expect(config).toMatchObject({ port: 8083, host: '127.0.0.1', dataDir: path.resolve('./data'), stripeSandboxPort: 8092, publicAppUrl: 'http://localhost:8080', plans: { lookupKeys: SANDBOX_PLAN_LOOKUP_KEYS } });
    expect(config.stripeSecretKey).toBeUndefined();
    expect(config.stripeApi).toBeUndefined();
  });

  it('reads Stripe: a key with its webhook secret, a local API address, the plans by lookup key or product', () => {
    expect(
      loadBillingConfig({ ...required, STRIPE_SECRET_KEY: KEY, STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_URL: 'http://localhost:12111', STRIPE_PLAN_LOOKUP_KEYS: 'free, pro', PUBLIC_APP_URL: 'https://app.example.com/' }),
    ).toMatchObject({ stripeSecretKey: KEY, stripeWebhookSecret: SECRET, stripeApi: { host: 'localhost', port: 12111, protocol: 'http' }, plans: { lookupKeys: ['free', 'pro'] }, publicAppUrl: 'https://app.example.com' });
    expect(loadBillingConfig({ ...required, STRIPE_PLAN_PRODUCTS: 'prod_A1,prod_B2' }).plans).toEqual({ products: ['prod_A1', 'prod_B2'] });
    expect(loadBillingConfig({ ...required, STRIPE_SANDBOX_PORT: '0', STRIPE_SANDBOX_PUBLIC_URL: 'http://localhost:8092/' })).toMatchObject({ stripeSandboxPort: 0, stripeSandboxPublicUrl: 'http://localhost:8092' });
    expect(stripeApiAddress('https://api.stripe.test')).toEqual({ host: 'api.stripe.test', port: 443, protocol: 'https' });
  });

  it('refuses a key without its webhook secret, malformed secrets, both plan selections, an address with a path', () => {
    expect(problems({ STRIPE_SECRET_KEY: KEY })).toEqual(['STRIPE_WEBHOOK_SECRET']);
    expect(problems({ STRIPE_SECRET_KEY: 'pk_test_abcdefghijk', STRIPE_WEBHOOK_SECRET: SECRET })).toEqual(['STRIPE_SECRET_KEY']);
    expect(problems({ STRIPE_WEBHOOK_SECRET: 'secret' })).toEqual(['STRIPE_WEBHOOK_SECRET']);
    expect(problems({ STRIPE_PLAN_LOOKUP_KEYS: 'a', STRIPE_PLAN_PRODUCTS: 'prod_1' })).toEqual(['STRIPE_PLAN_PRODUCTS']);
    expect(problems({ STRIPE_PLAN_PRODUCTS: 'price_1' })).toEqual(['STRIPE_PLAN_PRODUCTS.0']);
    expect(problems({ STRIPE_API_URL: 'http://localhost:12111/v1' })).toEqual(['STRIPE_API_URL']);
    expect(problems({ PUBLIC_APP_URL: 'ftp://app' })).toEqual(['PUBLIC_APP_URL']);
  });

  it('never echoes a secret in its errors', () => {
    try {
      loadBillingConfig({ ...required, STRIPE_SECRET_KEY: 'sk_live_oops spaces', STRIPE_WEBHOOK_SECRET: 'whsec_has spaces in it' });
      throw new Error('no error');
    } catch (error) {
      expect(String(error)).not.toContain('oops');
      expect(String(error)).not.toContain('spaces in it');
    }
  });
});
