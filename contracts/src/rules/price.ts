/** Price display (SPEC section 5): digits only, thousands commas, exactly two decimals. */

const NON_DIGITS = /\D/g;

/** A number's plain decimal text, never in exponent notation. */
function plainNumberText(value: number): string {
  if (!Number.isFinite(value)) return '';
  const text = String(value);
  if (!/e/i.test(text)) return text;
  return Math.abs(value) >= 1 ? BigInt(Math.trunc(value)).toString() : value.toFixed(20);
}

/**
 * Formats a price for display: '$1,500' -> '1,500.00', '1500.5' -> '1,500.50', 1500 -> '1,500.00'.
 *
 * How the text is read: the last '.' separates dollars from cents; every other character that is not a digit
 * (currency signs, commas, spaces, a minus sign, earlier dots) is dropped. Cents are the first two digits after
 * that '.', padded with zeros ('.5' is 50 cents), and rounded half up on the third digit (carrying into dollars).
 * Text without digits, null, undefined and non-finite numbers read as zero. The result always matches
 * /^\d{1,3}(,\d{3})*\.\d{2}$/.
 */
export function formatPrice(value: string | number | null | undefined): string {
  const text = typeof value === 'number' ? plainNumberText(value) : (value ?? '');
  const point = text.lastIndexOf('.');
  const dollarDigits = (point === -1 ? text : text.slice(0, point)).replace(NON_DIGITS, '');
  const fractionDigits = point === -1 ? '' : text.slice(point + 1).replace(NON_DIGITS, '');

  const cents = BigInt((fractionDigits + '00').slice(0, 2));
  const roundUp = (fractionDigits[2] ?? '0') >= '5' ? 1n : 0n;
  const total = BigInt(dollarDigits || '0') * 100n + cents + roundUp;

  const dollars = (total / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const remainder = (total % 100n).toString().padStart(2, '0');
  return `${dollars}.${remainder}`;
}
