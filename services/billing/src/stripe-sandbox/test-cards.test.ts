import fc from 'fast-check';
import { CARD_FORM_MESSAGES, TEST_CARDS, cardBrand, passesLuhn, readCardForm, type CardForm } from './test-cards';

const today = new Date('2026-06-15T00:00:00Z');
const form = (over: Partial<CardForm> = {}): CardForm => ({
  cardNumber: '4242 4242 4242 4242',
  expiry: '12/30',
  cvc: '123',
  name: 'Ada Lovelace',
  ...over,
});

describe('test cards', () => {
  it('every listed test card passes the Luhn check', () => {
    for (const card of TEST_CARDS) expect(passesLuhn(card.number)).toBe(true);
  });

  it('reads the success card with spaces, brand and last four', () => {
    const result = readCardForm(form(), today);
    expect(result).toEqual({
      ok: true,
      card: expect.objectContaining({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, behavior: { kind: 'succeeds' } }),
    });
  });

  it.each([
    ['4000 0000 0000 0002', 'generic_decline'],
    ['4000-0000-0000-9995', 'insufficient_funds'],
  ])('%s is declined with %s', (cardNumber, decline) => {
    expect(readCardForm(form({ cardNumber }), today)).toEqual({
      ok: true,
      card: expect.objectContaining({ behavior: { kind: 'declined', decline } }),
    });
  });

  it('names the brand from the first digits', () => {
    expect(cardBrand('4242')).toBe('visa');
    expect(cardBrand('5555')).toBe('mastercard');
    expect(cardBrand('3782')).toBe('amex');
    expect(cardBrand('9999')).toBe('unknown');
  });

  it.each([
    [{ cardNumber: '' }, 'cardNumber', CARD_FORM_MESSAGES.numberIncomplete],
    [{ cardNumber: '4242 4242' }, 'cardNumber', CARD_FORM_MESSAGES.numberIncomplete],
    [{ cardNumber: '4242 4242 4242 4241' }, 'cardNumber', CARD_FORM_MESSAGES.numberInvalid],
    [{ cardNumber: '4242x4242x4242x4242' }, 'cardNumber', CARD_FORM_MESSAGES.numberInvalid],
    [{ expiry: '' }, 'expiry', CARD_FORM_MESSAGES.expiryIncomplete],
    [{ expiry: '13/30' }, 'expiry', CARD_FORM_MESSAGES.expiryInvalid],
    [{ expiry: '12/25' }, 'expiry', CARD_FORM_MESSAGES.expiryYearPast],
    [{ expiry: '05/26' }, 'expiry', CARD_FORM_MESSAGES.expiryPast],
    [{ cvc: '12' }, 'cvc', CARD_FORM_MESSAGES.cvcIncomplete],
    [{ name: '  ' }, 'name', CARD_FORM_MESSAGES.nameMissing],
  ])('refuses %j on %s', (over, field, message) => {
    expect(readCardForm(form(over), today)).toEqual({ ok: false, errors: { [field]: message } });
  });

  it('accepts this month as an expiry and the long year form', () => {
    expect(readCardForm(form({ expiry: '06 / 2026' }), today).ok).toBe(true);
  });

  it('never throws, whatever is typed (generated cases)', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), fc.string(), (cardNumber, expiry, cvc, name) => {
        const result = readCardForm({ cardNumber, expiry, cvc, name }, today);
        expect(typeof result.ok).toBe('boolean');
      }),
    );
  });
});
