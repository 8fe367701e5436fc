import { settle, waitFor } from '../testing/wait-for';
import type { BusEvent } from './bus';
import { busContract } from './bus-contract';
import { createInProcessBus } from './in-process-bus';

describe('in-process bus contract', () => {
  busContract(
    () => {
      const bus = createInProcessBus();
      return Promise.resolve({ bus, dispose: () => bus.close() });
    },
    { unsupported: { 'member-dies': 'the in-process bus lives in one process: nothing outlives it but the outbox' } },
  );
});

describe('in-process bus, embedded specifics', () => {
  const event = (key: string, id: string, payload: unknown = {}): BusEvent => ({
    key,
    id,
    type: 'Tested',
    payload,
    occurredAt: '2025-01-01T00:00:00.000Z',
  });

  it('hands handlers a copy, so neither side can change the other’s event', async () => {
    const bus = createInProcessBus();
    const received: BusEvent[] = [];
    await bus.subscribe('t', 'g1', (e) => {
      (e.payload as { list: number[] }).list.push(99);
      received.push(e);
      return Promise.resolve();
    });
    await bus.subscribe('t', 'g2', (e) => {
      received.push(e);
      return Promise.resolve();
    });
    const payload = { list: [1] };
    await bus.publish('t', event('k', 'e1', payload));
    payload.list.push(2);
    await waitFor(() => received.length === 2, 'two deliveries');
    expect(received.map((e) => e.payload)).toEqual(expect.arrayContaining([{ list: [1, 99] }, { list: [1] }]));
    await bus.close();
  });

  it('keeps only the newest events for groups that subscribe later', async () => {
    const bus = createInProcessBus({ retainPerTopic: 2 });
    for (const id of ['e1', 'e2', 'e3']) await bus.publish('t', event('k', id));
    const received: string[] = [];
    await bus.subscribe('t', 'late', (e) => {
      received.push(e.id);
      return Promise.resolve();
    });
    await waitFor(() => received.length === 2, 'two retained events');
    await settle(20);
    expect(received).toEqual(['e2', 'e3']);
    await bus.close();
  });

  it('waits for a running handler when closing, then refuses new work', async () => {
    const bus = createInProcessBus();
    let finished = false;
    let started = false;
    await bus.subscribe('t', 'g', async () => {
      started = true;
      await settle(40);
      finished = true;
    });
    await bus.publish('t', event('k', 'e1'));
    await waitFor(() => started, 'handler start');
    await bus.close();
    expect(finished).toBe(true);
    await expect(bus.publish('t', event('k', 'e2'))).rejects.toThrow(/closed/);
    await expect(bus.ping()).rejects.toThrow(/closed/);
  });

  it('stops retrying at close without acknowledging: the event is not lost to the group', async () => {
    const bus = createInProcessBus();
    let attempts = 0;
    const subscription = await bus.subscribe(
      't',
      'g',
      () => {
        attempts += 1;
        return Promise.reject(new Error('down'));
      },
      { retry: { initialDelayMs: 10_000, maxDelayMs: 10_000 } },
    );
    await bus.publish('t', event('k', 'e1'));
    await waitFor(() => attempts === 1, 'first attempt');
    const started = Date.now();
    await subscription.close();
    expect(Date.now() - started).toBeLessThan(1_000);
    const received: string[] = [];
    await bus.subscribe('t', 'g', (e) => {
      received.push(e.id);
      return Promise.resolve();
    });
    await waitFor(() => received.length === 1, 'redelivery to the new member');
    expect(received).toEqual(['e1']);
    await bus.close();
  });
});
