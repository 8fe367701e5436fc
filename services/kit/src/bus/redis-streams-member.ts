/**
 * One member of a consumer group on the Redis Streams bus (redis-streams-bus.ts says how the streams, leases and
 * assignment fit together). The heartbeat keeps the member and its leases alive and follows the assignment; the
 * loop claims what a previous owner left unacknowledged, reads the streams it owns and hands each stream's entries
 * to the handler one after another.
 */
import type Redis from 'ioredis';
import type { Logger } from '../logger';
import { closeRedis } from '../shared-state/redis';
import { backoffDelay } from '../retry';
import {
  assertBusEvent,
  deadLetterEvent,
  deadLetterTopic,
  DEFAULT_RETRY,
  deliverWithRetry,
  type BusEvent,
  type EventHandler,
  type RetryPolicy,
} from './bus';

export interface MemberTimings {
  /** A lease (and a member's entry) lasts this long unless renewed: how long a dead member's streams wait. */
  readonly leaseMs: number;
  /** How often a member renews and looks at the assignment; well under leaseMs. */
  readonly heartbeatMs: number;
  /** How long one read waits for new entries. */
  readonly blockMs: number;
}

export interface MemberParams {
  readonly redis: Redis;
  /** A connection of the member's own, for the blocking reads; closed with the member. */
  readonly reader: Redis;
  readonly streams: readonly string[];
  readonly membersKey: string;
  readonly leaseKey: (stream: string) => string;
  readonly topic: string;
  readonly group: string;
  readonly memberId: string;
  readonly handler: EventHandler;
  readonly retry: Partial<RetryPolicy>;
  readonly timings: MemberTimings;
  readonly publish: (topic: string, event: BusEvent) => Promise<void>;
  readonly logger?: Logger;
}

type Entry = [id: string, fields: string[]];
type ReadReply = [stream: string, entries: Entry[]][] | null;

/** Renews or releases a lease only while this member holds it. */
const RENEW = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end return 0";
const RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0";

interface Owned {
  releasing: boolean;
  /** Entries a previous owner (or this member, before) read but did not acknowledge come first. */
  claimed: boolean;
}

function eventOf(fields: readonly string[]): BusEvent | undefined {
  const at = fields.indexOf('event');
  try {
    const event = JSON.parse(fields[at + 1] ?? '') as BusEvent;
    assertBusEvent(event);
    return event;
  } catch {
    return undefined;
  }
}

async function ensureGroups(redis: Redis, streams: readonly string[], group: string): Promise<void> {
  for (const stream of streams) {
    try {
      await redis.xgroup('CREATE', stream, group, '0', 'MKSTREAM');
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('BUSYGROUP')) throw error;
    }
  }
}

