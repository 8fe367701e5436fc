/**
 * The goduser's data correction of a ticket's raw document (/correction, issue 18 item 8).
 *
 * - Only a goduser (contracts TICKET_CORRECTION_ROLES, a company role: the roles come as a list), and only tickets
 *   of their own organization: another organization's ticket is not found, and nothing tells it exists.
 * - Reading shows the stored wrapper exactly as stored, with what the validator of its schema version says of it.
 * - A correction is a whole version 3 wrapper, which the strict version 3 validator must accept; it keeps the
 *   ticket's internal id, is made on the version it names (else 409: someone wrote in between) and changes
 *   something. The document, the list's search keys, the ticket audit ('update' with the changed paths) and the
 *   correction's record (who, when, which ticket, the note) are written in one transaction.
 * - Nothing here logs: the document is the patient's data, and the audit keeps paths, never values.
 */
import {
  CORRECTION_FIELDS_MAX,
  CORRECTION_MESSAGES,
  TICKET_CORRECTION_ROLES,
  hasAnyRole,
  validateTicket,
  type CorrectionTicket,
  type DocumentProblem,
  type SchemaVersion,
  type TicketCorrectionInput,
  type TicketWrapperV3,
} from '@dv/contracts';
import { Conflict, Forbidden, Invalid, NotFound, type Actor, type Store, type Transaction } from '@dv/kit';
import { randomUUID } from 'node:crypto';
import { type AuditLog } from '../audit/audit.store';
import { readTicket, searchKeysOf, UnreadableTicket } from '../verifications/ticket-document';
import { versionOf, type VerificationDocument, type VerificationStore } from '../verifications/verifications.store';
import { changedPaths } from './changed-paths';
import { toCorrectionRecord, type CorrectionRecords } from './correction.store';

export interface CorrectionContext {
  readonly actor: Actor;
  readonly requestId?: string;
}

type Deps = {
  readonly store: Pick<Store, 'transaction'>;
  readonly verifications: Pick<VerificationStore, 'findInScope' | 'update'>;
  readonly corrections: CorrectionRecords;
  readonly audit: Pick<AuditLog, 'record'>;
  readonly now: () => Date;
};

const NOT_ALLOWED = 'Only a goduser corrects ticket data';

function assertMayCorrect(actor: Actor): void {
  if (!actor.companyUser || !hasAnyRole(actor.roles, TICKET_CORRECTION_ROLES)) throw new Forbidden(NOT_ALLOWED);
}

/** The schema version a stored wrapper is in: the one it names, 1 for a wrapper from before versions were named. */
export function storedSchemaVersion(document: unknown): SchemaVersion | null {
  if (typeof document !== 'object' || document === null || Array.isArray(document)) return null;
  const named = (document as { schemaVersion?: unknown }).schemaVersion;
  if (named === 1 || named === 2 || named === 3) return named;
  return named === undefined && 'ticket' in document ? 1 : null;
}

/** What the validator of the document's own version says of it. */
export function problemsOf(document: unknown, version: SchemaVersion | null): DocumentProblem[] {
  if (version === null) return [{ path: '', message: 'Not a ticket wrapper of a known schema version' }];
  const result = validateTicket(document, version);
  return result.ok ? [] : result.errors;
}

/** The stored wrapper as version 3 when it reads as one; else as stored (everything then counts as changed). */
function comparable(document: unknown): unknown {
  try {
    return readTicket(document);
  } catch (error) {
    if (error instanceof UnreadableTicket) return document;
    throw error;
  }
}

/** A correction the strict version 3 validator refuses, with the paths of the body ('document.plan...'). */
function checkedWrapper(id: string, input: TicketCorrectionInput): TicketWrapperV3 {
  const result = validateTicket(input.document, 3);
  if (!result.ok) {
    const details = result.errors.map(({ path, message }) => ({ location: 'body', path: path === '' ? 'document' : `document.${path}`, message }));
    throw new Invalid(CORRECTION_MESSAGES.invalid, details);
  }
  const wrapper = input.document as unknown as TicketWrapperV3;
  if (wrapper.ticket.verificPlusInteralId !== id) {
    throw new Invalid(CORRECTION_MESSAGES.invalid, [
      { location: 'body', path: 'document.ticket.verificPlusInteralId', message: CORRECTION_MESSAGES.idChanged },
    ]);
  }
  return wrapper;
}

export function correctionService({ store, verifications, corrections, audit, now }: Deps) {
  async function view(doc: VerificationDocument, tx?: Transaction): Promise<CorrectionTicket> {
    const schemaVersion = storedSchemaVersion(doc.document);
    return {
      id: doc._id,
      officeId: doc.officeId,
      status: doc.status,
      createdAt: doc.createdAt,
      updatedAt: doc.updatedAt,
      version: versionOf(doc),
      schemaVersion,
      document: doc.document,
      problems: problemsOf(doc.document, schemaVersion),
      corrections: (await corrections.ofTicket(doc.orgId, doc._id, tx)).map(toCorrectionRecord),
    };
  }

  const auditEntry = (context: CorrectionContext, doc: VerificationDocument) => ({
    orgId: doc.orgId,
    officeId: doc.officeId,
    userId: context.actor.userId,
    ticketId: doc._id,
    ...(context.requestId === undefined ? {} : { requestId: context.requestId }),
  });

  return {
    async get(context: CorrectionContext, id: string): Promise<CorrectionTicket> {
      assertMayCorrect(context.actor);
      const doc = await verifications.findInScope({ orgId: context.actor.orgId }, id);
      if (doc === null) throw new NotFound(CORRECTION_MESSAGES.notFound);
      const answer = await view(doc);
      // Recorded before the answer leaves: a read that cannot be recorded is not answered.
      await audit.record({ ...auditEntry(context, doc), action: 'read' });
      return answer;
    },

    async correct(context: CorrectionContext, id: string, input: TicketCorrectionInput): Promise<CorrectionTicket> {
      const { actor } = context;
      assertMayCorrect(actor);
      const wrapper = checkedWrapper(id, input);
      const at = now().toISOString();
      return store.transaction(async (tx) => {
        const doc = await verifications.findInScope({ orgId: actor.orgId }, id, tx);
        if (doc === null) throw new NotFound(CORRECTION_MESSAGES.notFound);
        const fromVersion = versionOf(doc);
        if (fromVersion !== input.expectedVersion) throw new Conflict(CORRECTION_MESSAGES.stale, { version: fromVersion });
        const fields = changedPaths(comparable(doc.document), wrapper);
        if (fields.length === 0) throw new Invalid(CORRECTION_MESSAGES.unchanged);

        await verifications.update(tx, id, { document: wrapper, search: searchKeysOf(wrapper.ticket.integrationPatientInfo), updatedAt: at });
        const listed = fields.slice(0, CORRECTION_FIELDS_MAX);
        await audit.record({ ...auditEntry(context, doc), action: 'update', fields: listed }, tx);
        await corrections.insert(tx, {
          _id: randomUUID(),
          at,
          orgId: doc.orgId,
          officeId: doc.officeId,
          userId: actor.userId,
          ...(actor.email === undefined ? {} : { userEmail: actor.email }),
          ticketId: id,
          note: input.note,
          fromVersion,
          toVersion: fromVersion + 1,
          fields: listed,
          fieldCount: fields.length,
        });
        const stored = await verifications.findInScope({ orgId: actor.orgId }, id, tx);
        if (stored === null) throw new NotFound(CORRECTION_MESSAGES.notFound);
        return view(stored, tx);
      });
    },
  };
}

export type CorrectionService = ReturnType<typeof correctionService>;
