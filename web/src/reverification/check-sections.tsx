/**
 * The parts of a re-verification's page: where its latest check stands (working with the sources' chips, waiting
 * for the office with what to do, done), what changed since the check before, the eligibility now, the plan kept
 * from the verification, every check, and the latest service history.
 */
import { type EligibilityEntryV3, type ReverificationCheck, type ReverificationDetail } from '@dv/contracts';
import { Link } from 'react-router';
import { useOffice } from '../office/office-context';
import { PlanScore } from '../plans/plan-score';
import { DescriptionList } from '../ui/description-list';
import { Notice } from '../ui/notice';
import { Pill } from '../ui/pill';
import { type PlainColumn, PlainTable } from '../ui/plain-table';
import { SectionCard } from '../ui/section-card';
import { jobSourceName } from '../verification/job-look';
import { displayDate, NOT_STATED } from '../verification/ticket/breakdown-format';
import { credentialPageFor } from '../verification/ticket/credential-link';
import { ServiceHistory } from '../verification/ticket/history-table';
import { JobChips } from '../verification/ticket/job-chips';
import { COVERAGE_LOOKS, currentEligibility, dateTime, entryOf, KIND_LABELS, latestCheck, money, STATUS_LOOKS } from './reverification-look';
import { verificationPath } from './reverification-paths';

const notStated = <span className="dv-text-secondary">{NOT_STATED}</span>;

/** What the office must do for each source job that waits for it. */
function WaitingSteps({ check, officeId }: { check: ReverificationCheck; officeId: string }) {
  const { access } = useOffice();
  const credentialPage = credentialPageFor(access.effectiveRoles, officeId);
  return (
    <ul className="dv-reverification__steps">
      {check.jobs.map((job) => {
        if (job.status === 'credentialPending') {
          return (
            <li key={job.id}>
              {jobSourceName(job)} needs a portal login for this carrier{job.reason ? ` (${job.reason.replace(/\.$/, '')})` : ''}.{' '}
              {credentialPage ? <Link to={credentialPage}>Open the portal credentials</Link> : 'Ask your office manager to add it in Dental Office Settings.'}
            </li>
          );
        }
        if (job.status === 'mfaRequired') {
          return <li key={job.id}>{jobSourceName(job)} asks for the MFA code the carrier just sent: enter it below.</li>;
        }
        return null;
      })}
    </ul>
  );
}

/** The latest check's state, with the sources it asked. */
export function CheckProgress({ detail }: { detail: ReverificationDetail }) {
  const check = latestCheck(detail);
  if (check === undefined || check.kind !== 'reverification') return null;
  let notice: React.ReactNode;
  if (check.status === 'checking') {
    notice = (
      <Notice
        type="info"
        role="status"
        title="Checking the eligibility with the sources..."
        description={
          <>
            <span className="dv-reverification__working" role="progressbar" aria-label="Checking the eligibility" />
            This page updates by itself when they answer.
          </>
        }
      />
    );
  } else if (check.status === 'waiting') {
    notice = (
      <Notice
        type="warning"
        role="status"
        title="The re-check is waiting for your office"
        description={
          <>
            <WaitingSteps check={check} officeId={detail.officeId} />
            {check.eligibilityIndex === null ? null : 'What the other sources answered is shown below. '}
            The re-check goes on by itself once this is done.
          </>
        }
      />
    );
  } else if (check.eligibilityIndex === null) {
    notice = (
      <Notice
        type="error"
        role="status"
        title="No source answered the latest check"
        description="Each source's reason is under its name below. The eligibility shown is the one found before; press Re-verify again to try once more."
      />
    );
  } else {
    notice = <Notice type="success" role="status" title={`Checked ${dateTime(check.finishedAt ?? check.startedAt)}: the sources answered.`} />;
  }
  return (
    <div className="dv-reverification__progress" data-testid="reverification-progress" data-status={check.status}>
      {notice}
      <JobChips verificationId={detail.verificationId} officeId={detail.officeId} jobs={check.jobs} canRetry={false} />
    </div>
  );
}

/** "Changes since the previous check": each of the latest check's change sentences. */
export function ChangesCard({ detail }: { detail: ReverificationDetail }) {
  const check = latestCheck(detail);
  let content: React.ReactNode;
  if (check === undefined || check.status === 'checking') {
    content = <p className="dv-text-secondary">The sources are checking again: the changes show here once they answer.</p>;
  } else if (check.eligibilityIndex === null) {
    content = <p className="dv-text-secondary">No source answered the latest check: there is nothing to compare.</p>;
  } else if (check.changes.length === 0) {
    content = <p className="dv-reverification__no-change">Nothing changed since the previous check.</p>;
  } else {
    content = (
      <ul className="dv-reverification__changes">
        {check.changes.map((change) => (
          <li key={change.field}>{change.text}</li>
        ))}
      </ul>
    );
  }
  return (
    <SectionCard title="Changes since the previous check" data-testid="reverification-changes">
      {check ? <p className="dv-text-secondary dv-reverification__note">The check of {dateTime(check.startedAt)}, compared with the one before it.</p> : null}
      {content}
    </SectionCard>
  );
}

