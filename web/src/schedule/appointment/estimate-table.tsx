/**
 * The estimate's table, a row per planned procedure in the order the plans consume their deductible and maximum:
 * the procedure (code, what it is, its day), the tooth, the office's fee (or that none is known), what the
 * insurance pays and what the patient pays (first: in a narrow panel they show before the table scrolls), then what
 * each plan does with it and why (plan-line-facts.tsx).
 */
import { type EstimateResult, formatCents, type LineEstimate, type ScheduleLine, stripCodePrefix } from '@dv/contracts';
import { useCodeLabel } from '../../verification/ticket/code-labels';
import { type PlainColumn, PlainTable } from '../../ui/plain-table';
import { Pill } from '../../ui/pill';
import { PlanLineFacts } from './plan-line-facts';

type Row = LineEstimate & { readonly key: number; readonly source: ScheduleLine | undefined };

function procedureColumn(codeLabel: (code: string) => string | undefined): PlainColumn<Row> {
  return {
    title: 'Procedure',
    key: 'procedure',
    rowScope: 'row',
    render: (_, row) => (
      <div className="dv-estimate__procedure">
        <span className="dv-estimate__code">{stripCodePrefix(row.code)}</span>
        <span>{codeLabel(row.code) ?? ''}</span>
        <span className="dv-text-secondary">{row.dateOfService ?? 'Not scheduled'}</span>
      </div>
    ),
  };
}

function toothOf(row: Row): string {
  const tooth = row.tooth ?? row.source?.tooth ?? null;
  if (tooth === null) return '';
  return row.source?.surfaces ? `#${tooth} ${row.source.surfaces}` : `#${tooth}`;
}

const feeColumn: PlainColumn<Row> = {
  title: 'Fee',
  key: 'fee',
  render: (_, row) =>
    row.feeKnown ? (
      formatCents(row.feeCents)
    ) : (
      <span className="dv-estimate__unknown-fee" data-fee="unknown">
        <Pill tone="warning">Fee unknown</Pill> counted as {formatCents(0)}
      </span>
    ),
};

function insuranceColumn(withSecondary: boolean): PlainColumn<Row> {
  return {
    title: 'Insurance pays',
    key: 'insurance',
    render: (_, row) =>
      withSecondary ? (
        <div className="dv-estimate__parts">
          <span>Primary {formatCents(row.primaryPaysCents)}</span>
          <span>Secondary {formatCents(row.secondaryPaysCents)}</span>
        </div>
      ) : (
        formatCents(row.primaryPaysCents)
      ),
  };
}

export function EstimateTable({ result, lines }: { result: EstimateResult; lines: readonly ScheduleLine[] }) {
  const codeLabel = useCodeLabel();
  const withSecondary = result.secondary !== null;
  const rows: Row[] = result.lines.map((line) => ({ ...line, key: line.index, source: lines[line.index] }));
  const columns: PlainColumn<Row>[] = [
    procedureColumn(codeLabel),
    { title: 'Tooth', key: 'tooth', render: (_, row) => toothOf(row) },
    feeColumn,
    insuranceColumn(withSecondary),
    { title: 'Patient pays', key: 'patient', render: (_, row) => <strong>{formatCents(row.patientPaysCents)}</strong> },
    { title: withSecondary ? 'Primary plan' : 'Plan', key: 'primary', render: (_, row) => <PlanLineFacts plan={row.primary} /> },
    ...(withSecondary
      ? [{ title: 'Secondary plan', key: 'secondary', render: (_: unknown, row: Row) => (row.secondary ? <PlanLineFacts plan={row.secondary} /> : null) }]
      : []),
  ];
  return (
    <div className="dv-estimate__table">
      <PlainTable<Row> label="Treatment plan estimate" columns={columns} dataSource={rows} />
    </div>
  );
}
