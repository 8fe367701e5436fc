/**
 * The Fee schedule tab: the office's fee for each procedure code, which treatment-plan estimates use (GET/PUT
 * /api/schedule/fees, schedule-api.ts). Rows are added and removed by keyboard as well as by mouse; a save
 * replaces the whole schedule, and a code the service refuses ('fees.D111') shows its message on its row.
 */
import { type FeeSchedule } from '@dv/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useId, useRef, useState } from 'react';
import { useServices } from '../app/services-context';
import { TextInput } from '../fields/text-input';
import { ApiCallError, type FieldIssue, retryUnlessRefused } from '../http/api-call-error';
import { feesKey, fetchFees, saveFees } from '../schedule/schedule-api';
import { Notice } from '../ui/notice';
import { NO_SCHEDULE_TEXT, NO_SCHEDULE_TITLE, SCHEDULE_READ_ONLY, useOfficeBoundRead, useScheduleGate } from './schedule-gate';
import { TabForm, TabLoading, useTabSave } from './tab-form';

export const ADD_FEE = 'Add a fee';
export const DUPLICATE_CODE = 'This code is listed twice';

type Row = { readonly key: string; readonly code: string; readonly fee: string };

let nextRow = 0;
const row = (code: string, fee: string): Row => ({ key: `fee-${(nextRow += 1)}`, code, fee });

function rowsOf(schedule: FeeSchedule): Row[] {
  return Object.entries(schedule.fees)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, fee]) => row(code, String(fee)));
}

/** A fee as typed: a number when it is one, else the text, so that the service says what is wrong with it. */
function feeOf(text: string): number | string {
  const value = Number(text);
  return text.trim() !== '' && Number.isFinite(value) ? value : text;
}

/** The rows a code appears on twice or more: refused here, before the last one would silently win. */
function duplicates(rows: readonly Row[]): FieldIssue[] {
  const seen = new Set<string>();
  return rows.flatMap((candidate) => {
    const code = candidate.code.trim().toUpperCase();
    if (!seen.has(code)) {
      seen.add(code);
      return [];
    }
    return [{ path: `row:${candidate.key}`, message: DUPLICATE_CODE }];
  });
}

type FeeRowProps = {
  readonly row: Row;
  readonly codeId: string;
  readonly errorId: string;
  readonly error: string | undefined;
  readonly canEdit: boolean;
  readonly onChange: (field: 'code' | 'fee', value: string) => void;
  readonly onRemove: () => void;
};

/** One fee: its code (with the row's message under it), its amount and, for whoever may change them, Remove. */
function FeeRow({ row: fee, codeId, errorId, error, canEdit, onChange, onRemove }: FeeRowProps) {
  const name = fee.code.trim() === '' ? 'the new row' : fee.code.trim();
  const invalid = error ? ({ 'aria-invalid': true, 'aria-describedby': errorId } as const) : {};
  return (
    <tr>
      <td>
        <TextInput id={codeId} aria-label={`Procedure code of ${name}`} value={fee.code} readOnly={!canEdit} maxLength={9} autoComplete="off" onChange={(event) => onChange('code', event.target.value)} {...invalid} />
        {error ? (
          <div id={errorId} className="dv-form-error">
            {error}
          </div>
        ) : null}
      </td>
      <td>
        <TextInput aria-label={`Fee of ${name}`} inputMode="decimal" value={fee.fee} readOnly={!canEdit} maxLength={12} autoComplete="off" onChange={(event) => onChange('fee', event.target.value)} {...invalid} />
      </td>
      {canEdit ? (
        <td>
          <Button aria-label={`Remove ${name}`} onClick={onRemove}>
            Remove
          </Button>
        </td>
      ) : null}
    </tr>
  );
}

function FeesForm({ officeId, schedule, canEdit }: { officeId: string; schedule: FeeSchedule; canEdit: boolean }) {
  const { http } = useServices();
  const queryClient = useQueryClient();
  const baseId = useId();
  const [rows, setRows] = useState(() => rowsOf(schedule));
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const codeId = (key: string) => `${baseId}-${key}-code`;
  const { saving, problem, errors, save, clearError } = useTabSave(
    (issues) => {
      // 'fees.D1110' names the row with that code; 'row:<key>' is this form's own duplicate check.
      const byRow: Record<string, string> = {};
      for (const issue of issues) {
        const key = issue.path.startsWith('row:')
          ? issue.path.slice(4)
          : rowsRef.current.find((candidate) => `fees.${candidate.code.trim()}` === issue.path)?.key;
        if (key !== undefined && byRow[key] === undefined) byRow[key] = issue.message;
      }
      return { errors: byRow, first: rowsRef.current.find((candidate) => byRow[candidate.key] !== undefined)?.key };
    },
    (key) => document.getElementById(codeId(key))?.focus(),
  );

  const change = (key: string, field: 'code' | 'fee', value: string) => {
    setRows((current) => current.map((candidate) => (candidate.key === key ? { ...candidate, [field]: value } : candidate)));
    clearError(key);
  };

  function add() {
    const added = row('', '');
    setRows((current) => [...current, added]);
    // Focus the new row's code once it is drawn.
    requestAnimationFrame(() => document.getElementById(codeId(added.key))?.focus());
  }

  function submit() {
    void save(async () => {
      const twice = duplicates(rows);
      if (twice.length > 0) throw new ApiCallError(400, DUPLICATE_CODE, twice);
      const saved = await saveFees(http, Object.fromEntries(rows.map((candidate) => [candidate.code.trim(), feeOf(candidate.fee)])));
      queryClient.setQueryData(feesKey(officeId), saved);
      setRows(rowsOf(saved));
    });
  }

  return (
    <TabForm label="Fee schedule" readOnlyReason={canEdit ? null : SCHEDULE_READ_ONLY} problem={problem} saving={saving} onSubmit={submit}>
      <p className="dv-text-secondary">What the office charges for each procedure: treatment plan estimates start from these fees.</p>
      <table className="dv-office-settings__fees">
        <thead>
          <tr>
            <th scope="col">Procedure code</th>
            <th scope="col">Fee (USD)</th>
            {canEdit ? <th scope="col">Actions</th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((candidate) => (
            <FeeRow
              key={candidate.key}
              row={candidate}
              codeId={codeId(candidate.key)}
              errorId={`${baseId}-${candidate.key}-error`}
              error={errors[candidate.key]}
              canEdit={canEdit}
              onChange={(field, value) => change(candidate.key, field, value)}
              onRemove={() => setRows((current) => current.filter((other) => other.key !== candidate.key))}
            />
          ))}
        </tbody>
      </table>
      {canEdit ? (
        <div className="dv-office-settings__actions">
          <Button onClick={add}>{ADD_FEE}</Button>
        </div>
      ) : null}
    </TabForm>
  );
}

export function FeeScheduleTab({ officeId }: { officeId: string }) {
  const { http } = useServices();
  const { offered, canEdit } = useScheduleGate();
  const read = useOfficeBoundRead(officeId, () => fetchFees(http));
  const fees = useQuery({ queryKey: feesKey(officeId), queryFn: read, enabled: offered, retry: retryUnlessRefused });
  if (!offered) return <Notice type="info" role="note" title={NO_SCHEDULE_TITLE} description={NO_SCHEDULE_TEXT} />;
  if (!fees.data) return <TabLoading error={fees.error} onRetry={() => void fees.refetch()} />;
  return <FeesForm key={officeId} officeId={officeId} schedule={fees.data} canEdit={canEdit} />;
}
