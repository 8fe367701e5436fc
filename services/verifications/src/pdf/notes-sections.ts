/**
 * Caveats and notes (the plan's caveats and notes, each benefit's caveats and links to other codes; in the
 * Breakdown also the patient's note and the call reference) and the ticket's alert notes (Breakdown only: they are
 * written about the patient's ticket).
 */
import {
  CATEGORY_KEY_PREFIX,
  stripCodePrefix,
  SUBCATEGORY_KEY_PREFIX,
  type AdaCodesV3,
  type CorrelationType,
  type PlanV3,
  type TicketV3,
  type VerificationDetail,
} from '@dv/contracts';
import { type Lines, type NotesSection } from './pdf-model';
import { usDay } from './pdf-values';

const CORRELATION_WORDS: Readonly<Record<CorrelationType, string>> = {
  IN_CONJUNCTION: 'is done in conjunction with',
  SHARES_FREQUENCY: 'shares its frequency with',
  WAITING_PERIOD: 'shares its waiting period with',
  SUBSTITUTION: 'may be paid as',
  APPLIES_TO: 'applies to',
};

/** 'ADA:D0120' -> 'D0120', 'CAT:Basic' -> 'Basic', 'SUB:Crowns' -> 'Crowns'. */
function keyName(key: string): string {
  for (const prefix of [CATEGORY_KEY_PREFIX, SUBCATEGORY_KEY_PREFIX]) {
    if (key.startsWith(prefix)) return key.slice(prefix.length);
  }
  return stripCodePrefix(key);
}

function benefitNotes(adaCodes: AdaCodesV3): Lines[] {
  const notes: Lines[] = [];
  for (const key of Object.keys(adaCodes).sort()) {
    const entry = adaCodes[key];
    const name = keyName(key);
    for (const caveat of entry?.caveat ?? []) notes.push([{ text: `${name}: ${caveat.value}`, score: caveat.score }]);
    for (const link of entry?.correlatedWith ?? []) {
      notes.push([{ text: `${name} ${CORRELATION_WORDS[link.how]} ${stripCodePrefix(link.code)}.` }]);
    }
  }
  return notes;
}

function planNotes(plan: PlanV3 | null): Lines[] {
  if (plan === null) return [];
  return [
    ...(plan.caveat ?? []).map((caveat): Lines => [{ text: caveat.value, score: caveat.score }]),
    ...(plan.planNotes === undefined || plan.planNotes.trim() === '' ? [] : [[{ text: plan.planNotes.trim() }]]),
    ...benefitNotes(plan.benefits.adaCodes),
  ];
}

function ticketNotes(detail: VerificationDetail): Lines[] {
  const { note } = detail.patient;
  const { callReference, payerAgentName } = detail.ticket;
  const notes: Lines[] = [];
  if (note !== undefined && note.trim() !== '') notes.push([{ text: `Patient note: ${note.trim()}` }]);
  if (callReference !== undefined && callReference.trim() !== '') {
    const agent = payerAgentName === undefined || payerAgentName.trim() === '' ? '' : ` (payer agent ${payerAgentName.trim()})`;
    notes.push([{ text: `Call reference: ${callReference.trim()}${agent}` }]);
  }
  return notes;
}

function caveatsOf(notes: Lines[]): NotesSection {
  return { kind: 'notes', title: 'Caveats and notes', notes, empty: 'No caveats or notes.' };
}

export function caveatsSection(detail: VerificationDetail, withPatient: boolean): NotesSection {
  return caveatsOf([...planNotes(detail.plan), ...(withPatient ? ticketNotes(detail) : [])]);
}

/** The plan's caveats and notes alone: the plan library's PDF, which has no ticket. */
export function planCaveatsSection(plan: PlanV3): NotesSection {
  return caveatsOf(planNotes(plan));
}

export function alertNotesSection(ticket: TicketV3): NotesSection {
  return {
    kind: 'notes',
    title: 'Alert notes',
    notes: (ticket.alertNotes ?? []).map((alert): Lines => [{ text: `${usDay(alert.creationDate)}, ${alert.user}: ${alert.alertContent}` }]),
    empty: 'No alert notes.',
  };
}
