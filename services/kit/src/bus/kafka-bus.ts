import {
  Kafka,
  logLevel,
  type Admin,
  type Consumer,
  type ConsumerRunConfig,
  type KafkaConfig,
  type LogEntry,
  type Producer,
} from 'kafkajs';
import { withDeadline } from '../deadline';
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
  type SubscribeOptions,
  type Subscription,
} from './bus';
import { restartAfterCrashes } from './kafka-restart';

/**
 * Production adapter on Kafka (kafkajs):
 * - an idempotent producer (`idempotent: true`, one request in flight) sending with `acks: -1`, each message
 *   keyed by the event key (the aggregate id), so a key always lands on the same partition, in order;
 * - one consumer per subscription in the named consumer group, reading from the earliest offset when the group
 *   is new; a message's offset is committed only after its handler succeeded (at-least-once), and a failing
 *   handler is retried in place with backoff (heartbeating meanwhile), which holds back that partition;
 * - a consumer that crashes on an error kafkajs does not retry is started again (kafka-restart.ts).
 * Topics are created on first use with `partitions` partitions.
 *
 * librdkafka's mock cluster (the Kafka suite's broker where no Kafka runs, kafka-bus.mock.int.test.ts) lacks
 * CreateTopics and names no live controller, so it takes `topicCreation: 'broker'` and `idempotent: false`.
 */
export interface KafkaBusOptions {
  readonly brokers: readonly string[];
  readonly clientId: string;
  readonly partitions?: number;
  /** -1 takes the broker default. */
  readonly replicationFactor?: number;
  readonly ssl?: KafkaConfig['ssl'];
  readonly sasl?: KafkaConfig['sasl'];
  readonly logger?: Logger;
  /** How long subscribe() waits for the consumer to join its group. */
  readonly joinTimeoutMs?: number;
  /** Default true: the idempotent producer (InitProducerId goes to the controller). */
  readonly idempotent?: boolean;
  /** 'admin' (default): CreateTopics with `partitions`; 'broker': the broker creates topics on first use. */
  readonly topicCreation?: 'admin' | 'broker';
  /** Group timings (kafkajs' defaults: 30 s session, 3 s heartbeat, 60 s rebalance): how soon a dead member is noticed. */
  readonly group?: {
    readonly sessionTimeout?: number;
    readonly heartbeatInterval?: number;
    readonly rebalanceTimeout?: number;
    /** How long a fetch waits for data (default 5 s); a closing consumer waits for its fetch. */
    readonly maxWaitTimeInMs?: number;
  };
}

function pinoLogCreator(logger: Logger | undefined) {
  return () =>
    ({ namespace, level, log }: LogEntry): void => {
      if (!logger) return;
      const { message, ...extra } = log;
      const fields = { ...extra, namespace };
      switch (level) {
        case logLevel.ERROR:
          logger.error(fields, message);
          break;
        case logLevel.WARN:
          logger.warn(fields, message);
          break;
        case logLevel.INFO:
          logger.info(fields, message);
          break;
        case logLevel.DEBUG:
          logger.debug(fields, message);
          break;
        case logLevel.NOTHING:
          break;
      }
    };
}

function parseEvent(value: Buffer | null): BusEvent | undefined {
  if (!value) return undefined;
  try {
    const event = JSON.parse(value.toString('utf8')) as BusEvent;
    assertBusEvent(event);
    return event;
  } catch {
    return undefined;
  }
}

class KafkaBus implements EventBus {
  private readonly knownTopics = new Map<string, Promise<void>>();
  private readonly consumers = new Set<{ consumer: Consumer; stop: () => void }>();

  constructor(
    private readonly kafka: Kafka,
    private readonly producer: Producer,
    private readonly admin: Admin,
    private readonly options: KafkaBusOptions,
  ) {}

  private ensureTopic(topic: string): Promise<void> {
    if (this.options.topicCreation === 'broker') return Promise.resolve();
    let pending = this.knownTopics.get(topic);
    if (!pending) {
      pending = this.admin
        .createTopics({
          topics: [
            {
              topic,
              numPartitions: this.options.partitions ?? 6,
              replicationFactor: this.options.replicationFactor ?? -1,
            },
          ],
          waitForLeaders: true,
        })
        .then(() => undefined);
      pending.catch(() => this.knownTopics.delete(topic));
      this.knownTopics.set(topic, pending);
    }
    return pending;
  }

