/**
 * The audit trail of ticket access: one record per read or write of a ticket, with who (user id), for which
 * office and organization, which ticket, what, when, and the request id. Never a patient value: an edit names
 * the fields it changed by path only, a status move its two statuses. Writes go into the transaction of the change they record; reads are
 * recorded before the answer leaves, so a read that cannot be recorded is not answered.
 */
import { randomUUID } from 'node:crypto';
import { type AuditAction, type AuditRecord, type TicketStatus } from '@dv/contracts';
import { type BaseDocument, type Store, type Transaction } from '@dv/kit';

export const AUDIT_COLLECTION = 'ticketAudit';

/** The service's own writes (source jobs) are recorded under this user id. */
export const SYSTEM_USER = 'system:verifications';

export type AuditDocument = BaseDocument & Omit<AuditRecord, 'id'>;

export interface AuditEntry {
  readonly orgId: string;
  readonly officeId: string | null;
  readonly userId: string;
  readonly ticketId: string;
  readonly action: AuditAction;
  readonly requestId?: string;
  readonly fields?: readonly string[];
  /** An outsourced ticket's status move (from null: it entered the queue). */
  readonly transition?: { readonly from: TicketStatus | null; readonly to: TicketStatus };
}

export interface AuditLog {
  record(entry: AuditEntry, tx?: Transaction): Promise<void>;
  recordMany(entries: readonly AuditEntry[]): Promise<void>;
}

export async function ensureAuditIndexes(store: Pick<Store, 'ensureIndex'>): Promise<void> {
  await store.ensureIndex(AUDIT_COLLECTION, { fields: ['ticketId', 'at'] });
  await store.ensureIndex(AUDIT_COLLECTION, { fields: ['orgId', 'at'] });
}

export function auditLog(store: Pick<Store, 'collection' | 'transaction'>, now: () => Date): AuditLog {
  const documentOf = (entry: AuditEntry): AuditDocument => ({
    _id: randomUUID(),
    at: now().toISOString(),
    orgId: entry.orgId,
    officeId: entry.officeId,
    userId: entry.userId,
    ticketId: entry.ticketId,
    action: entry.action,
    ...(entry.requestId === undefined ? {} : { requestId: entry.requestId }),
    ...(entry.fields === undefined ? {} : { fields: [...entry.fields] }),
    ...(entry.transition === undefined ? {} : { transition: { ...entry.transition } }),
  });
  return {
    async record(entry, tx) {
      await (tx ?? store).collection<AuditDocument>(AUDIT_COLLECTION).insert(documentOf(entry));
    },
    async recordMany(entries) {
      if (entries.length === 0) return;
      await store.transaction(async (tx) => {
        const audit = tx.collection<AuditDocument>(AUDIT_COLLECTION);
        for (const entry of entries) await audit.insert(documentOf(entry));
      });
    },
  };
}
