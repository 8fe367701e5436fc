/**
 * Dates of the Verifications History as the product writes them (MM/DD/YYYY, SPEC section 2), with plain Date:
 * the list renders without dayjs, which only the date range picker loads.
 */
const twoDigits = (n: number) => String(n).padStart(2, '0');
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** An ISO instant as the user's local day: '2026-06-01T14:00:00.000Z' -> '06/01/2026'. */
export function localDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${twoDigits(date.getMonth() + 1)}/${twoDigits(date.getDate())}/${String(date.getFullYear()).padStart(4, '0')}`;
}

function localDay(day: string, end: boolean): string {
  const match = DAY.exec(day);
  // An instant (the address may carry one): the service reads it as it is.
  if (match === null) return day;
  const [, year, month, date] = match;
  const local = end ? new Date(Number(year), Number(month) - 1, Number(date), 23, 59, 59, 999) : new Date(Number(year), Number(month) - 1, Number(date));
  return local.toISOString();
}

/** The first instant of a day (YYYY-MM-DD) where the user is. */
export const localDayStart = (day: string): string => localDay(day, false);
/** The last instant of a day (YYYY-MM-DD) where the user is. */
export const localDayEnd = (day: string): string => localDay(day, true);
