/**
 * /verification/{id}/source: each source's raw answer side by side with what was mapped from it. Per source job a
 * card: its status, then the answer as it came (the 271 segment by segment with loops and EB rows in words, or the
 * portal's data as a tree) beside the mapped plan and patient and the mapping notes. The columns stack on a phone.
 *
 * Drawn in plain HTML and the app's ui/ blocks rather than antd's display components (Descriptions, Tag, Alert,
 * Empty, Skeleton, Typography), which would more than double the JavaScript the view needs before it shows.
 */
import InfoCircleFilled from '@ant-design/icons/InfoCircleFilled';
import { dollarAmount, type PatientV3, type PlanV3, type VerificationJobView, type VerificationSourceView, PATHS } from '@dv/contracts';
import { Button } from 'antd';
import { Link, useParams } from 'react-router';
import { ApiCallError } from '../../http/api-call-error';
import { DescriptionList, type DescriptionItem } from '../../ui/description-list';
import { Pill } from '../../ui/pill';
import { PlaceholderLines } from '../../ui/placeholder-lines';
import { StatusResult } from '../../ui/status-result';
import { JsonTree } from './json-tree';
import { useVerificationSources } from './sources-api';
import { X12Segments } from './x12-segments';
import './source-page.css';
import { jobLook } from '../job-look';

const SOURCE_NAMES: Record<VerificationJobView['source'], string> = { clearinghouse: 'Clearinghouse', portal: 'Insurance portal' };

/** Where the job stands when it has no answer to show. */
function noAnswer(job: VerificationJobView): string {
  if (job.status === 'pending' || job.status === 'processing') return 'No answer yet: this source is still working.';
  if (job.status !== 'done') return `No answer yet: ${job.reason ?? 'the source waits for the office.'}`;
  return `The source gave no answer${job.reason ? `: ${job.reason}` : '.'}`;
}

type ScoredLike = { value?: unknown } | undefined;
const scored = (field: ScoredLike): string | undefined => {
  const value = field?.value;
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'number') return value.toLocaleString('en-US');
  return typeof value === 'string' || typeof value === 'boolean' ? String(value) : JSON.stringify(value);
};
const money = (field: ScoredLike): string | undefined => {
  const value = field?.value;
  return typeof value === 'number' ? dollarAmount(value) : undefined;
};

function summaryOf(plan: PlanV3, patient: PatientV3): DescriptionItem[] {
  const rows: [string, string | undefined][] = [
    ['Payer', plan.payer.name || undefined],
    ['Coverage', patient.coverageStatus],
    ['Effective date', scored(patient.effectiveDate)],
    ['Plan end date', patient.planEndDate ?? undefined],
    ['Participation', scored(plan.details.participation)],
    ['Benefit year', scored(plan.details.benefitYear)],
    ['Group number', scored(plan.sponsor.groupNumber)],
    ['Annual maximum', money(plan.benefits.annualMax)],
    ['Individual deductible', money(plan.benefits.deductible?.individual)],
    ['Deductible remaining', money(patient.deductibleRemaining)],
    ['Maximum remaining', money(patient.insuranceRemaining)],
    ['Procedure entries', String(Object.keys(plan.benefits.adaCodes ?? {}).length)],
    ['History records', String(patient.history.length)],
  ];
  return rows.flatMap(([label, value]) => (value === undefined ? [] : [{ key: label, label, children: value }]));
}

function RawAnswer({ source }: { source: VerificationSourceView }) {
  const { raw, job } = source;
  if (raw === null) return <p className="dv-muted">{noAnswer(job)}</p>;
  switch (raw.kind) {
    case 'x12':
      return <X12Segments text={raw.text} segments={raw.segments} jobId={job.id} />;
    case 'portal':
      return <JsonTree data={raw.data} label="The portal's data" />;
  }
}

