import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Random base-62 text: ids and secrets, unguessable (hosted invoice pages are reachable by id alone). */
export function randomToken(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length];
  return out;
}

/** The id prefixes Stripe uses; expand.ts finds an object's collection from them. */
export const ID_PREFIX = {
  customer: 'cus_',
  product: 'prod_',
  price: 'price_',
  subscription: 'sub_',
  subscriptionItem: 'si_',
  setupIntent: 'seti_',
  paymentMethod: 'pm_',
  invoice: 'in_',
  invoiceLine: 'il_',
  checkoutSession: 'cs_test_',
  event: 'evt_',
  promotionCode: 'promo_',
  discount: 'di_',
  request: 'req_',
  webhookEndpoint: 'we_',
} as const;

export type IdKind = keyof typeof ID_PREFIX;

export function newId(kind: IdKind): string {
  return `${ID_PREFIX[kind]}${randomToken(kind === 'checkoutSession' ? 40 : 24)}`;
}
