/**
 * A report's dates as the product writes dates (MM/dd/yyyy, SPEC section 2), with the local time: '03/12/2025
 * 01:05 PM'. The service sends ISO instants with a zone (contracts' BugReport), which Date reads as they are; plain
 * Date rather than dayjs, which the bug pages would otherwise load before they render (issue 12's budget).
 */
const twoDigits = (n: number) => String(n).padStart(2, '0');

export function reportDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const hours = date.getHours();
  const day = `${twoDigits(date.getMonth() + 1)}/${twoDigits(date.getDate())}/${String(date.getFullYear()).padStart(4, '0')}`;
  return `${day} ${twoDigits(hours % 12 || 12)}:${twoDigits(date.getMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
}