function Mapped({ source, headingId }: { source: VerificationSourceView; headingId: string }) {
  const { mapped, notes, job } = source;
  return (
    <>
      {mapped === null ? (
        <p className="dv-muted">
          {source.raw === null ? 'Nothing was mapped: there is no answer.' : `Nothing was mapped from this answer${job.reason ? `: ${job.reason}` : '.'}`}
        </p>
      ) : (
        <>
          <DescriptionList items={summaryOf(mapped.plan, mapped.patient)} aria-labelledby={headingId} />
          <h4 className="dv-source__subheading">Plan</h4>
          <JsonTree data={mapped.plan} label="The mapped plan" />
          <h4 className="dv-source__subheading">Patient</h4>
          <JsonTree data={mapped.patient} label="The mapped patient" />
        </>
      )}
      <h4 className="dv-source__subheading">Mapping notes</h4>
      {notes.length === 0 ? (
        <p className="dv-muted">No notes: nothing was left out.</p>
      ) : (
        <ul className="dv-source__notes">
          {notes.map((note, i) => (
            <li key={i}>{note}</li>
          ))}
        </ul>
      )}
    </>
  );
}

function SourceCard({ source }: { source: VerificationSourceView }) {
  const { job } = source;
  const state = jobLook(job);
  const titleId = `source-${job.id}`;
  const rawId = `source-${job.id}-raw`;
  const mappedId = `source-${job.id}-mapped`;
  return (
    <section aria-labelledby={titleId} className="dv-source">
      {/* A card drawn like antd's, whose Card would bring its Tabs along. */}
      <div className="dv-source__card">
        <div className="dv-source__head">
          <h2 id={titleId} className="dv-source__title">
            {SOURCE_NAMES[job.source]} <span className="dv-source__name">{job.sourceName}</span>
          </h2>
          <Pill tone={state.color}>{state.text}</Pill>
        </div>
        <div className="dv-source__body">
          {job.reason && job.status === 'done' && job.outcome !== 'success' ? <p className="dv-source__reason">{job.reason}</p> : null}
          <div className="dv-source__columns">
            {/* Each column names its card too: several cards have a 'What was mapped'. */}
            <section aria-labelledby={`${rawId} ${titleId}`} className="dv-source__column">
              <h3 id={rawId}>{source.raw?.kind === 'portal' ? "The portal's data" : source.raw?.kind === 'x12' ? 'The 271 answer' : 'The answer'}</h3>
              <RawAnswer source={source} />
            </section>
            <section aria-labelledby={`${mappedId} ${titleId}`} className="dv-source__column">
              <h3 id={mappedId}>What was mapped</h3>
              <Mapped source={source} headingId={mappedId} />
            </section>
          </div>
        </div>
      </div>
    </section>
  );
}

export function VerificationSourcePage() {
  const { id = '' } = useParams();
  const sources = useVerificationSources(id);
  const ticketPath = PATHS.verificationDetail.replace('{id}', encodeURIComponent(id));

  let body;
  if (sources.isPending) {
    body = (
      <div aria-busy="true">
        <PlaceholderLines rows={8} label="Loading the sources" />
      </div>
    );
  } else if (sources.isError) {
    body =
      sources.error instanceof ApiCallError && sources.error.status === 404 ? (
        <StatusResult
          status="warning"
          title="This verification does not exist."
          subTitle="It may belong to another office."
          extra={<Link to={PATHS.pastVerifications}>Go to past verifications</Link>}
        />
      ) : (
        <StatusResult
          status="error"
          title="The sources could not be loaded."
          extra={
            <>
              <Button type="primary" onClick={() => void sources.refetch()}>
                Try again
              </Button>
              <Link to={ticketPath}>Back to the verification</Link>
            </>
          }
        />
      );
  } else if (sources.data.sources.length === 0) {
    body = <p className="dv-source__empty">This verification has no sources: no clearinghouse or portal verifies its carrier.</p>;
  } else {
    body = (
      <>
        {sources.data.sources.some((source) => source.job.status === 'pending' || source.job.status === 'processing') ? (
          <div className="dv-alert dv-alert--info dv-source__working" role="alert">
            <span className="dv-alert__icon" aria-hidden="true">
              <InfoCircleFilled />
            </span>
            <div className="dv-alert__body">Some sources are still working; their answers appear here when they come.</div>
          </div>
        ) : null}
        {sources.data.sources.map((source) => (
          <SourceCard key={source.job.id} source={source} />
        ))}
      </>
    );
  }

  return (
    <section className="dv-page dv-source-page" aria-labelledby="source-page-title">
      <p className="dv-para">
        <Link to={ticketPath}>Back to the verification</Link>
      </p>
      <h1 id="source-page-title" className="dv-page-title dv-source-page__title">
        Verification sources
      </h1>
      <p className="dv-para dv-text-secondary">Each source&apos;s answer as it came, beside what was mapped from it.</p>
      {body}
    </section>
  );
}
