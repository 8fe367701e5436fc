/**
 * The payer calls behind the values agents entered (issue 15, outsourcing): per field, the call's date and time,
 * the payer representative, the call reference and the recording or screenshot, as the ticket's fieldSources carry
 * them. Breakdown only: it is the record an office shows a payer that later demands a refund.
 */
import { type VerificationDetail } from '@dv/contracts';
import { type Lines, type NotesSection } from './pdf-model';
import { usDay } from './pdf-values';

/** 'plan.benefits.annualMax' -> 'benefits annualMax'; 'patient.insuranceRemaining' -> 'insuranceRemaining'. */
function fieldName(path: string): string {
  return path.split('.').slice(1).join(' ');
}

/** 2026-03-01T14:05:00.000Z -> '03/01/2026 14:05 UTC'. */
function callTime(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : `${usDay(iso)} ${at.toISOString().slice(11, 16)} UTC`;
}

/** The section, or none when no value has a call behind it. */
export function callEvidenceSections(detail: Pick<VerificationDetail, 'fieldSources'>): NotesSection[] {
  const notes = Object.entries(detail.fieldSources)
    .flatMap(([path, sources]) => (sources.evidence === undefined ? [] : [{ path, evidence: sources.evidence }]))
    .sort((a, b) => a.path.localeCompare(b.path))
    .map(({ path, evidence }): Lines => [
      {
        text:
          `${fieldName(path)}: called ${callTime(evidence.calledAt)}, ${evidence.representative}, reference ${evidence.callReference}` +
          `${evidence.documentUrl === undefined ? '' : `, ${evidence.documentUrl}`} (entered by ${evidence.enteredBy})`,
      },
    ]);
  return notes.length === 0 ? [] : [{ kind: 'notes', title: 'Payer calls behind entered values', notes, empty: '' }];
}
