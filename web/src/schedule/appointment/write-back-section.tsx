/**
 * "Write back to the practice": the office chooses verified values of a coverage (its verification's, as the page
 * shows them) and sends them to its practice-management system; below, the log of every write-back of the
 * appointment, written or failed with the system's reason. A refusal (the service's 502) is shown with that reason
 * and lands in the log too: nothing was written.
 */
import { WRITE_BACK_FIELDS, type ScheduleAppointmentDetail, type WriteBackField, type WriteBackRecord } from '@dv/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Radio } from 'antd';
import { useState } from 'react';
import { useServices } from '../../app/services-context';
import { ApiCallError } from '../../http/api-call-error';
import { Notice } from '../../ui/notice';
import { Pill } from '../../ui/pill';
import { type PlainColumn, PlainTable } from '../../ui/plain-table';
import { dateTime } from '../../reverification/reverification-look';
import { appointmentKey, type CoverageRank, writeBack } from '../schedule-api';
import { type CoverageVerificationState } from './use-appointment';
import { RANK_LABELS } from '../schedule-look';
import { WRITE_BACK_LABELS, writeBackValues } from './write-back-values';

type LogRow = WriteBackRecord & { readonly key: string };

const logColumns: PlainColumn<LogRow>[] = [
  { title: 'When', key: 'when', rowScope: 'row', render: (_, row) => dateTime(row.writtenAt) },
  { title: 'By', key: 'by', dataIndex: 'writtenBy' },
  { title: 'Coverage', key: 'coverage', render: (_, row) => RANK_LABELS[row.coverage] },
  {
    title: 'Values',
    key: 'values',
    render: (_, row) => (
      <ul className="dv-write-back__values">
        {row.fields.map((field) => (
          <li key={field.field}>
            {WRITE_BACK_LABELS[field.field]}: {field.value}
          </li>
        ))}
      </ul>
    ),
  },
  {
    title: 'Result',
    key: 'result',
    render: (_, row) =>
      row.status === 'written' ? (
        <Pill tone="success">Written</Pill>
      ) : (
        <span>
          <Pill tone="error">Failed</Pill> {row.reason}
        </span>
      ),
  },
];

function WriteBackLog({ records }: { records: readonly WriteBackRecord[] }) {
  const rows = [...records].sort((a, b) => b.writtenAt.localeCompare(a.writtenAt)).map((record) => ({ ...record, key: record.id }));
  return <PlainTable<LogRow> label="Write-back log" columns={logColumns} dataSource={rows} emptyText="Nothing was written back yet" />;
}

export type WriteBackSectionProps = {
  readonly appointment: ScheduleAppointmentDetail;
  readonly verifications: readonly CoverageVerificationState[];
};

type Outcome = { readonly kind: 'written' | 'failed'; readonly text: string };

/** Sends the chosen fields; written or refused, the service logged it, so the appointment (its log) is read again. */
function useWriteBack(appointmentId: string) {
  const { http } = useServices();
  const queryClient = useQueryClient();
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  async function send(coverage: CoverageRank, fields: { field: WriteBackField; value: string }[]): Promise<boolean> {
    setSending(true);
    setOutcome(null);
    try {
      await writeBack(http, appointmentId, { coverage, fields });
      setOutcome({ kind: 'written', text: `Written to the practice: ${fields.map(({ field }) => WRITE_BACK_LABELS[field]).join(', ')}.` });
      return true;
    } catch (error) {
      setOutcome({ kind: 'failed', text: error instanceof ApiCallError ? error.message : 'The values could not be written back' });
      return false;
    } finally {
      setSending(false);
      void queryClient.invalidateQueries({ queryKey: appointmentKey(appointmentId) });
    }
  }
  return { send, sending, outcome };
}

function WriteBackForm({ appointment, verified }: { appointment: ScheduleAppointmentDetail; verified: readonly CoverageVerificationState[] }) {
  const [rank, setRank] = useState<CoverageRank>('primary');
  const [chosen, setChosen] = useState<ReadonlySet<WriteBackField>>(new Set());
  const { send, sending, outcome } = useWriteBack(appointment.id);
  const current = verified.find((entry) => entry.rank === rank) ?? verified[0]!;
  const coverage = appointment.coverages.find((candidate) => candidate.rank === current.rank);
  const values = writeBackValues(current.detail!, coverage?.verification.verifiedAt ?? null);
  const fields = WRITE_BACK_FIELDS.flatMap((field) => {
    const value = values[field];
    return chosen.has(field) && value !== null ? [{ field, value }] : [];
  });
  const toggle = (field: WriteBackField, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(field);
    else next.delete(field);
    setChosen(next);
  };

  return (
    <>
      <form
        className="dv-write-back__form"
        aria-label="Values to write back"
        onSubmit={(event) => {
          event.preventDefault();
          void send(current.rank, fields).then((written) => written && setChosen(new Set()));
        }}
      >
        {verified.length > 1 ? (
          <Radio.Group
            aria-label="Coverage to write back"
            optionType="button"
            value={current.rank}
            onChange={(event) => {
              setRank(event.target.value as CoverageRank);
              setChosen(new Set());
            }}
            options={verified.map((entry) => ({ value: entry.rank, label: RANK_LABELS[entry.rank] }))}
          />
        ) : null}
        <fieldset className="dv-write-back__fields">
          <legend>Choose the verified values to send to the practice-management system</legend>
          {WRITE_BACK_FIELDS.map((field) => (
            <Checkbox key={field} checked={chosen.has(field)} disabled={values[field] === null} onChange={(event) => toggle(field, event.target.checked)}>
              {WRITE_BACK_LABELS[field]}: <strong>{values[field] ?? 'Not stated'}</strong>
            </Checkbox>
          ))}
        </fieldset>
        <Button type="primary" htmlType="submit" disabled={fields.length === 0} loading={sending}>
          Write back
        </Button>
      </form>
      {outcome ? (
        <Notice type={outcome.kind === 'written' ? 'success' : 'error'} role={outcome.kind === 'written' ? 'status' : 'alert'} title={outcome.text} />
      ) : null}
    </>
  );
}

export function WriteBackSection({ appointment, verifications }: WriteBackSectionProps) {
  const verified = verifications.filter((entry) => entry.detail !== undefined);
  return (
    <div className="dv-write-back">
      {verified.length === 0 ? (
        <p className="dv-write-back__intro">Verify a coverage first: the values written back come from its verification.</p>
      ) : (
        <WriteBackForm appointment={appointment} verified={verified} />
      )}
      <WriteBackLog records={appointment.writeBacks} />
    </div>
  );
}
