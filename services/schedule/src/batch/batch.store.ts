/**
 * Batch verifications and their items (the only place that names their collections). A batch verifies a day's
 * appointments; each item is one coverage of one appointment, with the verification id chosen for it when the
 * batch started (so a request sent twice never makes two verifications) and the request it sends (the patient and
 * coverage as the practice-management system gave them: a restart resumes from the store alone).
 *
 *   queued -> requested -> ready | attention        (skipped: a fresh verification exists; not an item)
 */
import { type ScheduleBatch, type VerificationRequestedPayload } from '@dv/contracts';
import { type BaseDocument, type Store, type Transaction } from '@dv/kit';

export const BATCHES_COLLECTION = 'scheduleBatches';
export const BATCH_ITEMS_COLLECTION = 'scheduleBatchItems';

export type BatchDocument = BaseDocument & Omit<ScheduleBatch, 'id'> & { readonly orgId: string; readonly officeId: string };

export type ItemStatus = 'queued' | 'requested' | 'ready' | 'attention';

export interface BatchItemDocument extends BaseDocument {
  readonly batchId: string;
  readonly orgId: string;
  readonly officeId: string;
  /** The batch's order: appointments by time, primary before secondary. */
  readonly order: number;
  readonly appointmentId: string;
  readonly coverage: 'primary' | 'secondary';
  /** The patient verification this item keeps current (schedule.store coverageKey). */
  readonly coverageKey: string;
  readonly verificationId: string;
  readonly status: ItemStatus;
  readonly request: VerificationRequestedPayload;
  readonly requestedAt: string | null;
  readonly endedAt: string | null;
}

export async function ensureBatchIndexes(store: Pick<Store, 'ensureIndex'>): Promise<void> {
  await store.ensureIndex(BATCHES_COLLECTION, { fields: ['officeId', 'date'] });
  await store.ensureIndex(BATCHES_COLLECTION, { fields: ['status'] });
  await store.ensureIndex(BATCH_ITEMS_COLLECTION, { fields: ['batchId', 'status'] });
  await store.ensureIndex(BATCH_ITEMS_COLLECTION, { fields: ['officeId', 'status'] });
  await store.ensureIndex(BATCH_ITEMS_COLLECTION, { fields: ['verificationId'] });
}

const within = (tx: Transaction | undefined, store: Pick<Store, 'collection'>) => tx ?? store;

export function batchStore(store: Pick<Store, 'collection'>) {
  const batches = (tx?: Transaction) => within(tx, store).collection<BatchDocument>(BATCHES_COLLECTION);
  const items = (tx?: Transaction) => within(tx, store).collection<BatchItemDocument>(BATCH_ITEMS_COLLECTION);
  return {
    async insert(tx: Transaction, batch: BatchDocument, batchItems: readonly BatchItemDocument[]): Promise<void> {
      await batches(tx).insert(batch);
      for (const item of batchItems) await items(tx).insert(item);
    },
    byId(id: string, tx?: Transaction): Promise<BatchDocument | null> {
      return batches(tx).findById(id);
    },
    latestOn(officeId: string, date: string, tx?: Transaction): Promise<BatchDocument | null> {
      return batches(tx).findOne({ officeId, date }, { sort: { startedAt: -1 } });
    },
    running(tx?: Transaction): Promise<BatchDocument[]> {
      return batches(tx).find({ status: 'running' }, { sort: { startedAt: 1 } });
    },
    async update(tx: Transaction, id: string, change: Partial<Pick<BatchDocument, 'status' | 'done' | 'counts' | 'finishedAt'>>): Promise<void> {
      await batches(tx).update({ _id: id }, { set: change });
    },
    async remove(tx: Transaction, batchIds: readonly string[]): Promise<void> {
      if (batchIds.length === 0) return;
      await items(tx).delete({ batchId: { $in: [...batchIds] } }, { multi: true });
      await batches(tx).delete({ _id: { $in: [...batchIds] } }, { multi: true });
    },
    batchesOn(officeId: string, date: string, tx?: Transaction): Promise<BatchDocument[]> {
      return batches(tx).find({ officeId, date });
    },
    inFlight(officeId: string, tx?: Transaction): Promise<number> {
      return items(tx).count({ officeId, status: 'requested' });
    },
    /** The office's next queued items: oldest batch first, in the batch's order. */
    nextQueued(officeId: string, limit: number, tx?: Transaction): Promise<BatchItemDocument[]> {
      return items(tx).find({ officeId, status: 'queued' }, { sort: { batchId: 1, order: 1 }, limit });
    },
    /** Requested items sent before `before` (ISO 8601): their answer may have been lost. */
    unanswered(before: string, tx?: Transaction): Promise<BatchItemDocument[]> {
      return items(tx).find({ status: 'requested', requestedAt: { $lt: before } }, { limit: 100 });
    },
    itemsOf(verificationId: string, tx?: Transaction): Promise<BatchItemDocument[]> {
      return items(tx).find({ verificationId });
    },
    /** Compare-and-set: applies when the item is still in `from`; true when it did. */
    async moveItem(tx: Transaction, id: string, from: ItemStatus, change: Partial<Pick<BatchItemDocument, 'status' | 'requestedAt' | 'endedAt'>>): Promise<boolean> {
      return (await items(tx).update({ _id: id, status: from }, { set: change })) === 1;
    },
  };
}

export type BatchStore = ReturnType<typeof batchStore>;

export function batchView(doc: BatchDocument): ScheduleBatch {
  return {
    id: doc._id,
    date: doc.date,
    status: doc.status,
    trigger: doc.trigger,
    total: doc.total,
    done: doc.done,
    counts: doc.counts,
    startedAt: doc.startedAt,
    finishedAt: doc.finishedAt,
    startedBy: doc.startedBy,
  };
}
