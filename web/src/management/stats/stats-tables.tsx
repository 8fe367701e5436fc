/** The statistics' tables: each source's outcomes, the top rejection reasons, the outsourced tickets by status. */
import { type StatsReply } from '@dv/contracts';
import { type ReactNode } from 'react';
import { percent, SOURCE_LABELS } from './stats-format';

function Table({ label, headers, rows, empty }: { label: string; headers: readonly string[]; rows: readonly (readonly ReactNode[])[]; empty: string }) {
  return (
    <table className="dv-table dv-stats__table" aria-label={label}>
      <thead>
        <tr>
          {headers.map((header) => (
            <th key={header} scope="col">
              {header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td className="dv-table-empty" colSpan={headers.length}>
              {empty}
            </td>
          </tr>
        ) : (
          rows.map((cells, index) => (
            <tr key={index}>
              {cells.map((cell, column) =>
                column === 0 ? (
                  <th key={column} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={column}>{cell}</td>
                ),
              )}
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

export function SourcesTable({ figures }: { figures: StatsReply }) {
  return (
    <Table
      label="Sources"
      headers={['Source', 'Jobs', 'Success', 'Rejected', 'Error', 'Unfinished', 'Success rate']}
      rows={figures.sources.map((source) => [
        SOURCE_LABELS[source.source],
        source.jobs,
        source.success,
        source.rejected,
        source.error,
        source.unfinished,
        percent(source.successRate),
      ])}
      empty="No source was asked."
    />
  );
}

export function ReasonsTable({ figures }: { figures: StatsReply }) {
  return (
    <Table
      label="Top rejection reasons"
      headers={['Reason', 'Count']}
      rows={figures.rejectionReasons.map((reason) => [reason.reason, reason.count])}
      empty="No payer rejected an inquiry."
    />
  );
}

export function OutsourcedTable({ figures }: { figures: StatsReply }) {
  return (
    <Table
      label="Outsourced tickets by status"
      headers={['Status', 'Tickets']}
      rows={figures.outsourcedByStatus.map((entry) => [entry.status, entry.count])}
      empty="No verification was outsourced."
    />
  );
}
