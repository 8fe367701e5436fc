/** How the statistics read: shares as percentages, durations in the units a person uses for them. */

/** 0.4286 -> '42.9%'; null (nothing to divide) -> '—'. */
export function percent(share: number | null): string {
  return share === null ? '—' : `${(Math.round(share * 1000) / 10).toFixed(1)}%`;
}

/** 8_400 -> '8.4 s', 125_000 -> '2 min 5 s', 4_500_000 -> '1 h 15 min'; null -> '—'. */
export function duration(ms: number | null): string {
  if (ms === null) return '—';
  const seconds = ms / 1000;
  if (seconds < 10) return `${(Math.round(seconds * 10) / 10).toFixed(1)} s`;
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${Math.round(seconds - minutes * 60)} s`;
  const hours = Math.floor(minutes / 60);
  return `${hours} h ${minutes - hours * 60} min`;
}

/** '2026-03-05' -> '03/05/2026', the product's date format (SPEC section 2). */
export function usDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${month}/${date}/${year}`;
}

/** '2026-03-05' -> 'Thu 03/05' for a chart's axis. */
export function shortDay(day: string): string {
  const weekday = new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', timeZone: 'UTC' });
  return `${weekday} ${day.slice(5, 7)}/${day.slice(8, 10)}`;
}

export const SOURCE_LABELS = { clearinghouse: 'Clearinghouse', portal: 'Insurance portal' } as const;
