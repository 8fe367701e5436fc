import { EventEmitter } from 'node:events';
import type { ConsumerCrashEvent, ConsumerRunConfig } from 'kafkajs';
import { restartAfterCrashes, type RestartableConsumer } from './kafka-restart';

const CRASH = 'consumer.crash';

/** A consumer with kafkajs' event and start surface, counting connect() and run() calls. */
function fakeConsumer(failConnects = 0) {
  const emitter = new EventEmitter();
  const calls = { connect: 0, run: [] as ConsumerRunConfig[] };
  let failuresLeft = failConnects;
  const consumer = {
    events: { CRASH },
    on: (event: string, listener: (e: ConsumerCrashEvent) => void) => {
      emitter.on(event, listener);
      return () => emitter.off(event, listener);
    },
    connect: () => {
      calls.connect += 1;
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        return Promise.reject(new Error('broker unreachable'));
      }
      return Promise.resolve();
    },
    run: (config: ConsumerRunConfig) => {
      calls.run.push(config);
      return Promise.resolve();
    },
  } as unknown as RestartableConsumer;
  const crash = (restart: boolean) =>
    emitter.emit(CRASH, {
      id: '1',
      type: CRASH,
      timestamp: Date.now(),
      payload: { error: new Error('INVALID_REQUEST'), groupId: 'g', restart },
    });
  return { consumer, calls, crash };
}

const runConfig: ConsumerRunConfig = { eachMessage: () => Promise.resolve() };
const backoff = { baseMs: 100, maxMs: 400 };

describe('restartAfterCrashes', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('starts a consumer again, with the same run configuration, after a crash kafkajs will not restart', async () => {
    const { consumer, calls, crash } = fakeConsumer();
    restartAfterCrashes(consumer, runConfig, { topic: 't', group: 'g', stopped: () => false, backoff });
    crash(false);
    expect(calls.connect).toBe(0);
    await jest.advanceTimersByTimeAsync(100);
    expect(calls.connect).toBe(1);
    expect(calls.run).toEqual([runConfig]);
  });

  it('leaves a crash that kafkajs restarts itself to kafkajs', async () => {
    const { consumer, calls, crash } = fakeConsumer();
    restartAfterCrashes(consumer, runConfig, { topic: 't', group: 'g', stopped: () => false, backoff });
    crash(true);
    await jest.advanceTimersByTimeAsync(10_000);
    expect(calls.connect).toBe(0);
  });

  it('tries again with a growing wait while the broker cannot be reached', async () => {
    const { consumer, calls, crash } = fakeConsumer(2);
    restartAfterCrashes(consumer, runConfig, { topic: 't', group: 'g', stopped: () => false, backoff });
    crash(false);
    await jest.advanceTimersByTimeAsync(100);
    expect(calls.connect).toBe(1);
    await jest.advanceTimersByTimeAsync(199);
    expect(calls.connect).toBe(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(calls.connect).toBe(2);
    await jest.advanceTimersByTimeAsync(400);
    expect(calls.connect).toBe(3);
    expect(calls.run).toHaveLength(1);
  });

  it('does not start a consumer whose subscription is closing or was closed', async () => {
    let stopped = false;
    const { consumer, calls, crash } = fakeConsumer();
    const stop = restartAfterCrashes(consumer, runConfig, { topic: 't', group: 'g', stopped: () => stopped, backoff });
    crash(false);
    stopped = true;
    await jest.advanceTimersByTimeAsync(1_000);
    expect(calls.connect).toBe(0);

    stopped = false;
    crash(false);
    stop();
    crash(false);
    await jest.advanceTimersByTimeAsync(1_000);
    expect(calls.connect).toBe(0);
  });
});