export async function streamMember(params: MemberParams): Promise<{ close(): Promise<void> }> {
  const { redis, reader, group, memberId, timings, logger } = params;
  const policy = { ...DEFAULT_RETRY, ...params.retry };
  const owned = new Map<string, Owned>();
  const wakers = new Set<() => void>();
  let running = true;
  let heartbeatTimer: NodeJS.Timeout | undefined;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        wakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      wakers.add(wake);
    });

  const holds = (stream: string) => running && owned.get(stream)?.releasing === false;

  async function heartbeat(): Promise<void> {
    const [seconds, micros] = await redis.time();
    const now = Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
    await redis.zadd(params.membersKey, now + timings.leaseMs, memberId);
    await redis.zremrangebyscore(params.membersKey, '-inf', now);
    await redis.pexpire(params.membersKey, timings.leaseMs * 10);
    const members = (await redis.zrange(params.membersKey, 0, -1)).sort();
    const index = members.indexOf(memberId);
    const assigned = new Set(params.streams.filter((_, n) => index >= 0 && n % members.length === index));
    for (const [stream, state] of owned) if (!assigned.has(stream)) state.releasing = true;
    for (const stream of assigned) {
      const state = owned.get(stream);
      const lease = params.leaseKey(stream);
      if (state && !state.releasing) {
        if ((await redis.eval(RENEW, 1, lease, memberId, timings.leaseMs)) === 0) owned.delete(stream);
      } else if (!state && (await redis.set(lease, memberId, 'PX', timings.leaseMs, 'NX')) === 'OK') {
        owned.set(stream, { releasing: false, claimed: false });
      }
    }
  }

  function scheduleHeartbeat(): void {
    heartbeatTimer = setTimeout(() => {
      heartbeat()
        .catch((error: unknown) => logger?.warn({ err: error, topic: params.topic, group }, 'bus heartbeat failed'))
        .finally(() => {
          if (running) scheduleHeartbeat();
        });
    }, timings.heartbeatMs);
    heartbeatTimer.unref();
  }

  /** Handles entries of one stream in order; stops at the first one it may not finish (closing, stream moved). */
  async function handleEntries(stream: string, entries: readonly Entry[]): Promise<void> {
    for (const [id, fields] of entries) {
      if (!holds(stream)) return;
      const event = eventOf(fields);
      if (!event) {
        logger?.error({ topic: params.topic, group, entryId: id }, 'skipped a stream entry that is not an event');
      } else {
        const outcome = await deliverWithRetry({
          event,
          handler: params.handler,
          topic: params.topic,
          group,
          policy,
          sleep,
          stopped: () => !holds(stream),
          deadLetter: (failed, error) => params.publish(deadLetterTopic(params.topic), deadLetterEvent(failed, group, error)),
          onFailure: (error, attempt) =>
            logger?.warn({ err: error, topic: params.topic, group, eventId: event.id, attempt }, 'event handler failed'),
        });
        // Left pending: whoever owns the stream next claims it.
        if (outcome === 'stopped') return;
      }
      await redis.xack(stream, group, id);
    }
  }

  /** What earlier owners of the stream read and never acknowledged, oldest first. */
  async function claimPending(stream: string): Promise<void> {
    let start = '0-0';
    do {
      const [next, entries] = (await redis.xautoclaim(stream, group, memberId, 0, start, 'COUNT', 100)) as [string, (Entry | null)[]];
      await handleEntries(stream, entries.filter((entry): entry is Entry => entry !== null));
      if (!holds(stream)) return;
      start = next;
    } while (start !== '0-0');
    const state = owned.get(stream);
    if (state) state.claimed = true;
  }

  async function releaseLeftStreams(): Promise<void> {
    for (const [stream, state] of owned) {
      if (!state.releasing && running) continue;
      owned.delete(stream);
      await redis.eval(RELEASE, 1, params.leaseKey(stream), memberId);
    }
  }

  async function pass(): Promise<void> {
    await releaseLeftStreams();
    const readable = [...owned].filter(([, state]) => !state.releasing).map(([stream]) => stream);
    for (const stream of readable) if (!owned.get(stream)?.claimed) await claimPending(stream);
    const ready = readable.filter((stream) => owned.get(stream)?.claimed && holds(stream));
    if (ready.length === 0) {
      await sleep(timings.heartbeatMs);
      return;
    }
    const reply = (await reader.xreadgroup(
      'GROUP', group, memberId, 'COUNT', 100, 'BLOCK', timings.blockMs, 'STREAMS', ...ready, ...ready.map(() => '>'),
    )) as ReadReply;
    // Streams are independent: each goes at its own pace, a retried entry holding back only its own.
    await Promise.all((reply ?? []).map(([stream, entries]) => handleEntries(stream, entries)));
  }

  async function loop(): Promise<void> {
    let failures = 0;
    while (running) {
      try {
        await pass();
        failures = 0;
      } catch (error) {
        if (!running) return;
        failures += 1;
        logger?.warn({ err: error, topic: params.topic, group }, 'bus read failed');
        await sleep(backoffDelay(failures, { baseMs: timings.heartbeatMs, maxMs: timings.leaseMs }));
      }
    }
  }

  await ensureGroups(redis, params.streams, group);
  await heartbeat();
  scheduleHeartbeat();
  const looping = loop();

  return {
    async close() {
      if (!running) return;
      running = false;
      if (heartbeatTimer) clearTimeout(heartbeatTimer);
      for (const wake of [...wakers]) wake();
      // Ends a blocking read at once; what it had taken stays pending for the next owner.
      reader.disconnect();
      await looping;
      await closeRedis(reader);
      await releaseLeftStreams();
      await redis.zrem(params.membersKey, memberId);
    },
  };
}
