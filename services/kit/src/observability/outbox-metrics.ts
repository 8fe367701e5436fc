/**
 * The outbox's lag, read from the store when Prometheus scrapes (nothing runs between scrapes): how many events wait
 * to be published, and how long the oldest has waited. A growing age means the relay is stuck (the bus is down, or
 * a key's row keeps failing); both queries use the relay's (status, position) index.
 */
import { Gauge } from 'prom-client';
import type { Logger } from '../logger';
import { OUTBOX_COLLECTION, type OutboxDocument } from '../outbox/outbox';
import type { Store } from '../store/store';
import type { MetricsRegistry } from './metrics';

export interface OutboxMetricsOptions {
  readonly store: Pick<Store, 'collection'>;
  readonly registry: MetricsRegistry;
  readonly collection?: string;
  readonly now?: () => number;
  readonly logger?: Logger;
}

/**
 * When the row was written: its position starts with the writer's epoch ms (outbox.ts). Not `occurredAt`, which a
 * service may set to its event's own time.
 */
function writtenAt(row: Pick<OutboxDocument, 'position' | 'occurredAt'>): number {
  const ms = Number(row.position.split('-', 1)[0]);
  return Number.isFinite(ms) ? ms : Date.parse(row.occurredAt);
}

export function measureOutbox(options: OutboxMetricsOptions): void {
  const rows = () => options.store.collection<OutboxDocument>(options.collection ?? OUTBOX_COLLECTION);
  const now = options.now ?? Date.now;
  // A store that does not answer leaves the last values; /readyz says the store is down.
  const failed = (error: unknown) => options.logger?.debug({ err: error }, 'outbox metrics not read');
  new Gauge({
    name: 'outbox_pending_messages',
    help: 'Outbox events written but not yet published to the bus',
    registers: [options.registry],
    async collect() {
      try {
        this.set(await rows().count({ status: 'pending' }));
      } catch (error) {
        failed(error);
      }
    },
  });
  new Gauge({
    name: 'outbox_oldest_pending_age_seconds',
    help: 'How long the oldest unpublished outbox event has waited (0 when none waits)',
    registers: [options.registry],
    async collect() {
      try {
        const oldest = await rows().findOne({ status: 'pending' }, { sort: { position: 1 } });
        this.set(oldest === null ? 0 : Math.max(0, (now() - writtenAt(oldest)) / 1000));
      } catch (error) {
        failed(error);
      }
    },
  });
}
