/**
 * The days of the schedule pages: YYYY-MM-DD in the office's calendar, which is the browser's (the front desk sits
 * in the office). "Today" is the browser's local date, never the UTC one: at 8 PM in New York, UTC is already
 * tomorrow. Day arithmetic runs on UTC midnights, so a daylight-saving change never skips or repeats a day. Pure.
 */
import { PATHS, ScheduleDay } from '@dv/contracts';

const DAY_MS = 86_400_000;

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** The browser's local date as YYYY-MM-DD. */
export function todayOf(now: Date = new Date()): string {
  return `${now.getFullYear()}-${twoDigits(now.getMonth() + 1)}-${twoDigits(now.getDate())}`;
}

/** A real day as YYYY-MM-DD (the contract's ScheduleDay). */
export const isScheduleDay = (text: string): boolean => ScheduleDay.safeParse(text).success;

const utcMillis = (day: string) => Date.parse(`${day}T00:00:00.000Z`);

export function addDays(day: string, days: number): string {
  return new Date(utcMillis(day) + days * DAY_MS).toISOString().slice(0, 10);
}

/** 0 on Sunday to 6 on Saturday. */
const weekdayOf = (day: string) => new Date(utcMillis(day)).getUTCDay();

/** The next Monday to Friday after `day`. */
export function nextBusinessDay(day: string): string {
  let next = addDays(day, 1);
  while (weekdayOf(next) === 0 || weekdayOf(next) === 6) next = addDays(next, 1);
  return next;
}

/** 'Tuesday, June 16, 2026'. */
export function longDay(day: string): string {
  return new Date(utcMillis(day)).toLocaleDateString('en-US', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** 'Today', 'Tomorrow', 'Yesterday', or nothing: where the day stands from today. */
export function relativeDay(day: string, today: string): string | null {
  if (day === today) return 'Today';
  if (day === addDays(today, 1)) return 'Tomorrow';
  if (day === addDays(today, -1)) return 'Yesterday';
  return null;
}

/** '09:00' -> '9:00 AM'. */
export function clockTime(hhmm: string): string {
  const [hours = NaN, minutes = NaN] = hhmm.split(':').map(Number);
  if (!Number.isInteger(hours) || !Number.isInteger(minutes)) return hhmm;
  const suffix = hours < 12 ? 'AM' : 'PM';
  return `${hours % 12 === 0 ? 12 : hours % 12}:${twoDigits(minutes)} ${suffix}`;
}

/** 19 -> '7:00 PM'. */
export const hourLabel = (hour: number) => clockTime(`${hour}:00`);

/** The page of a day. */
export const schedulePath = (day: string) => PATHS.scheduleDay.replace('{date}', day);

/**
 * A date picker's value is worth opening while the user types it: a whole date of a plausible year. Typing a year
 * digit by digit passes through 0002, 0020 and 0202, each a real date the page should not load.
 */
export function isPickedDay(value: string): boolean {
  if (!isScheduleDay(value)) return false;
  const year = Number(value.slice(0, 4));
  return year >= 2000 && year <= 2099;
}

/** The sandbox's scenario days (the developer's sandbox controls): the same kinds of patients, drawn anew per day. */
export function scenarioDays(today: string): { label: string; day: string }[] {
  return [
    { label: 'Yesterday', day: addDays(today, -1) },
    { label: 'Today', day: today },
    { label: 'Tomorrow', day: addDays(today, 1) },
    { label: 'Next business day', day: nextBusinessDay(today) },
    { label: 'In two weeks (the follow-up visits)', day: addDays(today, 14) },
  ];
}
