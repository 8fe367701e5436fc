/**
 * The corrections of tickets' raw documents (/correction): one record per correction, with who made it, when, on
 * which ticket, why (the note) and which paths changed, never their values. The only place that names the
 * collection. A correction's record is written in the transaction that stores the corrected document.
 */
import { type CorrectionRecord } from '@dv/contracts';
import { type BaseDocument, type Store, type Transaction } from '@dv/kit';

export const CORRECTIONS_COLLECTION = 'ticketCorrections';
/** How many of a ticket's corrections the tool shows, newest first. */
export const CORRECTIONS_SHOWN = 50;

export type CorrectionDocument = BaseDocument & Omit<CorrectionRecord, 'id'> & { readonly orgId: string; readonly officeId: string };

export async function ensureCorrectionIndexes(store: Pick<Store, 'ensureIndex'>): Promise<void> {
  await store.ensureIndex(CORRECTIONS_COLLECTION, { fields: ['orgId', 'ticketId'] });
}

export function toCorrectionRecord(doc: CorrectionDocument): CorrectionRecord {
  return {
    id: doc._id,
    at: doc.at,
    userId: doc.userId,
    ...(doc.userEmail === undefined ? {} : { userEmail: doc.userEmail }),
    ticketId: doc.ticketId,
    note: doc.note,
    fromVersion: doc.fromVersion,
    toVersion: doc.toVersion,
    fields: [...doc.fields],
    fieldCount: doc.fieldCount,
  };
}

export function correctionRecords(store: Pick<Store, 'collection'>) {
  const corrections = (db: Pick<Transaction, 'collection'> = store) => db.collection<CorrectionDocument>(CORRECTIONS_COLLECTION);
  return {
    insert: (tx: Transaction, doc: CorrectionDocument) => corrections(tx).insert(doc),
    /** The ticket's corrections within its organization, newest first. */
    ofTicket: (orgId: string, ticketId: string, tx?: Transaction) =>
      corrections(tx).find({ orgId, ticketId }, { sort: { at: -1, _id: -1 }, limit: CORRECTIONS_SHOWN }),
  };
}

export type CorrectionRecords = ReturnType<typeof correctionRecords>;
