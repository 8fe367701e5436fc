/**
 * Where a day's batch stands, from two sources that arrive in any order: the day the page read (its `batch`, with
 * the counts) and the progress events of the socket (done of total, running or done). An event is newer than the
 * read that came before it but a read may answer after a later event, so neither simply wins: the furthest `done`
 * and a `done` status win. An event about another batch waits for the read it triggers. Pure.
 */
import { type ScheduleBatch, type ScheduleBatchProgressEvent } from '@dv/contracts';

export function mergeProgress(batch: ScheduleBatch | null, event: ScheduleBatchProgressEvent | null): ScheduleBatch | null {
  if (batch === null || event === null || event.batchId !== batch.id) return batch;
  const done = Math.max(batch.done, event.done);
  const status = batch.status === 'done' || event.status === 'done' ? 'done' : 'running';
  if (done === batch.done && status === batch.status) return batch;
  return { ...batch, done, total: Math.max(batch.total, event.total), status };
}

/** The share of the batch done, 0 to 100. */
export function percentDone(batch: Pick<ScheduleBatch, 'done' | 'total'>): number {
  if (batch.total === 0) return 100;
  return Math.min(100, Math.round((batch.done / batch.total) * 100));
}
