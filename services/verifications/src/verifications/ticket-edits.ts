/**
 * A user's edits of a ticket's plan and patient fields. Pure.
 *
 * An edit names a field by its dotted path in the wrapper ('plan.benefits.annualMax',
 * 'plan.benefits.adaCodes.ADA:D0120.limitation', 'patient.insuranceRemaining'; a trailing '.value' is
 * accepted) and gives its new value (null clears it). The field must be a scored field, or one the path creates
 * as a scored field (a missing adaCodes entry is created with the category and subcategory of its key); the
 * patient's note and the plan notes are plain texts and are edited as such.
 *
 * An edited scored field gets score 4 (user-confirmed: no source overrides it afterwards, see scoring/) and a
 * change-history entry: userHash (SHA-256 of the user id), updatedAt, value, oldValue, newValue, oldScore (when
 * the field existed), newScore. The user hash joins the plan's userHashes. The whole wrapper is then validated
 * as version 3; the validator's path and message come back as the 400's details.
 */
import { createHash } from 'node:crypto';
import {
  CATEGORY_KEY_PREFIX,
  categoryOfSubcategory,
  categoryOf,
  Category,
  isKnownCode,
  normalizeCode,
  Subcategory,
  subcategoryOf,
  SUBCATEGORY_KEY_PREFIX,
  validateTicket,
  type FieldEdit,
  type TicketWrapperV3,
} from '@dv/contracts';
import { SCORE } from '../scoring/field-priority';

export interface EditProblem {
  readonly path: string;
  readonly message: string;
}

/** An edit that cannot apply, or a result the version 3 validator refuses. */
export class EditRejected extends Error {
  override readonly name = 'EditRejected';

  constructor(readonly problems: readonly EditProblem[]) {
    super(problems.map((problem) => `${problem.path}: ${problem.message}`).join('; '));
  }
}

export const EDIT_MESSAGES = {
  noPlan: 'The verification has no plan yet',
  notEditable: 'Not an editable field: name a scored field such as plan.benefits.annualMax',
  badSegment: 'Not a field name',
  notText: 'Expected a text or null',
  negative: 'A value cannot be negative',
  notPositive: 'Quantity and frequency must be more than 0',
} as const;

/** Plain text fields a user may edit. */
const TEXT_FIELDS = new Set(['patient.note', 'plan.planNotes']);
const FORBIDDEN_SEGMENTS = new Set(['__proto__', 'prototype', 'constructor']);
const AGE_ENDS = new Set(['min', 'max']);
/** Validator paths inside a change-history entry's copies of a value. */
const HISTORY_COPY = /\.changeHistory\.\d+\.(value|newValue|oldValue)(\.|$)/;

