/**
 * What /management/stats asks for, kept in the address (?from=YYYY-MM-DD&to=YYYY-MM-DD&officeId=...): a range of
 * days of the browser's calendar, the last STATS_DEFAULT_DAYS days by default, and the office. A range the service
 * would refuse (reversed, too long, not dates) is replaced by the default: the page never asks for what fails.
 */
import { STATS_DEFAULT_DAYS, StatsQuery } from '@dv/contracts';

export type StatsRange = { readonly from: string; readonly to: string };

const pad = (value: number) => String(value).padStart(2, '0');

/** The browser's calendar day of the date ('YYYY-MM-DD'). */
export function localDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The last `days` days up to the day of `now`, both included. */
export function lastDays(now: Date, days = STATS_DEFAULT_DAYS): StatsRange {
  const from = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (days - 1));
  return { from: localDay(from), to: localDay(now) };
}

/** The browser's time zone, which the service counts days in; UTC when the browser does not say. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The range the address names, when the service would take it; else the default. */
export function rangeFromSearch(search: URLSearchParams, now: Date): StatsRange {
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  return StatsQuery.safeParse({ from, to }).success ? { from, to } : lastDays(now);
}

/** The address of a range and office; the default range is left out, so the plain page address means "last week". */
export function searchOf(range: StatsRange, officeId: string | undefined, now: Date): URLSearchParams {
  const search = new URLSearchParams();
  const fallback = lastDays(now);
  if (range.from !== fallback.from || range.to !== fallback.to) {
    search.set('from', range.from);
    search.set('to', range.to);
  }
  if (officeId !== undefined) search.set('officeId', officeId);
  return search;
}
