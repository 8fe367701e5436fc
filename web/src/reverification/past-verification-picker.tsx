/**
 * "Re-verify a past verification" on /reverification: the office's latest verifications, or those a search finds
 * (GET /api/verifications?q=, the Verifications History's own list), each with its Re-verify button. A
 * verification whose sources have not answered yet cannot be re-checked: its button waits, and says why.
 */
import { REVERIFICATION_MESSAGES, type VerificationHistoryItem } from '@dv/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useServices } from '../app/services-context';
import { fetchVerificationHistory, HISTORY_QUERY_KEY } from '../history/history-api';
import { DEFAULT_HISTORY_QUERY } from '../history/history-query';
import { SearchBox } from '../ui/search-box';
import { displayDate } from '../verification/ticket/breakdown-format';
import { listName } from './reverification-look';
import { verificationPath } from './reverification-paths';
import { useStartReverification } from './use-start-reverification';
import '../ui/ui.css';

/** A few rows: the picker finds one verification, the history page lists them all. */
const PICKER_PAGE_SIZE = 5;
const SEARCH_ID = 'reverification-picker-search';

function usePastVerifications(q: string) {
  const { http } = useServices();
  const query = { ...DEFAULT_HISTORY_QUERY, pageSize: PICKER_PAGE_SIZE, ...(q === '' ? {} : { q }) };
  return useQuery({
    queryKey: [HISTORY_QUERY_KEY, 'reverification-picker', query],
    queryFn: () => fetchVerificationHistory(http, query),
    placeholderData: keepPreviousData,
  });
}

function PickerRow({ item, start }: { item: VerificationHistoryItem; start: ReturnType<typeof useStartReverification> }) {
  const name = listName(item.patient);
  const ready = item.readyAt !== null;
  const problem = start.problem?.verificationId === item.id ? start.problem.message : null;
  return (
    <tr>
      <th scope="row">
        <Link to={verificationPath(item.id)}>{name}</Link>
        {problem ? (
          <div className="dv-text-danger dv-reverification__problem" role="alert">
            {problem}
          </div>
        ) : null}
      </th>
      <td>{item.patient.dob}</td>
      <td>{item.carrier.name}</td>
      <td>{item.patient.memberId}</td>
      <td className="dv-nowrap">{ready ? displayDate(item.readyAt!) : <span className="dv-text-secondary">Sources still working</span>}</td>
      <td>
        <Button
          size="small"
          type="primary"
          aria-label={`Re-verify ${name}`}
          title={ready ? undefined : REVERIFICATION_MESSAGES.notReady}
          disabled={!ready || (start.starting !== null && start.starting !== item.id)}
          loading={start.starting === item.id}
          onClick={() => void start.start(item.id)}
        >
          Re-verify
        </Button>
      </td>
    </tr>
  );
}

export function PastVerificationPicker() {
  const [q, setQ] = useState('');
  const found = usePastVerifications(q);
  const start = useStartReverification();
  const items = found.data?.items ?? [];
  let empty: React.ReactNode = null;
  if (found.isError) empty = <span className="dv-text-danger">The verifications could not be loaded: {found.error.message}</span>;
  else if (found.isPending) empty = 'Loading verifications...';
  else if (items.length === 0) empty = q === '' ? 'Your office has no verifications yet: verify a patient first.' : `No verification matches “${q}”.`;

  return (
    <div className="dv-reverification__picker">
      <p className="dv-reverification__intro">
        The sources check the patient&apos;s eligibility again (coverage, dates, remaining amounts, history, participation); the plan stays as it was
        verified. Find the verification, then press Re-verify.
      </p>
      <div className="dv-reverification__search" role="search" aria-label="Past verifications">
        <label htmlFor={SEARCH_ID}>Find a past verification</label>
        <SearchBox
          id={SEARCH_ID}
          className="dv-control"
          label="Find a past verification"
          placeholder="Patient name or member ID"
          value={q}
          onSearch={setQ}
        />
      </div>
      <div className="dv-table-scroll" tabIndex={0} role="region" aria-label="Past verifications found">
        <table className="dv-table dv-reverification__table dv-table-dims" aria-label={q === '' ? 'Latest verifications' : 'Verifications found'} aria-busy={found.isFetching}>
          <thead>
            <tr>
              <th scope="col">Patient</th>
              <th scope="col">DOB</th>
              <th scope="col">Carrier</th>
              <th scope="col">Member ID</th>
              <th scope="col">Verified</th>
              <th scope="col">
                <span className="dv-visually-hidden">Action</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {empty === null ? (
              items.map((item) => <PickerRow key={item.id} item={item} start={start} />)
            ) : (
              <tr>
                <td className="dv-table-empty" colSpan={6}>
                  {empty}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {found.data && found.data.total > items.length ? (
        <p className="dv-text-secondary dv-reverification__more">
          {found.data.total} verifications match: the {items.length} newest are shown. Type a name or member ID to narrow them.
        </p>
      ) : null}
    </div>
  );
}
