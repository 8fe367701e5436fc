/**
 * The patient's service history as the sources returned it, newest first: date, code, what the code is, where
 * in the mouth (teeth and surfaces, quadrants, arch, region) and the notes; how complete the sources say it is;
 * and the lines the mapping could not place on a code, listed apart.
 */
import { type HistoryRecordV3, stripCodePrefix, type UnmappedHistoryRecordV3 } from '@dv/contracts';
import { theme } from 'antd';
import { useCodeLabel } from './code-labels';
import { useWorkspace } from './workspace-context';
import { type PlainColumn, PlainTable } from '../../ui/plain-table';

const ARCH_NAMES: Readonly<Record<string, string>> = { U: 'Upper arch', L: 'Lower arch' };

/** MM/DD/YYYY -> YYYYMMDD, which sorts as the dates do. */
const sortable = (date: string) => `${date.slice(6)}${date.slice(0, 2)}${date.slice(3, 5)}`;

/** '#30 MO, #31', 'Quadrants UL, UR', 'Upper arch', 'Teeth: POSTERIOR', joined by '; '. */
function whereInMouth(record: HistoryRecordV3): string {
  const surfaces = record.surfaces ?? {};
  const teeth = [...(record.tooth ?? []), ...Object.keys(surfaces).filter((tooth) => !(record.tooth ?? []).includes(tooth))];
  const parts = [
    teeth.map((tooth) => (surfaces[tooth] ? `#${tooth} ${surfaces[tooth]}` : `#${tooth}`)).join(', '),
    record.quadrants?.length ? `${record.quadrants.length === 1 ? 'Quadrant' : 'Quadrants'} ${record.quadrants.join(', ')}` : '',
    record.arch ? (ARCH_NAMES[record.arch] ?? record.arch) : '',
    record.teethRange ? `Teeth: ${record.teethRange}` : '',
  ];
  return parts.filter((part) => part !== '').join('; ');
}

type HistoryRow = HistoryRecordV3 & { readonly key: string };

const historyColumns = (codeLabel: (code: string) => string | undefined): PlainColumn<HistoryRow>[] => [
  { title: 'Date', dataIndex: 'date', key: 'date', rowScope: 'row' },
  { title: 'Code', key: 'code', render: (_, record) => stripCodePrefix(record.code) },
  {
    title: 'Description',
    key: 'description',
    render: (_, record) => <div style={{ maxWidth: 260, whiteSpace: 'normal' }}>{codeLabel(record.code) ?? ''}</div>,
  },
  { title: 'Tooth / area', key: 'where', render: (_, record) => whereInMouth(record) },
  { title: 'Notes', dataIndex: 'notes', key: 'notes', render: (notes?: string) => <div style={{ maxWidth: 320, whiteSpace: 'normal' }}>{notes}</div> },
];

type UnmappedRow = UnmappedHistoryRecordV3 & { readonly key: string };

const unmappedColumns: PlainColumn<UnmappedRow>[] = [
  { title: 'As the source wrote it', dataIndex: 'originalBenefitKey', key: 'originalBenefitKey', rowScope: 'row' },
  { title: 'Code', dataIndex: 'code', key: 'code' },
  { title: 'Date', key: 'date', render: (_, record) => (record.isWrongDate ? `${record.date} (not a valid date)` : record.date) },
];

export type ServiceHistoryProps = {
  readonly history: readonly HistoryRecordV3[];
  readonly historyStatus: string;
  readonly unmappedHistory?: readonly UnmappedHistoryRecordV3[] | undefined;
};

/** The history of any document that holds one (the ticket's patient, a re-verification). */
export function ServiceHistory({ history, historyStatus, unmappedHistory = [] }: ServiceHistoryProps) {
  const { token } = theme.useToken();
  const codeLabel = useCodeLabel();
  // Stable keys from the source order; the sort is by date, newest first (equal dates keep the source order).
  const rows: HistoryRow[] = history
    .map((record, index) => ({ ...record, key: String(index) }))
    .sort((a, b) => sortable(b.date).localeCompare(sortable(a.date)));
  const unmapped: UnmappedRow[] = unmappedHistory.map((record, index) => ({ ...record, key: String(index) }));

  return (
    <div className="dv-breakdown-table" style={{ minWidth: 0, maxWidth: '100%' }}>
      <p style={{ margin: `0 0 ${token.marginXS}px` }}>
        History from the sources: <strong>{historyStatus}</strong>
      </p>
      <PlainTable<HistoryRow>
        label="Service history"
        columns={historyColumns(codeLabel)}
        dataSource={rows}
        emptyText="No history from the sources"
      />
      {unmapped.length > 0 ? (
        <>
          <p style={{ margin: `${token.marginMD}px 0 ${token.marginXS}px` }}>
            History lines not matched to a procedure code:
          </p>
          <PlainTable<UnmappedRow>
            label="Unmapped history"
            columns={unmappedColumns}
            dataSource={unmapped}
          />
        </>
      ) : null}
    </div>
  );
}

/** The ticket's history: its patient's. */
export function HistoryTable() {
  const { detail } = useWorkspace();
  const { history, historyStatus, unmappedHistory } = detail.patient;
  return <ServiceHistory history={history} historyStatus={historyStatus} unmappedHistory={unmappedHistory} />;
}
