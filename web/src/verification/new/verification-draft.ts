/**
 * What the New Verification form holds while the user types, and how it becomes POST /api/verifications' body.
 *
 * The draft keeps every field as typed (strings) so nothing is lost on a refusal. Checking it runs contracts'
 * VerificationCreateInput, so the messages under the fields are the ones the service would send, and a 400's
 * `details` (paths like `patient.patientDOB`, `carrier.payerId`) land on the same fields as the browser's own
 * check.
 */
import {
  type RelationToSubscriber,
  type SandboxPatient,
  VerificationCreateInput,
} from '@dv/contracts';

export type VerificationDraft = {
  patientFirstName: string;
  patientLastName: string;
  /** MM/dd/yyyy as typed. */
  patientDOB: string;
  patientMemberId: string;
  patientRelationToSubscriber: RelationToSubscriber;
  subscriberFirstName: string;
  subscriberLastName: string;
  subscriberDOB: string;
  /** The carrier picked from GET /api/carriers. */
  payerId: string | undefined;
};

export type DraftField = keyof VerificationDraft;
export type FieldErrors = Partial<Record<DraftField, string>>;

export const EMPTY_DRAFT: VerificationDraft = {
  patientFirstName: '',
  patientLastName: '',
  patientDOB: '',
  patientMemberId: '',
  patientRelationToSubscriber: 'Self',
  subscriberFirstName: '',
  subscriberLastName: '',
  subscriberDOB: '',
  payerId: undefined,
};

/** The fields in the order they are on screen: the first one in error takes the focus. */
export const FIELD_ORDER: readonly DraftField[] = [
  'patientFirstName',
  'patientLastName',
  'patientDOB',
  'patientMemberId',
  'patientRelationToSubscriber',
  'payerId',
  'subscriberFirstName',
  'subscriberLastName',
  'subscriberDOB',
];

const SUBSCRIBER_FIELDS: readonly DraftField[] = ['subscriberFirstName', 'subscriberLastName', 'subscriberDOB'];

export function needsSubscriber(draft: Pick<VerificationDraft, 'patientRelationToSubscriber'>): boolean {
  return draft.patientRelationToSubscriber !== 'Self';
}

/** The body as the form would send it, before the contract trims and checks it. */
export function requestOf(draft: VerificationDraft, officeName: string | undefined): unknown {
  const subscriber = needsSubscriber(draft)
    ? {
        subscriberFirstName: draft.subscriberFirstName,
        subscriberLastName: draft.subscriberLastName,
        subscriberDOB: draft.subscriberDOB,
      }
    : {};
  return {
    patient: {
      patientFirstName: draft.patientFirstName,
      patientLastName: draft.patientLastName,
      patientDOB: draft.patientDOB,
      patientMemberId: draft.patientMemberId,
      patientRelationToSubscriber: draft.patientRelationToSubscriber,
      ...subscriber,
    },
    carrier: { payerId: draft.payerId ?? '' },
    // The PDF names the office from clientInfo.name.
    ...(officeName ? { clientInfo: { name: officeName } } : {}),
  };
}

/** A contract or service path ('patient.patientDOB', 'carrier.payerId', 'carrier') -> the form's field. */
export function fieldOfPath(path: string): DraftField | undefined {
  if (path === 'carrier' || path === 'carrier.payerId') return 'payerId';
  const [head, name, ...rest] = path.split('.');
  if (head !== 'patient' || name === undefined || rest.length > 0) return undefined;
  return FIELD_ORDER.find((field) => field === name && field !== 'payerId');
}

export type IssuesOnFields = { errors: FieldErrors; other: string[] };

/** Sorts issues onto fields (first message per field wins); what fits no field is kept to show above the form. */
export function issuesOnFields(issues: readonly { path: string; message: string }[]): IssuesOnFields {
  const errors: FieldErrors = {};
  const other: string[] = [];
  for (const issue of issues) {
    const field = fieldOfPath(issue.path);
    if (field === undefined) other.push(issue.message);
    else errors[field] ??= issue.message;
  }
  return { errors, other };
}

export type DraftCheck =
  | { ok: true; input: VerificationCreateInput }
  | { ok: false; errors: FieldErrors; other: string[] };

/** Checks the draft with the contract; on success, the trimmed body to send. */
export function checkDraft(draft: VerificationDraft, officeName: string | undefined): DraftCheck {
  const parsed = VerificationCreateInput.safeParse(requestOf(draft, officeName));
  if (parsed.success) return { ok: true, input: parsed.data };
  const issues = parsed.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
  return { ok: false, ...issuesOnFields(issues) };
}

export function firstWrongField(errors: FieldErrors): DraftField | undefined {
  return FIELD_ORDER.find((field) => errors[field] !== undefined);
}

/** Everything a sandbox patient fills: the patient, the relation, the subscriber and the carrier. */
export function draftOfSandboxPatient(sandbox: SandboxPatient): VerificationDraft {
  const { patient } = sandbox;
  const relation = patient.patientRelationToSubscriber;
  const self = relation === 'Self';
  return {
    patientFirstName: patient.patientFirstName,
    patientLastName: patient.patientLastName,
    patientDOB: patient.patientDOB,
    patientMemberId: patient.patientMemberId,
    patientRelationToSubscriber: relation,
    // For the subscriber themselves the subscriber fields are hidden and not sent.
    subscriberFirstName: self ? '' : (patient.subscriberFirstName ?? ''),
    subscriberLastName: self ? '' : (patient.subscriberLastName ?? ''),
    subscriberDOB: self ? '' : (patient.subscriberDOB ?? ''),
    payerId: sandbox.carrier.payerId,
  };
}

/** Changing the relation back to Self hides the subscriber fields, and their errors with them. */
export function withoutHiddenErrors(errors: FieldErrors, draft: VerificationDraft): FieldErrors {
  if (needsSubscriber(draft)) return errors;
  const kept = { ...errors };
  for (const field of SUBSCRIBER_FIELDS) delete kept[field];
  return kept;
}
