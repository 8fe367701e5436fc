/**
 * /management/bugs/{id}: one report (type, title, who, office, page, dates, explanation), its attachment, and
 * 'Mark as solved' / 'Reopen'. The way back keeps the list's filters.
 *
 * Plain HTML headings, details table and states rather than antd's Typography, Descriptions, Result, Spin and
 * Alert, which the page would otherwise load before it renders (issue 12's budget).
 */
import { type ManagedBugReport, matchRoute, PATHS } from '@dv/contracts';
import { Button } from 'antd';
import { type ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { ApiCallError } from '../http/api-call-error';
import { useInfoBar } from '../info-bar/info-bar';
import { useNarrowScreen } from '../layout/use-narrow-screen';
import { PlaceholderLines } from '../ui/placeholder-lines';
import { StatusResult } from '../ui/status-result';
import { AttachmentPreview } from './attachment-preview';
import { listPathFrom } from './bug-list-state';
import { LoadError } from '../ui/load-error';
import { useBugReport, useSetBugSolved } from './management-bugs-api';
import { reportDateTime } from './report-dates';
import { SolvedTag } from './solved-tag';
import { useReportOffices } from './use-report-offices';
import './bugs.css';

const TITLE = matchRoute(PATHS.managementBug)?.label ?? 'Bug Report';

type Detail = {
  readonly key: string;
  readonly label: string;
  readonly value: ReactNode;
  /** A whole row of its own (long values). */
  readonly wide?: boolean;
};

/** The page a report came from, as a link into the app; anything that is not a plain path stays text. */
function PageLink({ url }: { url: string }) {
  if (!url.startsWith('/') || url.startsWith('//')) return <span>{url}</span>;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer">
      {url}
    </a>
  );
}

function SolveButton({ report }: { report: ManagedBugReport }) {
  const infoBar = useInfoBar();
  const setSolved = useSetBugSolved(report.id);
  return (
    <Button
      type={report.solved ? 'default' : 'primary'}
      loading={setSolved.isPending}
      onClick={() =>
        setSolved.mutate(!report.solved, {
          onSuccess: () => infoBar.show({ type: 'saved' }),
          onError: () => infoBar.show({ type: 'error' }),
        })
      }
    >
      {report.solved ? 'Reopen' : 'Mark as solved'}
    </Button>
  );
}

/**
 * Label and value cells, two pairs to a row (one on a phone, where two would push the table past the screen's
 * edge); a wide value takes a row of its own.
 */
function DetailsTable({ details, labelledBy }: { details: readonly Detail[]; labelledBy: string }) {
  const perRow = useNarrowScreen() ? 1 : 2;
  const rows: Detail[][] = [];
  for (const detail of details) {
    const last = rows.at(-1);
    if (!detail.wide && last && last.length < perRow && !last[0]!.wide) last.push(detail);
    else rows.push([detail]);
  }
  return (
    <table className="dv-bug-detail__fields" aria-labelledby={labelledBy}>
      <tbody>
        {rows.map((row) => (
          <tr key={row[0]!.key}>
            {row.map((detail, index) => {
              // The last pair of a short row reaches the table's edge.
              const span = index === row.length - 1 ? (perRow - row.length) * 2 + 1 : 1;
              return [
                <th key={`${detail.key}-label`} scope="row">
                  {detail.label}
                </th>,
                <td key={`${detail.key}-value`} colSpan={span > 1 ? span : undefined}>
                  {detail.value}
                </td>,
              ];
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ReportView({ report }: { report: ManagedBugReport }) {
  const offices = useReportOffices();
  const details: Detail[] = [
    { key: 'type', label: 'Type', value: report.type },
    { key: 'status', label: 'Status', value: <SolvedTag solved={report.solved} /> },
    { key: 'user', label: 'Reported by', value: report.user },
    { key: 'office', label: 'Office', value: offices.nameOf(report.officeId) },
    { key: 'created', label: 'Reported on', value: reportDateTime(report.creationDate) },
    { key: 'solvingDate', label: 'Solved on', value: report.solvingDate ? reportDateTime(report.solvingDate) : 'Not solved yet' },
    { key: 'url', label: 'Page', wide: true, value: <PageLink url={report.url} /> },
    {
      key: 'description',
      label: 'Explanation',
      wide: true,
      value: <p className="dv-bug-detail__description">{report.description}</p>,
    },
  ];
  return (
    <>
      <div className="dv-bug-detail__header">
        <h2 className="dv-page-title dv-bug-detail__title" id="bug-report-title">
          {report.title}
        </h2>
        <SolveButton report={report} />
      </div>
      <DetailsTable details={details} labelledBy="bug-report-title" />
      <section className="dv-bug-detail__attachment" aria-labelledby="bug-attachment-title">
        <h3 id="bug-attachment-title" className="dv-bug-detail__subtitle">
          Attachment
        </h3>
        {report.attachment ? (
          <AttachmentPreview reportId={report.id} attachment={report.attachment} />
        ) : (
          <p className="dv-para dv-text-secondary">No attachment was sent with this report.</p>
        )}
      </section>
    </>
  );
}

export function BugDetailPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const report = useBugReport(id);
  const back = listPathFrom(location.state);

  let body;
  if (report.isPending) {
    body = <PlaceholderLines rows={6} label="Loading the bug report" />;
  } else if (report.isError) {
    body =
      report.error instanceof ApiCallError && report.error.status === 404 ? (
        <StatusResult status="warning" title="This bug report does not exist." subTitle="It may belong to another organization." />
      ) : (
        <LoadError title="The bug report could not be loaded." onRetry={() => void report.refetch()} />
      );
  } else {
    body = <ReportView report={report.data} />;
  }

  return (
    <section className="dv-page dv-bug-page" aria-labelledby="bug-detail-title">
      <p className="dv-para">
        <Link to={back}>Back to the list</Link>
      </p>
      <h1 id="bug-detail-title" className="dv-page-title dv-bug-detail__page-title">
        {TITLE}
      </h1>
      {body}
    </section>
  );
}
