/**
 * Where Stripe Checkout sends the browser back: the app's own pages, at the host the office uses. The gateway
 * forwards the browser's host (x-forwarded-host, x-forwarded-proto); it is used when it is PUBLIC_APP_URL's host
 * or a host under the same parent domain (each organization's own host, e.g. demo.localhost:8080 beside
 * localhost:8080, acme.example.com beside app.example.com). Anything else gets PUBLIC_APP_URL: a forged host never
 * becomes a page Checkout sends anyone to.
 */
export interface ReturnUrls {
  readonly success: string;
  readonly cancel: string;
}

/** Stripe puts the session's id where this placeholder stands in a success URL. */
export const CHECKOUT_SESSION_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

export const PAYMENT_PAGES = {
  payment: '/payment',
  setup: '/payment/setup',
  verify: '/payment/verify',
} as const;

const HOST = /^[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?(?::\d{1,5})?$/;

/** The domain whose subdomains count as the app: the host minus its first label when it has three or more. */
function parentDomain(host: string): string {
  const [name = '', port] = host.split(':');
  const labels = name.split('.');
  const parent = labels.length >= 3 ? labels.slice(1).join('.') : name;
  return port === undefined ? parent : `${parent}:${port}`;
}

export function appOrigin(publicAppUrl: string, forwarded: { readonly host?: string | string[]; readonly proto?: string | string[] }): string {
  const base = new URL(publicAppUrl);
  const host = typeof forwarded.host === 'string' ? forwarded.host.trim().toLowerCase() : '';
  if (host === '' || !HOST.test(host)) return base.origin;
  const domain = parentDomain(base.host);
  if (host !== base.host && !host.endsWith(`.${domain}`)) return base.origin;
  const proto = forwarded.proto === 'http' || forwarded.proto === 'https' ? forwarded.proto : base.protocol.replace(':', '');
  return `${proto}://${host}`;
}

export function checkoutReturnUrls(origin: string, mode: 'subscription' | 'setup'): ReturnUrls {
  return {
    success: `${origin}${PAYMENT_PAGES.verify}?session_id=${CHECKOUT_SESSION_PLACEHOLDER}`,
    cancel: `${origin}${mode === 'setup' ? PAYMENT_PAGES.setup : PAYMENT_PAGES.payment}`,
  };
}
