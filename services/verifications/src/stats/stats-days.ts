/**
 * Calendar days of a time zone, for the statistics: the instants a range of days spans, and the day an instant
 * falls on. Offices count days by their own clock, so a verification made at 8 pm in New York belongs to that
 * day, not to the next UTC one. Pure; the runtime's time zone database (Intl) answers the offsets.
 */

const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone: building one costs far more than using it. */
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

interface WallClock {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

function wallClockOf(instant: number, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** How far the zone's clock is ahead of UTC at the instant, in ms (New York in winter: -5 h). */
function offsetAt(instant: number, timeZone: string): number {
  const clock = wallClockOf(instant, timeZone);
  const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** 'YYYY-MM-DD' of the zone's calendar at the instant. */
export function dayIn(instant: number, timeZone: string): string {
  const clock = wallClockOf(instant, timeZone);
  return `${pad(clock.year, 4)}-${pad(clock.month)}-${pad(clock.day)}`;
}

/** The day after ('2026-02-28' -> '2026-03-01'). */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

/**
 * The first instant of the day in the zone: its midnight, or the first minute after it where a clock change skips
 * midnight. Two passes settle the offset on either side of a change.
 */
export function startOfDay(day: string, timeZone: string): number {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  let instant = midnightUtc - offsetAt(midnightUtc, timeZone);
  const settled = midnightUtc - offsetAt(instant, timeZone);
  if (settled !== instant && dayIn(settled, timeZone) === day) instant = settled;
  return instant;
}

/** Every day from `from` to `to`, both included. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = nextDay(day)) days.push(day);
  return days;
}

/** The instants the range of days spans in the zone: [start, end), as ISO text (which sorts as time). */
export function rangeInstants(from: string, to: string, timeZone: string): { readonly start: string; readonly end: string } {
  return {
    start: new Date(startOfDay(from, timeZone)).toISOString(),
    end: new Date(startOfDay(nextDay(to), timeZone)).toISOString(),
  };
}
