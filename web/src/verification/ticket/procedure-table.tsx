/**
 * Procedure codes: every code the plan states, in code order, with its CDT description, what the plan pays,
 * its limitation in words, age limits, waiting period, the patient's last service of it and when it may be done
 * again. A code that states no benefit level or waiting period of its own shows its subcategory's or category's,
 * greyed and named ('80% (from Restorative)'), without an edit: it is not the code's own value.
 * PlanProcedureTable shows any plan's; without a patient's history (the plan library) it has no last service and
 * next eligible columns.
 */
import {
  ADA_PREFIX,
  type BenefitEntryV3,
  CATEGORY_KEY_PREFIX,
  type HistoryRecordV3,
  limitationWording,
  nextEligibleDate,
  type PlanV3,
  sameCode,
  stripCodePrefix,
  subcategoryOf,
  SUBCATEGORY_KEY_PREFIX,
} from '@dv/contracts';
import { theme } from 'antd';
import { type CSSProperties, useState } from 'react';
import { ageRange, type FieldKind, formatValue, NOT_STATED, todayText } from './breakdown-format';
import { useCodeLabel } from './code-labels';
import { ProcedureFilter } from './procedure-filter';
import { ScoredField } from './scored-field';
import { useWorkspace } from './workspace-context';
import { type PlainColumn, PlainTable } from '../../ui/plain-table';

/** Above this many codes the table offers a filter. */
const FILTER_FROM_ROWS = 8;

type ProcedureRow = {
  /** The adaCodes key, 'ADA:D0120'. */
  readonly key: string;
  /** 'D0120'. */
  readonly code: string;
  readonly description: string;
  readonly entry: BenefitEntryV3;
  /** Dates (MM/DD/YYYY) of the patient's services of this code. */
  readonly serviceDates: readonly string[];
};

type InheritedField = 'benefitLevel' | 'waitingPeriod';

/** MM/DD/YYYY -> YYYYMMDD, which sorts as the dates do. */
const sortable = (date: string) => `${date.slice(6)}${date.slice(0, 2)}${date.slice(3, 5)}`;

function latest(dates: readonly string[]): string | null {
  return dates.reduce<string | null>((best, date) => (best === null || sortable(date) > sortable(best) ? date : best), null);
}

function procedureRows(
  adaCodes: Readonly<Record<string, BenefitEntryV3>>,
  history: readonly HistoryRecordV3[],
  codeLabel: (code: string) => string | undefined,
): ProcedureRow[] {
  return Object.entries(adaCodes)
    .filter(([key]) => key.startsWith(ADA_PREFIX))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, entry]) => ({
      key,
      code: stripCodePrefix(key),
      description: codeLabel(key) ?? '',
      entry,
      serviceDates: history.filter((record) => sameCode(record.code, key)).map((record) => record.date),
    }));
}

/** The code's subcategory's value of the field, else its category's, with where it comes from. */
function inheritedValue(adaCodes: Readonly<Record<string, BenefitEntryV3>>, row: ProcedureRow, field: InheritedField) {
  const subcategory = row.entry.subcategory ?? subcategoryOf(row.key);
  const parents = [
    ...(subcategory === undefined ? [] : [{ key: `${SUBCATEGORY_KEY_PREFIX}${subcategory}`, name: subcategory }]),
    { key: `${CATEGORY_KEY_PREFIX}${row.entry.category}`, name: row.entry.category },
  ];
  for (const parent of parents) {
    const value = adaCodes[parent.key]?.[field]?.value;
    if (value !== undefined && value !== null) return { value, from: parent.name };
  }
  return undefined;
}

function matches(row: ProcedureRow, query: string): boolean {
  const wanted = stripCodePrefix(query.trim().toUpperCase()).toLowerCase();
  return wanted === '' || row.code.toLowerCase().includes(wanted) || row.description.toLowerCase().includes(wanted);
}

export type ProcedureTableProps = {
  /** MM/DD/YYYY; the browser's today unless a test fixes it. */
  today?: string;
};

/** The verification's plan, with the patient's history. */
export function ProcedureTable({ today }: ProcedureTableProps) {
  const { detail, canEdit } = useWorkspace();
  return <PlanProcedureTable plan={detail.plan} history={detail.patient.history} canEdit={canEdit} today={today} />;
}

export type PlanProcedureTableProps = ProcedureTableProps & {
  plan: PlanV3 | null;
  /** The patient's services; without it (a plan alone) the last service and next eligible columns are left out. */
  history?: readonly HistoryRecordV3[];
  canEdit: boolean;
};

