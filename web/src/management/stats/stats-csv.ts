/**
 * The figures as a CSV file built in the browser: one section per table of the page (summary, per day, sources,
 * rejection reasons, outsourced tickets by status), separated by an empty line. Counts, shares, durations, source
 * kinds, the payers' reasons and statuses only: the reply holds no patient data, and nothing else is added.
 */
import { type StatsReply } from '@dv/contracts';
import { saveFile } from '../../ui/save-file';
import { duration, percent, SOURCE_LABELS, usDay } from './stats-format';

/** A field quoted when it needs it (RFC 4180), and never read as a formula by a spreadsheet. */
function field(value: string | number): string {
  const text = String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const line = (values: readonly (string | number)[]) => values.map(field).join(',');

export function statsCsv(figures: StatsReply, officeLabel: string): string {
  const { totals, timeToReady } = figures;
  const lines = [
    line(['Statistics', officeLabel]),
    line(['From', usDay(figures.from)]),
    line(['To', usDay(figures.to)]),
    line(['Time zone', figures.timeZone]),
    line(['Verifications', totals.verifications]),
    line(['Ready', totals.ready]),
    line(['Ready without an agent', totals.readyWithoutAgent]),
    line(['Share ready without an agent', percent(figures.readyWithoutAgentShare)]),
    line(['Outsourced', totals.outsourced]),
    line(['Median time to ready', duration(timeToReady.medianMs)]),
    line(['90th percentile time to ready', duration(timeToReady.p90Ms)]),
    ...(figures.truncated ? [line(['Note', 'More verifications than one request counts: the earliest ones are counted'])] : []),
    '',
    line(['Day', 'Verifications', 'Ready without an agent', 'Outsourced']),
    ...figures.perDay.map((day) => line([usDay(day.day), day.verifications, day.readyWithoutAgent, day.outsourced])),
    '',
    line(['Source', 'Jobs', 'Success', 'Rejected', 'Error', 'Unfinished', 'Success rate']),
    ...figures.sources.map((source) =>
      line([SOURCE_LABELS[source.source], source.jobs, source.success, source.rejected, source.error, source.unfinished, percent(source.successRate)]),
    ),
    '',
    line(['Rejection reason', 'Count']),
    ...figures.rejectionReasons.map((reason) => line([reason.reason, reason.count])),
    '',
    line(['Outsourced ticket status', 'Count']),
    ...figures.outsourcedByStatus.map((entry) => line([entry.status, entry.count])),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

/** 'statistics-2026-03-01-to-2026-03-07.csv' */
export function statsFileName(figures: Pick<StatsReply, 'from' | 'to'>): string {
  return `statistics-${figures.from}-to-${figures.to}.csv`;
}

export function downloadStatsCsv(figures: StatsReply, officeLabel: string): void {
  saveFile(new Blob([statsCsv(figures, officeLabel)], { type: 'text/csv;charset=utf-8' }), statsFileName(figures));
}
