/** A report's ISO dates as the product writes dates (MM/dd/yyyy, SPEC section 2), with the local time. */
import dayjs from 'dayjs';
import { DAYJS_DATE_FORMAT } from '../fields/date-format';

export function reportDateTime(iso: string): string {
  return dayjs(iso).format(`${DAYJS_DATE_FORMAT} hh:mm A`);
}
