/**
 * Stripe's test cards and the checkout form's checks. Pure: the page module renders, the checkout operation acts.
 * Numbers are read with spaces and dashes ignored. A number that is not a test card is refused the way Stripe's test
 * mode refuses a real card.
 */
import { createHash } from 'node:crypto';
import { type DeclineCode } from './errors';
import { type CardBrand } from './wire-types';

/** What happens with a card: it works, it is declined at once, or it saves but every charge on it fails. */
export type CardBehavior =
  | { readonly kind: 'succeeds' }
  | { readonly kind: 'declined'; readonly decline: DeclineCode }
  | { readonly kind: 'charges_fail'; readonly decline: DeclineCode };

export interface TestCard {
  readonly number: string;
  readonly label: string;
  readonly behavior: CardBehavior;
}

export const TEST_CARDS: readonly TestCard[] = [
  { number: '4242424242424242', label: 'Succeeds', behavior: { kind: 'succeeds' } },
  { number: '5555555555554444', label: 'Succeeds (Mastercard)', behavior: { kind: 'succeeds' } },
  { number: '4000000000000002', label: 'Declined', behavior: { kind: 'declined', decline: 'generic_decline' } },
  { number: '4000000000009995', label: 'Insufficient funds', behavior: { kind: 'declined', decline: 'insufficient_funds' } },
  { number: '4000000000009987', label: 'Lost card', behavior: { kind: 'declined', decline: 'lost_card' } },
  { number: '4000000000000069', label: 'Expired card', behavior: { kind: 'declined', decline: 'expired_card' } },
  { number: '4000000000000127', label: 'Incorrect CVC', behavior: { kind: 'declined', decline: 'incorrect_cvc' } },
  {
    number: '4000000000000341',
    label: 'Saves, then every charge fails',
    behavior: { kind: 'charges_fail', decline: 'generic_decline' },
  },
];

export interface CardForm {
  readonly cardNumber: string;
  readonly expiry: string;
  readonly cvc: string;
  readonly name: string;
}

export type CardField = keyof CardForm;

export interface CardDetails {
  readonly brand: CardBrand;
  readonly last4: string;
  readonly expMonth: number;
  readonly expYear: number;
  readonly name: string;
  readonly fingerprint: string;
  readonly behavior: CardBehavior;
}

export type CardFormResult =
  | { readonly ok: true; readonly card: CardDetails }
  | { readonly ok: false; readonly errors: Partial<Record<CardField, string>> };

export const CARD_FORM_MESSAGES = {
  numberIncomplete: 'Your card number is incomplete.',
  numberInvalid: 'Your card number is invalid.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryInvalid: "Your card's expiration month is invalid.",
  expiryYearPast: "Your card's expiration year is in the past.",
  expiryPast: "Your card's expiration date is in the past.",
  cvcIncomplete: "Your card's security code is incomplete.",
  nameMissing: 'Enter the name on the card.',
} as const;

export function cardBrand(digits: string): CardBrand {
  if (digits.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65)/.test(digits)) return 'discover';
  return 'unknown';
}

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

function checkNumber(raw: string): { digits: string } | { error: string } {
  const digits = raw.replace(/[\s-]/g, '');
  if (digits === '' || (/^\d+$/.test(digits) && digits.length < 13)) return { error: CARD_FORM_MESSAGES.numberIncomplete };
  if (!/^\d{13,19}$/.test(digits) || !passesLuhn(digits)) return { error: CARD_FORM_MESSAGES.numberInvalid };
  return { digits };
}

/** MM/YY, MM / YY, MMYY or MM/YYYY; the card is good through the end of its month. */
function checkExpiry(raw: string, today: Date): { month: number; year: number } | { error: string } {
  const match = /^(\d{1,2})\s*\/?\s*(\d{2}|\d{4})$/.exec(raw.trim());
  if (!match) return { error: CARD_FORM_MESSAGES.expiryIncomplete };
  const month = Number(match[1]);
  const yearText = match[2] ?? '';
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  if (month < 1 || month > 12) return { error: CARD_FORM_MESSAGES.expiryInvalid };
  const thisYear = today.getUTCFullYear();
  if (year < thisYear) return { error: CARD_FORM_MESSAGES.expiryYearPast };
  if (year === thisYear && month < today.getUTCMonth() + 1) return { error: CARD_FORM_MESSAGES.expiryPast };
  return { month, year };
}

function behaviorOf(digits: string): CardBehavior {
  const known = TEST_CARDS.find((card) => card.number === digits);
  return known?.behavior ?? { kind: 'declined', decline: 'test_mode_live_card' };
}

export function readCardForm(form: CardForm, today: Date): CardFormResult {
  const errors: Partial<Record<CardField, string>> = {};
  const number = checkNumber(form.cardNumber);
  if ('error' in number) errors.cardNumber = number.error;
  const expiry = checkExpiry(form.expiry, today);
  if ('error' in expiry) errors.expiry = expiry.error;
  const cvcLength = 'digits' in number && cardBrand(number.digits) === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(form.cvc.trim())) errors.cvc = CARD_FORM_MESSAGES.cvcIncomplete;
  if (form.name.trim() === '') errors.name = CARD_FORM_MESSAGES.nameMissing;
  if ('error' in number || 'error' in expiry || Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    card: {
      brand: cardBrand(number.digits),
      last4: number.digits.slice(-4),
      expMonth: expiry.month,
      expYear: expiry.year,
      name: form.name.trim(),
      fingerprint: createHash('sha256').update(number.digits).digest('base64url').slice(0, 16),
      behavior: behaviorOf(number.digits),
    },
  };
}
