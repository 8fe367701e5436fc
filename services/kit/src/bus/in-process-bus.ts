import type { Logger } from '../logger';
import {
  assertBusEvent,
  assertTopicName,
  deadLetterEvent,
  deadLetterTopic,
  DEFAULT_RETRY,
  deliverWithRetry,
  type BusEvent,
  type EventBus,
  type EventHandler,
  type RetryPolicy,
  type SubscribeOptions,
  type Subscription,
} from './bus';

/**
 * Embedded adapter with the Kafka adapter's semantics inside one process:
 * - every consumer group gets every event; within a group one member handles a key (keys are spread over the
 *   members by hash, like partitions), and events of one key are handled one after the other, in order;
 * - a handler that throws gets the same event again after a backoff, and later events of that key wait;
 * - a group that subscribes late starts from the oldest retained event (Kafka's `fromBeginning`).
 * Events are copied through JSON on publish, as they would be on the wire. Nothing survives a restart: the
 * outbox, not the bus, is what makes events durable.
 */
export interface InProcessBusOptions {
  /** Events kept per topic for groups that subscribe later. */
  readonly retainPerTopic?: number;
  readonly logger?: Logger;
}

interface Member {
  readonly handler: EventHandler;
  readonly policy: RetryPolicy;
  closed: boolean;
  /** Wakes sleeping retries when the member closes. */
  readonly wakers: Set<() => void>;
  /** Deliveries running on this member; closing waits for them. */
  readonly inFlight: Set<Promise<unknown>>;
}

interface Group {
  readonly topic: string;
  readonly name: string;
  readonly members: Member[];
  readonly queues: Map<string, BusEvent[]>;
  readonly draining: Map<string, Promise<void>>;
}

interface Topic {
  readonly log: BusEvent[];
  readonly groups: Map<string, Group>;
}

/** FNV-1a: a stable spread of keys over group members. */
function hash(key: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < key.length; index += 1) {
    value ^= key.charCodeAt(index);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}

function copy(event: BusEvent): BusEvent {
  return JSON.parse(JSON.stringify(event)) as BusEvent;
}

export class InProcessBus implements EventBus {
  private readonly topics = new Map<string, Topic>();
  private readonly retain: number;
  private readonly logger: Logger | undefined;
  private closed = false;

  constructor(options: InProcessBusOptions = {}) {
    this.retain = options.retainPerTopic ?? 10_000;
    this.logger = options.logger;
  }

  publish(topic: string, event: BusEvent): Promise<void> {
    // A promise executor turns a thrown validation error into a rejection, as the port promises.
    return new Promise((resolve) => {
      this.accept(topic, event);
      resolve();
    });
  }

  private accept(topic: string, event: BusEvent): void {
    assertTopicName(topic);
    assertBusEvent(event);
    if (this.closed) throw new Error('Bus is closed');
    const state = this.topic(topic);
    const stored = copy(event);
    state.log.push(stored);
    if (state.log.length > this.retain) state.log.splice(0, state.log.length - this.retain);
    for (const group of state.groups.values()) this.enqueue(group, stored);
  }

  subscribe(
    topic: string,
    group: string,
    handler: EventHandler,
    options: SubscribeOptions = {},
  ): Promise<Subscription> {
    return new Promise((resolve) => resolve(this.join(topic, group, handler, options)));
  }

  private join(topic: string, group: string, handler: EventHandler, options: SubscribeOptions): Subscription {
    assertTopicName(topic);
    if (group === '') throw new RangeError('A consumer group needs a name');
    if (this.closed) throw new Error('Bus is closed');
    const state = this.topic(topic);
    let target = state.groups.get(group);
    const isNewGroup = !target;
    if (!target) {
      target = { topic, name: group, members: [], queues: new Map(), draining: new Map() };
      state.groups.set(group, target);
    }
    const member: Member = {
      handler,
      policy: { ...DEFAULT_RETRY, ...options.retry },
      closed: false,
      wakers: new Set(),
      inFlight: new Set(),
    };
    target.members.push(member);
    const joined = target;
    if (isNewGroup) {
      for (const event of state.log) this.enqueue(joined, event);
    } else {
      for (const key of joined.queues.keys()) this.drain(joined, key);
    }
    return {
      close: async () => {
        this.leave(joined, member);
        await Promise.all(member.inFlight);
      },
    };
  }