export function PlanProcedureTable({ plan, history, canEdit, today = todayText() }: PlanProcedureTableProps) {
  const { token } = theme.useToken();
  const [query, setQuery] = useState('');
  const adaCodes = plan?.benefits.adaCodes ?? {};
  const benefitYear = plan?.details.benefitYear.value ?? null;
  const codeLabel = useCodeLabel();
  const rows = procedureRows(adaCodes, history ?? [], codeLabel);
  const shown = rows.filter((row) => matches(row, query));
  const note: CSSProperties = { color: token.colorTextDescription, fontSize: token.fontSizeSM };

  const path = (row: ProcedureRow, field: string) => `plan.benefits.adaCodes.${row.key}.${field}`;

  /** The code's own value, editable; else its subcategory's or category's, greyed and read only. */
  function ownOrInherited(row: ProcedureRow, field: InheritedField, kind: FieldKind, label: string) {
    const inherited = row.entry[field] === undefined ? inheritedValue(adaCodes, row, field) : undefined;
    if (inherited === undefined) {
      return <ScoredField path={path(row, field)} field={row.entry[field]} kind={kind} label={`${row.code} ${label}`} />;
    }
    return (
      <span style={{ color: token.colorTextDescription }}>
        {formatValue(kind, inherited.value)} (from {inherited.from})
      </span>
    );
  }

  function ageLimits(row: ProcedureRow) {
    const { age } = row.entry;
    return (
      <>
        <div>{age === undefined ? NOT_STATED : ageRange(age.min, age.max)}</div>
        {age !== undefined || canEdit ? (
          <div style={note}>
            <ScoredField path={path(row, 'age.min')} field={age?.min} kind={{ kind: 'age' }} label={`${row.code} minimum age`} render={(text) => `min ${text}`} />{' '}
            <ScoredField path={path(row, 'age.max')} field={age?.max} kind={{ kind: 'age' }} label={`${row.code} maximum age`} render={(text) => `max ${text}`} />
          </div>
        ) : null}
      </>
    );
  }

  function nextEligible(row: ProcedureRow) {
    const terms = row.entry.limitation?.value;
    if (terms === undefined || terms === null) return 'No limitation stated';
    const { lastService, nextEligible: date, eligibleNow } = nextEligibleDate({ limitation: terms, serviceDates: row.serviceDates, benefitYear, today });
    const since = lastService === null ? 'no service on record' : `the last service on ${lastService}`;
    return (
      <>
        <div>{eligibleNow ? 'Now' : date}</div>
        <div style={{ ...note, maxWidth: 200, whiteSpace: 'normal' }}>
          based on {limitationWording(terms)} and {since}
        </div>
      </>
    );
  }

  const columns: PlainColumn<ProcedureRow>[] = [
    { title: 'Code', dataIndex: 'code', key: 'code', rowScope: 'row' },
    { title: 'Description', dataIndex: 'description', key: 'description', render: (text: string) => <div style={{ maxWidth: 260, whiteSpace: 'normal' }}>{text}</div> },
    { title: 'Plan pays', key: 'benefitLevel', render: (_, row) => ownOrInherited(row, 'benefitLevel', { kind: 'percent' }, 'plan pays') },
    {
      title: 'Limitation',
      key: 'limitation',
      render: (_, row) => <ScoredField path={path(row, 'limitation')} field={row.entry.limitation} kind={{ kind: 'limitation' }} label={`${row.code} limitation`} />,
    },
    { title: 'Age limits', key: 'age', render: (_, row) => ageLimits(row) },
    { title: 'Waiting period', key: 'waitingPeriod', render: (_, row) => ownOrInherited(row, 'waitingPeriod', { kind: 'waitingPeriod' }, 'waiting period') },
  ];
  if (history !== undefined) {
    columns.push(
      { title: 'Last service', key: 'lastService', render: (_, row) => latest(row.serviceDates) ?? 'None on record' },
      { title: 'Next eligible', key: 'nextEligible', render: (_, row) => nextEligible(row) },
    );
  }

  return (
    <div className="dv-breakdown-table" style={{ minWidth: 0, maxWidth: '100%' }}>
      {rows.length > FILTER_FROM_ROWS ? (
        <ProcedureFilter value={query} onChange={setQuery} />
      ) : null}
      <PlainTable<ProcedureRow>
        label="Procedure codes"
        wraps
        columns={columns}
        dataSource={shown}
        emptyText={rows.length === 0 ? 'No procedure codes in the plan' : 'No procedure matches the filter'}
      />
    </div>
  );
}