/** The user's pseudonym in change history and plan userHashes. */
export function userHashOf(userId: string): string {
  return createHash('sha256').update(`user:${userId}`).digest('hex');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isScored(value: unknown): value is { value: unknown; score: number; changeHistory?: unknown[] } {
  return isRecord(value) && 'value' in value && typeof value.score === 'number';
}

/** A new adaCodes entry for a key, or undefined when the key names nothing. */
function newEntry(key: string): Record<string, unknown> | undefined {
  if (key.startsWith(CATEGORY_KEY_PREFIX)) {
    const category = Category.safeParse(key.slice(CATEGORY_KEY_PREFIX.length));
    return category.success ? { category: category.data } : undefined;
  }
  if (key.startsWith(SUBCATEGORY_KEY_PREFIX)) {
    const subcategory = Subcategory.safeParse(key.slice(SUBCATEGORY_KEY_PREFIX.length));
    return subcategory.success ? { category: categoryOfSubcategory(subcategory.data), subcategory: subcategory.data } : undefined;
  }
  if (!isKnownCode(key) || normalizeCode(key) !== key) return undefined;
  const category = categoryOf(key);
  if (category === 'unknown') return undefined;
  const subcategory = subcategoryOf(key);
  return { category, ...(subcategory === undefined ? {} : { subcategory }), code: key };
}

/**
 * What a user may not enter though a stored document may hold it (the version 3 validator takes any number):
 * negative amounts, ages or counts, and a limitation of zero or fewer services per zero or fewer periods.
 */
function valueProblem(field: string, value: unknown): string | null {
  if (typeof value === 'number' && value < 0) return EDIT_MESSAGES.negative;
  if (field === 'limitation' && isRecord(value)) {
    const { quantity, frequency } = value;
    if ((typeof quantity === 'number' && quantity <= 0) || (typeof frequency === 'number' && frequency <= 0)) return EDIT_MESSAGES.notPositive;
  }
  return null;
}

export interface EditContext {
  readonly userId: string;
  readonly now: Date;
}

export interface EditedTicket {
  readonly wrapper: TicketWrapperV3;
  /** The edited fields' paths, normalised (no trailing '.value'). */
  readonly paths: readonly string[];
}

/** An edit path as the field is named (a trailing '.value' dropped): how edited paths are reported and audited. */
export function editFieldPath(path: string): string {
  const segments = path.split('.');
  if (segments.at(-1) === 'value' && segments.length > 2) segments.pop();
  return segments.join('.');
}

function applyOne(wrapper: TicketWrapperV3, edit: FieldEdit, context: EditContext, userHash: string): string {
  const path = editFieldPath(edit.path);
  const segments = path.split('.');
  if (segments.some((segment) => segment === '' || FORBIDDEN_SEGMENTS.has(segment))) {
    throw new EditRejected([{ path: edit.path, message: EDIT_MESSAGES.badSegment }]);
  }
  const [root, ...rest] = segments;
  const top = root === 'plan' ? wrapper.plan : wrapper.patient;
  if (top === null || top === undefined) throw new EditRejected([{ path: edit.path, message: EDIT_MESSAGES.noPlan }]);

  if (TEXT_FIELDS.has(path)) {
    if (edit.value !== null && typeof edit.value !== 'string') throw new EditRejected([{ path: edit.path, message: EDIT_MESSAGES.notText }]);
    const field = rest[0]!;
    const holder = top as unknown as Record<string, unknown>;
    if (edit.value === null || edit.value === '') delete holder[field];
    else holder[field] = edit.value;
    return path;
  }

  let node = top as unknown as Record<string, unknown>;
  for (let index = 0; index < rest.length - 1; index += 1) {
    const segment = rest[index]!;
    let next = node[segment];
    if (next === undefined) {
      const inAdaCodes = root === 'plan' && index === 2 && rest[0] === 'benefits' && rest[1] === 'adaCodes';
      // An age is a pair: editing one end of a missing one creates the other end as not stated.
      const agePair = index === rest.length - 2 && AGE_ENDS.has(rest[rest.length - 1]!);
      next = inAdaCodes ? newEntry(segment) : agePair ? { min: { value: null, score: SCORE.inferred }, max: { value: null, score: SCORE.inferred } } : {};
      if (next === undefined) throw new EditRejected([{ path: edit.path, message: EDIT_MESSAGES.notEditable }]);
      node[segment] = next;
    }
    if (!isRecord(next) || isScored(next)) throw new EditRejected([{ path: edit.path, message: EDIT_MESSAGES.notEditable }]);
    node = next;
  }
  const field = rest[rest.length - 1]!;
  const current = node[field];
  if (current !== undefined && !isScored(current)) throw new EditRejected([{ path: edit.path, message: EDIT_MESSAGES.notEditable }]);
  const problem = valueProblem(field, edit.value);
  if (problem !== null) throw new EditRejected([{ path: edit.path, message: problem }]);
  const value = structuredClone(edit.value);
  const entry = {
    userHash,
    updatedAt: context.now.toISOString(),
    value,
    oldValue: current === undefined ? null : structuredClone(current.value),
    newValue: structuredClone(value),
    ...(current === undefined ? {} : { oldScore: current.score }),
    newScore: SCORE.userConfirmed,
  };
  node[field] = {
    value,
    score: SCORE.userConfirmed,
    changeHistory: [...(current?.changeHistory ?? []), entry],
  };
  return path;
}

/** The wrapper with the edits applied; throws EditRejected when an edit cannot apply or the result is invalid. */
export function applyEdits(wrapper: TicketWrapperV3, edits: readonly FieldEdit[], context: EditContext): EditedTicket {
  const edited = structuredClone(wrapper);
  const userHash = userHashOf(context.userId);
  const paths: string[] = [];
  for (const edit of edits) paths.push(applyOne(edited, edit, context, userHash));
  if (edited.plan !== null && paths.some((path) => path.startsWith('plan.'))) {
    edited.plan.userHashes = [...new Set([...(edited.plan.userHashes ?? []), userHash])];
  }
  const check = validateTicket(edited, 3);
  if (!check.ok) {
    // The edited value is also in its change-history entry; the field's own path says it once.
    const own = check.errors.filter((error) => !HISTORY_COPY.test(error.path));
    throw new EditRejected(own.length > 0 ? own : check.errors);
  }
  return { wrapper: edited, paths: [...new Set(paths)] };
}

/** The value an edit path names as stored now (a scored field's value, a text), or null when there is none. */
export function storedValueAt(wrapper: TicketWrapperV3, path: string): unknown {
  const segments = path.split('.');
  if (segments.at(-1) === 'value' && segments.length > 2) segments.pop();
  let node: unknown = wrapper;
  for (const segment of segments) {
    if (!isRecord(node) || FORBIDDEN_SEGMENTS.has(segment) || !Object.hasOwn(node, segment)) return null;
    node = node[segment];
  }
  return isScored(node) ? structuredClone(node.value) : (node ?? null);
}
