/* One behaviour for every event-bus adapter. Called from each adapter's test file with a factory. */
import path from 'node:path';
import { exited, forkTs, messageOfType, nextMessage, outputOf } from '../testing/fork-ts';
import { settle, waitFor } from '../testing/wait-for';
import { deadLetterTopic, type BusEvent, type EventBus, type Subscription } from './bus';
import type { MemberProcessSpec } from './bus-member.fixture';

export interface BusUnderTest {
  readonly bus: EventBus;
  /** How a member in another process opens the same bus; the "member dies" case forks one and kills it. */
  readonly memberProcess?: MemberProcessSpec;
  dispose(): Promise<void>;
}

/** The cases an adapter may be unable to run, each skipped with the reason the adapter's test gives. */
export type ContractCase = 'handoff' | 'resume' | 'member-dies';

export interface BusContractOptions {
  readonly setupTimeoutMs?: number;
  /** How long to wait for deliveries (a real broker rebalances and polls). */
  readonly deliveryTimeoutMs?: number;
  /** How long to watch for a delivery that must not happen. */
  readonly quietMs?: number;
  /** How long the group may take to notice a killed member and hand its work on. */
  readonly memberDeathTimeoutMs?: number;
  /** Cases this bus cannot run, and why: the test shows as skipped with the reason in its title. */
  readonly unsupported?: { readonly [C in ContractCase]?: string };
}

const fastRetry = { initialDelayMs: 5, maxDelayMs: 20 };

/** A handler body that only records: resolves at once. */
function remember<T>(sink: T[], value: T): Promise<void> {
  sink.push(value);
  return Promise.resolve();
}

