import type { Consumer, ConsumerCrashEvent, ConsumerRunConfig } from 'kafkajs';
import type { Logger } from '../logger';
import { backoffDelay, type Backoff } from '../retry';

/** The part of a kafkajs consumer that restarting needs. */
export type RestartableConsumer = Pick<Consumer, 'on' | 'events' | 'connect' | 'run'>;

export interface RestartContext {
  readonly topic: string;
  readonly group: string;
  readonly logger?: Logger;
  /** True once the subscription is closing: a crash then stays a stop. */
  readonly stopped: () => boolean;
  readonly backoff?: Backoff;
}

const DEFAULT_BACKOFF: Backoff = { baseMs: 500, maxMs: 30_000 };

/**
 * kafkajs restarts a crashed consumer only when the error is retriable; any other error (a broker's
 * INVALID_REQUEST to a SyncGroup, an authorization error) leaves it disconnected for good, and the subscription
 * would stop delivering without a sign. This connects and runs it again with backoff, logging each crash, until the
 * subscription is closed. kafkajs has already disconnected the consumer when it emits the crash, and keeps its
 * topic subscriptions, so connect() then run() start it as before.
 * Returns the function that removes the listener.
 */
export function restartAfterCrashes(
  consumer: RestartableConsumer,
  runConfig: ConsumerRunConfig,
  context: RestartContext,
): () => void {
  const backoff = context.backoff ?? DEFAULT_BACKOFF;
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;

  const start = async (): Promise<void> => {
    timer = undefined;
    if (context.stopped()) return;
    try {
      await consumer.connect();
      await consumer.run(runConfig);
      failures = 0;
    } catch (error) {
      context.logger?.error({ err: error, topic: context.topic, group: context.group }, 'consumer restart failed');
      schedule();
    }
  };
  const schedule = (): void => {
    failures += 1;
    timer = setTimeout(() => void start(), backoffDelay(failures, backoff));
  };

  const remove = consumer.on(consumer.events.CRASH, (event: ConsumerCrashEvent) => {
    const { error, restart } = event.payload;
    if (restart || context.stopped()) return;
    context.logger?.error(
      { err: error, topic: context.topic, group: context.group },
      'consumer crashed on an error kafkajs does not retry: starting it again',
    );
    schedule();
  });
  return () => {
    remove();
    if (timer) clearTimeout(timer);
  };
}
