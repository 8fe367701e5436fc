/**
 * What the service made of a pasted 271: the payer's rejections first (AAA code, reason, loop, what to do), the
 * warnings, the mapping notes, then the mapped plan with the breakdown the plan page shows (read only, the same
 * components) and the patient part (coverage, remaining amounts beside the maximum and deductible, service
 * history), both documents as trees, and the segments as pasted.
 */
import { type InternalWarning, type PatientV3, type PlanV3, type X271Preview, type X271Rejection } from '@dv/contracts';
import { type Ref } from 'react';
import { PlanScore } from '../../plans/plan-score';
import { DescriptionList, type DescriptionItem } from '../../ui/description-list';
import { Notice } from '../../ui/notice';
import { SectionCard } from '../../ui/section-card';
import { JsonTree } from '../../verification/source/json-tree';
import { PlanAmountsCard } from '../../verification/ticket/amounts-card';
import { PlanCategoryTable } from '../../verification/ticket/category-table';
import { ServiceHistory } from '../../verification/ticket/history-table';
import { PlanFacts } from '../../verification/ticket/plan-summary';
import { PlanProcedureTable } from '../../verification/ticket/procedure-table';
import { ReadOnlyFields, ScoredField } from '../../verification/ticket/scored-field';
import { SegmentsAsPasted } from './segments-as-pasted';

/** The service's warnings, as they read for one 271 (the ticket words them for several sources). */
const WARNING_TEXTS: Readonly<Record<InternalWarning, string>> = {
  MULTIPLE_PLANS_FOUND: 'The 271 names more than one plan for this member: check which one applies.',
  GROUP_NUMBER_MISSING: 'The 271 states no group number.',
  UNKNOWN_ERROR: 'The mapping failed on part of the 271: some values may be missing.',
};

/** Who the loop of an AAA segment is about. */
const LOOP_SUBJECTS: Readonly<Record<string, string>> = {
  '2000A': 'the payer',
  '2100A': 'the payer',
  '2000B': 'the provider',
  '2100B': 'the provider',
  '2100C': 'the subscriber',
  '2100D': 'the dependent',
};

function Rejections({ rejections }: { rejections: readonly X271Rejection[] }) {
  const description = (
    <ul className="dv-x271__rejections">
      {rejections.map((rejection, index) => (
        <li key={index}>
          <strong>
            AAA {rejection.code} {rejection.reason}
          </strong>{' '}
          <span>
            (loop {rejection.loop}
            {LOOP_SUBJECTS[rejection.loop] ? `, ${LOOP_SUBJECTS[rejection.loop]}` : ''})
          </span>
          {rejection.followUp ? <div>{rejection.followUp}.</div> : null}
        </li>
      ))}
    </ul>
  );
  return <Notice type="error" role="group" aria-label="Rejections" title="Rejected by the payer: no plan was mapped" description={description} data-testid="x271-rejections" />;
}

function Notes({ notes }: { notes: readonly string[] }) {
  return (
    <SectionCard size="small" title="Mapping notes">
      {notes.length === 0 ? (
        <p className="dv-x271__quiet">No notes: nothing was left out.</p>
      ) : (
        <ul className="dv-x271__notes">
          {notes.map((note, index) => (
            <li key={index}>{note}</li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

function patientItems(patient: PatientV3): DescriptionItem[] {
  return [
    { key: 'coverage', label: 'Coverage', children: patient.coverageStatus },
    { key: 'effective', label: 'Effective date', children: <ScoredField path="patient.effectiveDate" field={patient.effectiveDate} kind={{ kind: 'date' }} label="Effective date" /> },
    { key: 'end', label: 'Plan end date', children: patient.planEndDate ?? 'Not stated' },
    { key: 'maxRemaining', label: 'Maximum remaining', children: <ScoredField path="patient.insuranceRemaining" field={patient.insuranceRemaining} kind={{ kind: 'money' }} label="Maximum remaining" /> },
    { key: 'deductibleRemaining', label: 'Deductible remaining', children: <ScoredField path="patient.deductibleRemaining" field={patient.deductibleRemaining} kind={{ kind: 'money' }} label="Deductible remaining" /> },
    ...(patient.note ? [{ key: 'note', label: 'Note', children: patient.note }] : []),
  ];
}

function MappedPlan({ plan, patient }: { plan: PlanV3; patient: PatientV3 }) {
  return (
    <ReadOnlyFields>
      <section className="dv-x271__part" aria-labelledby="x271-plan-title">
        <h3 id="x271-plan-title" className="dv-x271__subtitle">
          Mapped plan <PlanScore score={plan.score} data-testid="x271-plan-score" />
        </h3>
        <div className="dv-breakdown" data-testid="x271-plan">
          <PlanFacts plan={plan} />
          <PlanAmountsCard plan={plan} patient={patient} />
          <PlanCategoryTable plan={plan} />
          <PlanProcedureTable plan={plan} history={patient.history} canEdit={false} />
        </div>
      </section>
      <section className="dv-x271__part" aria-labelledby="x271-patient-title" data-testid="x271-patient">
        <h3 id="x271-patient-title" className="dv-x271__subtitle">
          Patient
        </h3>
        <DescriptionList items={patientItems(patient)} aria-labelledby="x271-patient-title" className="dv-x271__patient" />
        <ServiceHistory history={patient.history} historyStatus={patient.historyStatus} unmappedHistory={patient.unmappedHistory} />
      </section>
    </ReadOnlyFields>
  );
}

function Documents({ plan, patient }: { plan: PlanV3; patient: PatientV3 }) {
  return (
    <SectionCard size="small" title="The mapped documents" className="dv-x271__documents">
      <div className="dv-x271__columns">
        <div>
          <h4 className="dv-x271__minor">Plan</h4>
          <JsonTree data={plan} label="The mapped plan" />
        </div>
        <div>
          <h4 className="dv-x271__minor">Patient</h4>
          <JsonTree data={patient} label="The mapped patient" />
        </div>
      </div>
    </SectionCard>
  );
}

/** The heading takes the focus when a preview arrives, so a keyboard or screen reader user lands on it. */
export function X271Result({ preview, text, headingRef }: { preview: X271Preview; text: string; headingRef?: Ref<HTMLHeadingElement> }) {
  const { plan, patient, warnings, rejections, notes } = preview;
  return (
    <section className="dv-x271__result" aria-labelledby="x271-result-title">
      <h2 id="x271-result-title" className="dv-x271__title" tabIndex={-1} ref={headingRef}>
        Preview
      </h2>
      <p className="dv-x271__quiet">Nothing was stored: this preview exists only on this page.</p>
      {rejections.length > 0 ? <Rejections rejections={rejections} /> : null}
      {warnings.map((warning) => (
        <Notice key={warning} type="warning" role="note" title={WARNING_TEXTS[warning]} />
      ))}
      <Notes notes={notes} />
      {plan !== null && patient !== null ? (
        <>
          <MappedPlan plan={plan} patient={patient} />
          <Documents plan={plan} patient={patient} />
        </>
      ) : null}
      <SegmentsAsPasted text={text} />
    </section>
  );
}