export function busContract(openBus: () => Promise<BusUnderTest>, options: BusContractOptions = {}): void {
  const deliveryTimeoutMs = options.deliveryTimeoutMs ?? 5_000;
  const quietMs = options.quietMs ?? 100;
  const testTimeoutMs = deliveryTimeoutMs * 4;
  let subject: BusUnderTest;
  let bus: EventBus;
  let sequence = 0;
  let subscriptions: Subscription[] = [];
  const unique = (prefix: string) => `${prefix}-${process.pid}-${Date.now().toString(36)}-${(sequence += 1)}`;

  beforeAll(async () => {
    subject = await openBus();
    bus = subject.bus;
  }, options.setupTimeoutMs);
  afterEach(async () => {
    await Promise.all(subscriptions.map((subscription) => subscription.close()));
    subscriptions = [];
  }, testTimeoutMs);
  afterAll(async () => {
    await subject.dispose();
  }, options.setupTimeoutMs);

  let eventSequence = 0;
  function event(key: string, payload: unknown = {}): BusEvent {
    eventSequence += 1;
    return {
      key,
      id: `evt-${process.pid}-${eventSequence}`,
      type: 'TestHappened',
      payload,
      occurredAt: new Date(Date.UTC(2025, 0, 1, 0, 0, eventSequence)).toISOString(),
    };
  }

  async function subscribe(
    topic: string,
    group: string,
    handler: (event: BusEvent) => Promise<void>,
    maxAttempts?: number,
  ) {
    const subscription = await bus.subscribe(topic, group, handler, {
      retry: { ...fastRetry, ...(maxAttempts === undefined ? {} : { maxAttempts }) },
    });
    subscriptions.push(subscription);
    return subscription;
  }

  const wait = (condition: () => boolean, description: string) => waitFor(condition, description, deliveryTimeoutMs);

  function contractCase(name: ContractCase, title: string, body: () => Promise<void>, timeoutMs = testTimeoutMs): void {
    const reason = options.unsupported?.[name];
    if (reason === undefined) it(title, body, timeoutMs);
    else it.skip(`${title} (skipped: ${reason})`, () => undefined);
  }

  it(
    'delivers the event as published: key, id, type, payload and occurredAt',
    async () => {
      const topic = unique('topic');
      const received: BusEvent[] = [];
      await subscribe(topic, unique('group'), (e) => remember(received, e));
      const sent = event('order-1', { total: 12.5, lines: [{ code: 'D0120' }], note: null });
      await bus.publish(topic, sent);
      await wait(() => received.length === 1, 'one delivery');
      expect(received[0]).toEqual(sent);
    },
    testTimeoutMs,
  );

  it(
    "carries the producer's headers (trace context, request id) with the event",
    async () => {
      const topic = unique('topic');
      const received: BusEvent[] = [];
      await subscribe(topic, unique('group'), (e) => remember(received, e));
      const headers = { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01', 'x-request-id': 'req-1' };
      await bus.publish(topic, { ...event('order-2'), headers });
      await wait(() => received.length === 1, 'one delivery');
      expect(received[0]?.headers).toEqual(headers);
      await expect(bus.publish(topic, { ...event('order-3'), headers: { traceparent: 7 } as unknown as Record<string, string> })).rejects.toThrow(
        'Event headers must be strings',
      );
    },
    testTimeoutMs,
  );

  it(
    'gives every group every event, and each event to one member of a group',
    async () => {
      const topic = unique('topic');
      const groupA = unique('group-a');
      const groupB = unique('group-b');
      const a1: string[] = [];
      const a2: string[] = [];
      const b: string[] = [];
      await subscribe(topic, groupA, (e) => remember(a1, e.id));
      await subscribe(topic, groupA, (e) => remember(a2, e.id));
      await subscribe(topic, groupB, (e) => remember(b, e.id));
      const sent = Array.from({ length: 12 }, (_, index) => event(`key-${index % 6}`));
      for (const e of sent) await bus.publish(topic, e);
      const groupAIds = () => [...a1, ...a2];
      await wait(() => groupAIds().length >= 12 && b.length >= 12, 'both groups to receive all');
      await settle(quietMs);
      expect(groupAIds().sort()).toEqual(sent.map((e) => e.id).sort());
      expect([...b].sort()).toEqual(sent.map((e) => e.id).sort());
    },
    testTimeoutMs,
  );

  it(
    'keeps the order of each key, even when handlers take different times',
    async () => {
      const topic = unique('topic');
      const seen: Record<string, number[]> = {};
      await subscribe(topic, unique('group'), async (e) => {
        const { index } = e.payload as { index: number };
        // Earlier events of a key take longer: a bus that ran a key's events concurrently would reorder them.
        await settle((5 - (index % 5)) * 2);
        (seen[e.key] ??= []).push(index);
      });
      for (let index = 0; index < 30; index += 1) await bus.publish(topic, event(`agg-${index % 3}`, { index }));
      await wait(() => Object.values(seen).reduce((sum, list) => sum + list.length, 0) === 30, 'all 30 events');
      for (let key = 0; key < 3; key += 1) {
        const expected = Array.from({ length: 10 }, (_, n) => n * 3 + key);
        expect(seen[`agg-${key}`]).toEqual(expected);
      }
    },
    testTimeoutMs,
  );

  it(
    'redelivers an event whose handler failed, and holds the later events of its key until it succeeds',
    async () => {
      const topic = unique('topic');
      const log: string[] = [];
      let failuresLeft = 2;
      const attempts: number[] = [];
      const first = event('k', { n: 1 });
      const second = event('k', { n: 2 });
      await subscribe(topic, unique('group'), (e) => {
        if (e.id === first.id) {
          attempts.push(1);
          if (failuresLeft > 0) {
            failuresLeft -= 1;
            return Promise.reject(new Error('temporary failure'));
          }
        }
        return remember(log, e.id);
      });
      await bus.publish(topic, first);
      await bus.publish(topic, second);
      await wait(() => log.length === 2, 'both events handled');
      expect(attempts).toHaveLength(3);
      expect(log).toEqual([first.id, second.id]);
    },
    testTimeoutMs,
  );

  it(
    'sends an event to the dead-letter topic after maxAttempts and moves on',
    async () => {
      const topic = unique('topic');
      const group = unique('group');
      const handled: string[] = [];
      const dead: BusEvent[] = [];
      await subscribe(deadLetterTopic(topic), unique('dlq'), (e) => remember(dead, e));
      const poison = event('k', { poison: true });
      const next = event('k', { poison: false });
      await subscribe(
        topic,
        group,
        (e) =>
          (e.payload as { poison: boolean }).poison
            ? Promise.reject(new Error('cannot handle'))
            : remember(handled, e.id),
        3,
      );
      await bus.publish(topic, poison);
      await bus.publish(topic, next);
      await wait(() => handled.length === 1 && dead.length === 1, 'dead letter and the next event');
      expect(handled).toEqual([next.id]);
      expect(dead[0]?.payload).toEqual({ event: poison, group, error: 'cannot handle' });
    },
    testTimeoutMs,
  );

  it(
    'delivers events published before a new group subscribed',
    async () => {
      const topic = unique('topic');
      const early = event('early');
      await bus.publish(topic, early);
      const received: string[] = [];
      await subscribe(topic, unique('late-group'), (e) => remember(received, e.id));
      await wait(() => received.length === 1, 'the earlier event');
      expect(received).toEqual([early.id]);
    },
    testTimeoutMs,
  );

  contractCase(
    'handoff',
    'hands a closed member’s keys to the members that remain',
    async () => {
      const topic = unique('topic');
      const group = unique('group');
      const received: string[] = [];
      const leaving = await subscribe(topic, group, (e) => remember(received, `leaving:${e.id}`));
      await subscribe(topic, group, (e) => remember(received, `staying:${e.id}`));
      await leaving.close();
      const sent = Array.from({ length: 6 }, (_, index) => event(`key-${index}`));
      for (const e of sent) await bus.publish(topic, e);
      // At-least-once: an event handled while the group rebalanced may come again once it settles.
      const distinct = () => new Set(received.map((entry) => entry.slice(entry.indexOf(':') + 1)));
      await wait(() => distinct().size === 6, 'all six events');
      expect([...distinct()].sort()).toEqual(sent.map((e) => e.id).sort());
      expect(received.filter((entry) => !entry.startsWith('staying:'))).toEqual([]);
    },
  );

  contractCase(
    'resume',
    'resumes a group after what it acknowledged: a member that subscribes again gets only the rest',
    async () => {
      const topic = unique('topic');
      const group = unique('group');
      const first: string[] = [];
      const member = await subscribe(topic, group, (e) => remember(first, e.id));
      const early = [event('resume-1'), event('resume-2')];
      for (const e of early) await bus.publish(topic, e);
      await wait(() => first.length === 2, 'the first two events');
      await member.close();
      subscriptions = subscriptions.filter((subscription) => subscription !== member);
      const later = event('resume-1');
      await bus.publish(topic, later);
      const second: string[] = [];
      await subscribe(topic, group, (e) => remember(second, e.id));
      await wait(() => second.length >= 1, 'the later event');
      await settle(quietMs);
      expect(second).toEqual([later.id]);
    },
  );

  const memberDeathTimeoutMs = options.memberDeathTimeoutMs ?? deliveryTimeoutMs;
  contractCase(
    'member-dies',
    'redelivers what a killed member had not acknowledged to the group’s next member, then goes on in order',
    async () => {
      const spec = subject.memberProcess;
      if (!spec) throw new Error('This bus names no memberProcess: mark the case unsupported, with the reason');
      const topic = unique('topic');
      const group = unique('group');
      const child = forkTs(path.join(__dirname, 'bus-member.fixture.ts'), [], {
        env: { ...process.env, BUS_MEMBER: JSON.stringify({ spec, topic, group }) },
      });
      try {
        await nextMessage(child, messageOfType('ready'));
        const unacknowledged = event('dies-holding');
        const received = nextMessage(child, messageOfType('received'));
        await bus.publish(topic, unacknowledged);
        expect((await received).id).toBe(unacknowledged.id);
        child.kill('SIGKILL');
        await exited(child);
        const next = event('dies-holding');
        await bus.publish(topic, next);
        const seen: string[] = [];
        await subscribe(topic, group, (e) => remember(seen, e.id));
        await waitFor(() => seen.length >= 2, 'the killed member’s event and the next', memberDeathTimeoutMs);
        expect(seen.slice(0, 2)).toEqual([unacknowledged.id, next.id]);
      } catch (error) {
        throw new Error(`${String(error)}\nmember process output:\n${outputOf(child)}`);
      } finally {
        child.kill('SIGKILL');
      }
    },
    memberDeathTimeoutMs + testTimeoutMs,
  );

  it('refuses an event without key, id, type or a valid occurredAt', async () => {
    const topic = unique('topic');
    const valid = event('k');
    await expect(bus.publish(topic, { ...valid, key: '' })).rejects.toThrow(/key/);
    await expect(bus.publish(topic, { ...valid, id: '' })).rejects.toThrow(/id/);
    await expect(bus.publish(topic, { ...valid, type: '' })).rejects.toThrow(/type/);
    await expect(bus.publish(topic, { ...valid, occurredAt: 'yesterday' })).rejects.toThrow(/occurredAt/);
  });

  it('answers ping', async () => {
    await expect(bus.ping()).resolves.toBeUndefined();
  });
}
