/**
 * /management/bugs/{id}: one report (type, title, who, office, page, dates, explanation), its attachment, and
 * 'Mark as solved' / 'Reopen'. The way back keeps the list's filters.
 */
import { type ManagedBugReport, matchRoute, PATHS } from '@dv/contracts';
import { Alert, Button, Descriptions, type DescriptionsProps, Result, Spin, Typography } from 'antd';
import { Link, useLocation, useParams } from 'react-router-dom';
import { useInfoBar } from '../info-bar/info-bar';
import { AttachmentPreview } from './attachment-preview';
import { listPathFrom } from './bug-list-state';
import { BugsCallError, useBugReport, useSetBugSolved } from './management-bugs-api';
import { reportDateTime } from './report-dates';
import { SolvedTag } from './solved-tag';
import { useReportOffices } from './use-report-offices';
import './bugs.css';

const TITLE = matchRoute(PATHS.managementBug)?.label ?? 'Bug Report';
/** Two columns of details; one on a phone, where two would push the table past the screen's edge. */
const DETAIL_COLUMNS = { xs: 1, sm: 2 } as const;

/** The page a report came from, as a link into the app; anything that is not a plain path stays text. */
function PageLink({ url }: { url: string }) {
  if (!url.startsWith('/') || url.startsWith('//')) return <Typography.Text>{url}</Typography.Text>;
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

function ReportView({ report }: { report: ManagedBugReport }) {
  const offices = useReportOffices();
  const items: DescriptionsProps['items'] = [
    { key: 'type', label: 'Type', children: report.type },
    { key: 'status', label: 'Status', children: <SolvedTag solved={report.solved} /> },
    { key: 'user', label: 'Reported by', children: report.user },
    { key: 'office', label: 'Office', children: offices.nameOf(report.officeId) },
    { key: 'created', label: 'Reported on', children: reportDateTime(report.creationDate) },
    {
      key: 'solvingDate',
      label: 'Solved on',
      children: report.solvingDate ? reportDateTime(report.solvingDate) : 'Not solved yet',
    },
    { key: 'url', label: 'Page', span: 'filled', children: <PageLink url={report.url} /> },
    {
      key: 'description',
      label: 'Explanation',
      span: 'filled',
      children: <p className="dv-bug-detail__description">{report.description}</p>,
    },
  ];
  return (
    <>
      <div className="dv-bug-detail__header">
        <Typography.Title level={2} className="dv-page-title" id="bug-report-title">
          {report.title}
        </Typography.Title>
        <SolveButton report={report} />
      </div>
      <Descriptions bordered column={DETAIL_COLUMNS} items={items} aria-labelledby="bug-report-title" />
      <section className="dv-bug-detail__attachment" aria-labelledby="bug-attachment-title">
        <Typography.Title level={3} id="bug-attachment-title">
          Attachment
        </Typography.Title>
        {report.attachment ? (
          <AttachmentPreview reportId={report.id} attachment={report.attachment} />
        ) : (
          <Typography.Text type="secondary">No attachment was sent with this report.</Typography.Text>
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
    body = <Spin aria-label="Loading the bug report" />;
  } else if (report.isError) {
    body =
      report.error instanceof BugsCallError && report.error.status === 404 ? (
        <Result status="404" title="This bug report does not exist." subTitle="It may belong to another organization." />
      ) : (
        <Alert
          type="error"
          role="alert"
          showIcon
          title="The bug report could not be loaded."
          action={
            <Button size="small" onClick={() => void report.refetch()}>
              Try again
            </Button>
          }
        />
      );
  } else {
    body = <ReportView report={report.data} />;
  }

  return (
    <section className="dv-page" aria-labelledby="bug-detail-title">
      <Typography.Paragraph>
        <Link to={back}>Back to the list</Link>
      </Typography.Paragraph>
      <Typography.Title level={1} id="bug-detail-title" className="dv-page-title">
        {TITLE}
      </Typography.Title>
      {body}
    </section>
  );
}
