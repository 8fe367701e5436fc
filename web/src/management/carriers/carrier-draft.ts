/**
 * The carrier form's draft (what the inputs hold, as text and switches) and what it sends: a new carrier
 * (contracts NewCarrierInput) or only the fields that changed (CarrierPatch). Both are checked with the contract's
 * schemas before anything is sent, so each field shows the message the service would answer; the service's own 400
 * is mapped onto the fields the same way.
 */
import { CarrierPatch, type ManagedCarrier, NewCarrierInput, type PayerKey } from '@dv/contracts';

export type CarrierDraft = {
  payerId: string;
  name: string;
  payerKey: PayerKey;
  phone: string;
  portalUrl: string;
  portalId: string;
  eligibility270: boolean;
  invertsCoinsurance: boolean;
  street1: string;
  street2: string;
  city: string;
  state: string;
  zipCode: string;
};

export type DraftField = keyof CarrierDraft;
export type DraftProblems = Partial<Record<DraftField | 'form', string>>;

const ADDRESS_FIELDS = ['street1', 'street2', 'city', 'state', 'zipCode'] as const;

export function draftOf(carrier: ManagedCarrier | null): CarrierDraft {
  return {
    payerId: carrier?.payerId ?? '',
    name: carrier?.name ?? '',
    payerKey: carrier?.payerKey ?? 'DEFAULT',
    phone: carrier?.phone ?? '',
    portalUrl: carrier?.portalUrl ?? '',
    portalId: carrier?.portalId ?? '',
    eligibility270: carrier?.eligibility270 ?? true,
    invertsCoinsurance: carrier?.invertsCoinsurance ?? false,
    street1: carrier?.address?.street1 ?? '',
    street2: carrier?.address?.street2 ?? '',
    city: carrier?.address?.city ?? '',
    state: carrier?.address?.state ?? '',
    zipCode: carrier?.address?.zipCode ?? '',
  };
}

/** An optional text: empty means none (null). */
const orNull = (text: string): string | null => (text.trim() === '' ? null : text);

/** The address: none when every line is empty; otherwise all of it, so the schema names what is missing. */
function addressOf(draft: CarrierDraft) {
  if (ADDRESS_FIELDS.every((field) => draft[field].trim() === '')) return null;
  return { street1: draft.street1, street2: orNull(draft.street2), city: draft.city, state: draft.state, zipCode: draft.zipCode };
}

/** Every field of the draft as the API takes it. */
function fieldsOf(draft: CarrierDraft) {
  return {
    name: draft.name,
    payerKey: draft.payerKey,
    phone: orNull(draft.phone),
    portalUrl: orNull(draft.portalUrl),
    portalId: orNull(draft.portalId),
    eligibility270: draft.eligibility270,
    invertsCoinsurance: draft.invertsCoinsurance,
    address: addressOf(draft),
  };
}

/** Which input a problem belongs to: 'address.state' -> state, 'payerId' -> payerId, anything else -> the form. */
export function fieldOfPath(path: readonly PropertyKey[] | string): DraftField | 'form' {
  const parts = typeof path === 'string' ? path.split('.').filter((part) => part !== '') : path.map(String);
  const [first, second] = parts;
  if (first === 'address') return (ADDRESS_FIELDS as readonly string[]).includes(second ?? '') ? (second as DraftField) : 'street1';
  const known: readonly string[] = ['payerId', 'name', 'payerKey', 'phone', 'portalUrl', 'portalId', 'eligibility270', 'invertsCoinsurance'];
  return first !== undefined && known.includes(first) ? (first as DraftField) : 'form';
}

export function problemsOf(issues: readonly { path: readonly PropertyKey[] | string; message: string }[]): DraftProblems {
  const problems: DraftProblems = {};
  for (const issue of issues) problems[fieldOfPath(issue.path)] ??= issue.message;
  return problems;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; problems: DraftProblems };

export function checkNew(draft: CarrierDraft): Checked<NewCarrierInput> {
  const parsed = NewCarrierInput.safeParse({ payerId: draft.payerId, ...fieldsOf(draft) });
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, problems: problemsOf(parsed.error.issues) };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields that differ from the stored carrier; null when nothing does. */
export function checkChange(draft: CarrierDraft, carrier: ManagedCarrier): Checked<CarrierPatch | null> {
  const before = fieldsOf(draftOf(carrier));
  const after = fieldsOf(draft);
  const changed = Object.fromEntries(Object.entries(after).filter(([key, value]) => !same(value, before[key as keyof typeof before])));
  if (Object.keys(changed).length === 0) return { ok: true, value: null };
  const parsed = CarrierPatch.safeParse(changed);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, problems: problemsOf(parsed.error.issues) };
}