function activeText(entry: EligibilityEntryV3): React.ReactNode {
  if (entry.isActive === undefined) return notStated;
  return entry.isActive ? 'Yes' : 'No';
}

/** The eligibility the latest answered check found. */
export function EligibilityCard({ detail }: { detail: ReverificationDetail }) {
  const current = currentEligibility(detail);
  if (current === null) {
    return (
      <SectionCard size="small" title="Current eligibility">
        <p className="dv-text-secondary">No source has answered yet.</p>
      </SectionCard>
    );
  }
  const { check, entry } = current;
  const coverage = COVERAGE_LOOKS[entry.coverageStatus ?? 'unknown'];
  return (
    <SectionCard size="small" title="Current eligibility">
      <p className="dv-text-secondary dv-reverification__note">As the {KIND_LABELS[check.kind].toLowerCase()} of {dateTime(check.startedAt)} found it.</p>
      <DescriptionList
        aria-label="Current eligibility"
        items={[
          { key: 'coverage', label: 'Coverage status', children: <Pill tone={coverage.tone}>{coverage.text}</Pill> },
          { key: 'active', label: 'Active', children: activeText(entry) },
          { key: 'effective', label: 'Effective date', children: entry.effectiveDate?.value ? displayDate(entry.effectiveDate.value) : notStated },
          { key: 'end', label: 'Plan end date', children: entry.planEndDate ? displayDate(entry.planEndDate) : notStated },
          { key: 'participation', label: 'Participation', children: entry.participationLevel.value ?? notStated },
          { key: 'maximum', label: 'Remaining maximum', children: money(entry.insuranceRemaining?.value) },
          { key: 'deductible', label: 'Remaining deductible', children: money(entry.deductibleRemaining?.value) },
        ]}
      />
    </SectionCard>
  );
}

/** The plan as the verification found it: a re-check never changes it. */
export function PlanCard({ detail }: { detail: ReverificationDetail }) {
  const { plan } = detail;
  const or = (value: string | null) => value ?? notStated;
  return (
    <SectionCard size="small" title="Plan, kept from the verification">
      {plan === null ? (
        <p className="dv-text-secondary">The verification found no plan.</p>
      ) : (
        <DescriptionList
          aria-label="Plan, kept from the verification"
          items={[
            { key: 'group', label: 'Group number', children: or(plan.groupNumber) },
            { key: 'groupName', label: 'Group name', children: or(plan.groupName) },
            { key: 'employer', label: 'Employer', children: or(plan.employer) },
            { key: 'score', label: 'Plan score', children: plan.score === null ? notStated : <PlanScore score={plan.score} /> },
          ]}
        />
      )}
      <p className="dv-reverification__note">
        <Link to={verificationPath(detail.verificationId)}>See the whole plan on the verification</Link>
      </p>
    </SectionCard>
  );
}

type CheckRow = { readonly key: string; readonly check: ReverificationCheck; readonly entry: EligibilityEntryV3 | undefined };

const checkColumns: PlainColumn<CheckRow>[] = [
  { title: 'Date', key: 'date', rowScope: 'row', render: (_, row) => <span className="dv-nowrap">{dateTime(row.check.startedAt)}</span> },
  { title: 'Kind', key: 'kind', render: (_, row) => KIND_LABELS[row.check.kind] },
  { title: 'By', key: 'by', render: (_, row) => row.check.startedBy },
  { title: 'Status', key: 'status', render: (_, row) => <Pill tone={STATUS_LOOKS[row.check.status].tone}>{STATUS_LOOKS[row.check.status].text}</Pill> },
  {
    title: 'Coverage',
    key: 'coverage',
    render: (_, row) => (row.entry ? COVERAGE_LOOKS[row.entry.coverageStatus ?? 'unknown'].text : <span className="dv-text-secondary">No answer</span>),
  },
  { title: 'Remaining maximum', key: 'maximum', render: (_, row) => (row.entry ? money(row.entry.insuranceRemaining?.value) : '—') },
  { title: 'Remaining deductible', key: 'deductible', render: (_, row) => (row.entry ? money(row.entry.deductibleRemaining?.value) : '—') },
  { title: 'Changes', key: 'changes', render: (_, row) => (row.check.kind === 'verification' ? '—' : row.check.changes.length) },
];

/** Every check, newest first. */
export function ChecksCard({ detail }: { detail: ReverificationDetail }) {
  const rows: CheckRow[] = detail.checks.map((check) => ({ key: check.id, check, entry: entryOf(detail, check) })).reverse();
  return (
    <SectionCard size="small" title="Every check">
      <PlainTable<CheckRow> label="Checks" columns={checkColumns} dataSource={rows} />
    </SectionCard>
  );
}

/** The patient's service history as the latest answered check found it. */
export function HistoryCard({ detail }: { detail: ReverificationDetail }) {
  const { history, historyStatus, unmappedHistory } = detail.document;
  return (
    <SectionCard size="small" title="Service history">
      <ServiceHistory history={history} historyStatus={historyStatus} unmappedHistory={unmappedHistory} />
    </SectionCard>
  );
}