  async publish(topic: string, event: BusEvent): Promise<void> {
    assertTopicName(topic);
    assertBusEvent(event);
    await this.ensureTopic(topic);
    await this.producer.send({
      topic,
      acks: -1,
      messages: [
        {
          key: event.key,
          value: JSON.stringify(event),
          // The trace context too, where Kafka tools and other consumers look for it (the value carries it as well).
          headers: { ...event.headers, 'event-id': event.id, 'event-type': event.type },
        },
      ],
    });
  }

  async subscribe(
    topic: string,
    group: string,
    handler: EventHandler,
    options: SubscribeOptions = {},
  ): Promise<Subscription> {
    assertTopicName(topic);
    if (group === '') throw new RangeError('A consumer group needs a name');
    await this.ensureTopic(topic);
    const policy = { ...DEFAULT_RETRY, ...options.retry };
    const consumer = this.kafka.consumer({
      groupId: group,
      allowAutoTopicCreation: this.options.topicCreation === 'broker',
      ...this.options.group,
    });
    let stopped = false;
    const wakers = new Set<() => void>();
    let stopRestarting = (): void => undefined;
    const entry = {
      consumer,
      stop: () => {
        stopped = true;
        stopRestarting();
        for (const wake of wakers) wake();
      },
    };
    this.consumers.add(entry);
    const logger = this.options.logger;

    const joined = withDeadline(
      new Promise<void>((resolve) => {
        const remove = consumer.on(consumer.events.GROUP_JOIN, () => {
          remove();
          resolve();
        });
      }),
      this.options.joinTimeoutMs ?? 60_000,
      `consumer of '${topic}' did not join group '${group}' in time`,
    );
    // Handled from the start: when connecting fails first, the later deadline must not be an unhandled rejection.
    joined.catch(() => undefined);

    const runConfig: ConsumerRunConfig = {
      partitionsConsumedConcurrently: this.options.partitions ?? 6,
      eachMessage: async (payload) => {
        const { message, partition } = payload;
        const event = parseEvent(message.value);
        if (!event) {
          logger?.error({ topic, group, partition, offset: message.offset }, 'skipped a message that is not an event');
          return;
        }
        const outcome = await deliverWithRetry({
          event,
          handler,
          topic,
          group,
          policy,
          stopped: () => stopped,
          sleep: async (ms) => {
            await new Promise<void>((resolve) => {
              const wake = () => {
                clearTimeout(timer);
                wakers.delete(wake);
                resolve();
              };
              const timer = setTimeout(wake, ms);
              wakers.add(wake);
            });
            if (!stopped) await payload.heartbeat();
          },
          deadLetter: (failed, error) => this.publish(deadLetterTopic(topic), deadLetterEvent(failed, group, error)),
          onFailure: (error, attempt) =>
            logger?.warn({ err: error, topic, group, eventId: event.id, attempt }, 'event handler failed'),
        });
        // Not acknowledged: throwing keeps the offset uncommitted, so the group gets the event again.
        if (outcome === 'stopped') throw new Error('consumer stopping before the event was handled');
      },
    };
    stopRestarting = restartAfterCrashes(consumer, runConfig, { topic, group, logger, stopped: () => stopped });
    await consumer.connect();
    await consumer.subscribe({ topic, fromBeginning: true });
    await consumer.run(runConfig);
    await joined;

    return {
      close: async () => {
        entry.stop();
        this.consumers.delete(entry);
        await consumer.disconnect();
      },
    };
  }

  async ping(): Promise<void> {
    await this.admin.describeCluster();
  }

  async close(): Promise<void> {
    const open = [...this.consumers];
    this.consumers.clear();
    for (const { stop } of open) stop();
    await Promise.all(open.map(({ consumer }) => consumer.disconnect()));
    await this.producer.disconnect();
    await this.admin.disconnect();
  }
}

export async function connectKafkaBus(options: KafkaBusOptions): Promise<EventBus> {
  const kafka = new Kafka({
    clientId: options.clientId,
    brokers: [...options.brokers],
    ...(options.ssl === undefined ? {} : { ssl: options.ssl }),
    ...(options.sasl === undefined ? {} : { sasl: options.sasl }),
    logLevel: logLevel.WARN,
    logCreator: pinoLogCreator(options.logger),
  });
  const producer = kafka.producer({
    idempotent: options.idempotent ?? true,
    maxInFlightRequests: 1,
    allowAutoTopicCreation: options.topicCreation === 'broker',
  });
  const admin = kafka.admin();
  await Promise.all([producer.connect(), admin.connect()]);
  return new KafkaBus(kafka, producer, admin, options);
}