  /** Events the group has not acknowledged yet, the one in its handler included (a metric: consumer lag). */
  queueDepth(topic: string, group: string): number {
    let depth = 0;
    for (const queue of this.topics.get(topic)?.groups.get(group)?.queues.values() ?? []) depth += queue.length;
    return depth;
  }

  ping(): Promise<void> {
    return this.closed ? Promise.reject(new Error('Bus is closed')) : Promise.resolve();
  }

  async close(): Promise<void> {
    this.closed = true;
    const pending: Promise<void>[] = [];
    for (const topic of this.topics.values()) {
      for (const group of topic.groups.values()) {
        for (const member of [...group.members]) this.leave(group, member);
        pending.push(...group.draining.values());
      }
    }
    await Promise.all(pending);
  }

  private topic(name: string): Topic {
    let state = this.topics.get(name);
    if (!state) {
      state = { log: [], groups: new Map() };
      this.topics.set(name, state);
    }
    return state;
  }

  private leave(group: Group, member: Member): void {
    member.closed = true;
    const index = group.members.indexOf(member);
    if (index >= 0) group.members.splice(index, 1);
    for (const wake of member.wakers) wake();
    member.wakers.clear();
  }

  private enqueue(group: Group, event: BusEvent): void {
    const queue = group.queues.get(event.key);
    if (queue) queue.push(event);
    else group.queues.set(event.key, [event]);
    this.drain(group, event.key);
  }

  /** One drain loop per key and group at a time: that is what keeps a key's events in order. */
  private drain(group: Group, key: string): void {
    if (group.draining.has(key)) return;
    const loop = this.drainKey(group, key).finally(() => {
      group.draining.delete(key);
      // Events that arrived after the loop decided to stop (e.g. a member joined meanwhile) get a new loop.
      if ((group.queues.get(key)?.length ?? 0) > 0 && group.members.length > 0 && !this.closed) this.drain(group, key);
    });
    group.draining.set(key, loop);
  }

  private async drainKey(group: Group, key: string): Promise<void> {
    const { topic } = group;
    // Let publish() return before the first handler runs, as with a real broker.
    await new Promise<void>((resolve) => setImmediate(resolve));
    const queue = group.queues.get(key);
    while (queue && queue.length > 0 && !this.closed) {
      const member = group.members[hash(key) % Math.max(1, group.members.length)];
      if (!member) return;
      const event = queue[0] as BusEvent;
      const delivery = deliverWithRetry({
        event: copy(event),
        handler: member.handler,
        topic,
        group: group.name,
        policy: member.policy,
        sleep: (ms) => this.sleep(member, ms),
        stopped: () => member.closed || this.closed,
        deadLetter: (failed, error) => this.publish(deadLetterTopic(topic), deadLetterEvent(failed, group.name, error)),
        onFailure: (error, attempt) =>
          this.logger?.warn(
            { err: error, topic, group: group.name, eventId: event.id, attempt },
            'event handler failed',
          ),
      });
      member.inFlight.add(delivery);
      const outcome = await delivery.finally(() => member.inFlight.delete(delivery));
      if (outcome === 'acknowledged') queue.shift();
    }
    if (queue && queue.length === 0) group.queues.delete(key);
  }

  private sleep(member: Member, ms: number): Promise<void> {
    return new Promise((resolve) => {
      if (member.closed) {
        resolve();
        return;
      }
      const wake = () => {
        clearTimeout(timer);
        member.wakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      member.wakers.add(wake);
    });
  }
}

export function createInProcessBus(options: InProcessBusOptions = {}): EventBus {
  return new InProcessBus(options);
}
