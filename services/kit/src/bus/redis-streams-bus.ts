/**
 * A bus that crosses processes on Redis Streams, for running the services as separate processes on one machine
 * (`npm run start:services`; BUS_URL=redis://...). Kafka stays the production bus; this one gives the same
 * contract (bus-contract.ts) with what Redis has:
 *
 * - A topic is `partitions` streams (`{prefix}bus:{topic}:{n}`); an event goes to the stream its key hashes to
 *   (XADD), so the events of a key stay in one stream, in publish order.
 * - A consumer group is a Redis consumer group on every stream of the topic, created at the start of the stream, so
 *   a new group reads what was published before it subscribed. Entries are acknowledged (XACK) only after the
 *   handler succeeded (at-least-once).
 * - Order per key inside a group: one member at a time owns a stream (a lease, `SET NX PX`, renewed while the
 *   member lives) and handles its entries one after another; a failing handler is retried in place with backoff,
 *   holding back that stream as a Kafka partition is held. Members announce themselves in a sorted set; each takes
 *   the streams the shared assignment gives it (stream n to the n-th live member, round robin), so members that join
 *   or leave move streams between them, the leaving one finishing its entry first.
 * - A member that dies stops renewing: its leases expire after `leaseMs`, another member takes the streams and
 *   first claims the entries the dead one had read but not acknowledged (XAUTOCLAIM), in order, then reads on.
 * Redis must keep its data for the bus to keep events (AOF or RDB); a Redis without persistence loses the streams
 * when it restarts, where the outbox still holds nothing (rows are marked sent once XADD answered).
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type Redis from 'ioredis';
import type { Logger } from '../logger';
import { closeRedis, connectRedis } from '../shared-state/redis';
import { assertBusEvent, assertTopicName, type BusEvent, type EventBus, type EventHandler, type SubscribeOptions, type Subscription } from './bus';
import { streamMember, type MemberTimings } from './redis-streams-member';

export interface RedisStreamsBusOptions {
  /** redis:// or rediss:// */
  readonly url: string;
  /** The service's name: in member names and Redis' CLIENT LIST. */
  readonly clientId: string;
  /** Streams per topic: the most members of one group that get work at once. Every process must agree. */
  readonly partitions?: number;
  /** Distinct per deployment sharing a Redis. Default `dv:`. */
  readonly keyPrefix?: string;
  /** Streams keep about this many entries each (XADD MAXLEN ~). Default 100 000. */
  readonly maxLengthPerStream?: number;
  /** How long a dead member's streams wait before another member takes them, and how often members renew. */
  readonly timings?: Partial<MemberTimings>;
  readonly logger?: Logger;
}

export const DEFAULT_MEMBER_TIMINGS: MemberTimings = { leaseMs: 10_000, heartbeatMs: 1_000, blockMs: 1_000 };

/** FNV-1a of the key, so that every process sends a key to the same stream. */
export function partitionOf(key: string, partitions: number): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index += 1) {
    hash ^= key.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % partitions;
}

const noopLogger = { warn: () => undefined };

class RedisStreamsBus implements EventBus {
  private readonly members = new Set<Subscription>();
  private closed = false;
  private readonly partitions: number;
  private readonly prefix: string;

  constructor(
    private readonly redis: Redis,
    private readonly options: RedisStreamsBusOptions,
  ) {
    this.partitions = options.partitions ?? 8;
    this.prefix = options.keyPrefix ?? 'dv:';
  }

  private streamsOf(topic: string): string[] {
    return Array.from({ length: this.partitions }, (_, index) => `${this.prefix}bus:${topic}:${index}`);
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('The bus is closed');
  }

  async publish(topic: string, event: BusEvent): Promise<void> {
    this.assertOpen();
    assertTopicName(topic);
    assertBusEvent(event);
    const stream = this.streamsOf(topic)[partitionOf(event.key, this.partitions)] as string;
    const maxLength = this.options.maxLengthPerStream ?? 100_000;
    await this.redis.xadd(stream, 'MAXLEN', '~', maxLength, '*', 'event', JSON.stringify(event));
  }

  async subscribe(topic: string, group: string, handler: EventHandler, options: SubscribeOptions = {}): Promise<Subscription> {
    this.assertOpen();
    assertTopicName(topic);
    if (group === '') throw new RangeError('A consumer group needs a name');
    const memberId = `${this.options.clientId}@${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
    const member = await streamMember({
      redis: this.redis,
      // Each member blocks on its own connection (XREADGROUP BLOCK holds the connection).
      reader: this.redis.duplicate(),
      streams: this.streamsOf(topic),
      membersKey: `${this.prefix}bus-members:${topic}:${group}`,
      leaseKey: (stream) => `${stream}:lease:${group}`,
      topic,
      group,
      memberId,
      handler,
      retry: options.retry ?? {},
      timings: { ...DEFAULT_MEMBER_TIMINGS, ...this.options.timings },
      publish: (deadTopic, event) => this.publish(deadTopic, event),
      ...(this.options.logger ? { logger: this.options.logger } : {}),
    });
    const subscription: Subscription = {
      close: async () => {
        this.members.delete(subscription);
        await member.close();
      },
    };
    this.members.add(subscription);
    return subscription;
  }

  async ping(): Promise<void> {
    this.assertOpen();
    await this.redis.ping();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const open = [...this.members];
    this.members.clear();
    await Promise.all(open.map((member) => member.close()));
    await closeRedis(this.redis);
  }
}

export async function connectRedisStreamsBus(options: RedisStreamsBusOptions): Promise<EventBus> {
  const redis = connectRedis({ url: options.url, name: `${options.clientId}-bus`, logger: options.logger ?? noopLogger });
  try {
    await redis.ping();
  } catch (error) {
    redis.disconnect();
    throw error;
  }
  return new RedisStreamsBus(redis, options);
}
