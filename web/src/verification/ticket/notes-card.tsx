/**
 * What does not fit a table: alert notes of the ticket, the plan's caveats and notes, the patient note, the
 * mapping's notes (conflicts between sources, values derived), and the service's warnings.
 */
import { type InternalWarning, type MappingInfoMessage, type VerificationDetail } from '@dv/contracts';
import { Alert } from 'antd';
import { displayDate } from './breakdown-format';
import { SectionCard } from '../../ui/section-card';

const WARNING_TEXTS: Readonly<Record<InternalWarning, string>> = {
  MULTIPLE_PLANS_FOUND: 'The sources found more than one plan for this member: check which one applies.',
  GROUP_NUMBER_MISSING: 'No source stated the group number.',
  UNKNOWN_ERROR: 'A source failed: some values may be missing.',
};

const MAPPING_TEXTS: Readonly<Record<MappingInfoMessage, string>> = {
  CONFLICTS: 'Sources disagree',
  VALUES_COPIED: 'Values copied',
  BENEFIT_YEAR_FROM_PLAN: 'Benefit year from the plan',
  BENEFIT_YEAR_FROM_ELIGIBILITY: 'Benefit year from the eligibility dates',
  BENEFIT_YEAR_FROM_HISTORY: 'Benefit year from the history',
  BENEFIT_YEAR_FROM_EFFECTIVE_DATE: 'Benefit year from the effective date',
  PLAN_FROM_PREVIOUS_YEAR: 'Plan based on the previous year',
  PLAN_CLONED: 'Plan cloned',
};

export function NotesCard({ detail }: { detail: VerificationDetail }) {
  const { plan, patient, ticket, warnings } = detail;
  const caveats = plan?.caveat ?? [];
  const mapping = [...(plan?.details.mappingInfo ?? []), ...(plan?.benefits.mappingInfo ?? [])];
  const alerts = ticket.alertNotes ?? [];
  const empty = caveats.length === 0 && mapping.length === 0 && alerts.length === 0 && !plan?.planNotes && !patient.note && warnings.length === 0;
  return (
    <SectionCard size="small" title="Notes and caveats" className="dv-notes">
      {empty ? <span className="dv-text-secondary">No notes.</span> : null}
      {alerts.map((note) => (
        <Alert key={`${note.creationDate}-${note.alertContent}`} type="warning" showIcon title={note.alertContent} description={`${note.user}, ${displayDate(note.creationDate)}`} />
      ))}
      {warnings.map((warning) => (
        <Alert key={warning} type="warning" showIcon title={WARNING_TEXTS[warning]} />
      ))}
      {plan?.planNotes ? <p className="dv-para dv-pre">{plan.planNotes}</p> : null}
      {patient.note ? <p className="dv-para dv-pre">{patient.note}</p> : null}
      {caveats.length > 0 ? (
        <>
          <h4 className="dv-notes-heading">Caveats</h4>
          <ul>
            {caveats.map((caveat) => (
              <li key={caveat.value}>{caveat.value}</li>
            ))}
          </ul>
        </>
      ) : null}
      {mapping.length > 0 ? (
        <>
          <h4 className="dv-notes-heading">How the data was read</h4>
          <ul>
            {mapping.map((info, index) => (
              <li key={`${info.message}-${info.path ?? ''}-${index}`}>
                <strong>{MAPPING_TEXTS[info.message]}</strong>
                {info.path ? ` (${info.path})` : ''}
                {info.detail ? `: ${info.detail}` : ''}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </SectionCard>
  );
}
