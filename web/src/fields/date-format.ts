/**
 * Date fields use DATE_FORMAT (MM/dd/yyyy, SPEC section 2). The contract writes it in date-fns tokens; dayjs
 * (where a page formats dates with it) spells day and year in capitals.
 */
import { DATE_FORMAT, isUsCalendarDate } from '@dv/contracts';

export const DAYJS_DATE_FORMAT = DATE_FORMAT.replace('dd', 'DD').replace('yyyy', 'YYYY');

/** Keeps digits only and puts the slashes in: '0315' -> '03/15'. */
export function maskDate(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 8);
  const parts = [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4, 8)].filter((part) => part !== '');
  return parts.join('/');
}

/** True for a real calendar date written exactly as MM/dd/yyyy: the contract's own check, so the field and the service agree. */
export const isValidDate = isUsCalendarDate;
