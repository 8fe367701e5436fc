/**
 * librdkafka's mock cluster as a test broker: real Kafka protocol on loopback ports, without a Kafka server.
 * A librdkafka client configured with `test.mock.num.brokers` starts the cluster inside this process (its brokers
 * listen on 127.0.0.1) and the cluster lives as long as that client; its metadata names the brokers' addresses,
 * which kafkajs then connects to like any bootstrap servers. The client comes from @confluentinc/kafka-javascript,
 * whose binding `npm ci` builds (scripts/build-librdkafka.js).
 */
import type * as RdKafkaModule from '@confluentinc/kafka-javascript';
import type { Metadata, Producer, ProducerGlobalConfig } from '@confluentinc/kafka-javascript';

type RdKafka = typeof RdKafkaModule;

export type MockClusterAvailability =
  | { readonly kind: 'available'; readonly librdkafkaVersion: string }
  | { readonly kind: 'unavailable'; readonly reason: string };

let loaded: RdKafka | undefined;

/** Whether the binding loads here; asked synchronously, since jest decides which tests exist before any hook runs. */
export function mockClusterAvailability(): MockClusterAvailability {
  try {
    // Loaded on demand, not imported: a machine whose install could not build the binding skips the suite instead.
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- see above
    loaded ??= require('@confluentinc/kafka-javascript') as RdKafka;
    return { kind: 'available', librdkafkaVersion: loaded.librdkafkaVersion };
  } catch (error) {
    const why = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return {
      kind: 'unavailable',
      reason: `the @confluentinc/kafka-javascript binding does not load (npm ci builds it with scripts/build-librdkafka.js): ${why}`,
    };
  }
}

export interface MockCluster {
  /** host:port of each mock broker. */
  readonly bootstrapServers: readonly string[];
  stop(): Promise<void>;
}

export async function startMockCluster(brokers = 3): Promise<MockCluster> {
  const availability = mockClusterAvailability();
  if (availability.kind === 'unavailable' || !loaded) throw new Error(availability.kind === 'unavailable' ? availability.reason : 'not loaded');
  // The address is a placeholder: with test.mock.num.brokers librdkafka bootstraps from the mock cluster it starts.
  // A hidden (test-only) property of librdkafka, absent from the package's typed configuration.
  const config = { 'test.mock.num.brokers': brokers, 'bootstrap.servers': 'mock:9092' } as ProducerGlobalConfig;
  const owner: Producer = new loaded.Producer(config);
  const metadata = await new Promise<Metadata>((resolve, reject) => {
    owner.connect({ timeout: 10_000 }, (error, data) => (error ? reject(new Error(error.message)) : resolve(data)));
  });
  return {
    bootstrapServers: metadata.brokers.map((broker) => `${broker.host}:${broker.port}`),
    stop: () => new Promise<void>((resolve) => owner.disconnect(() => resolve())),
  };
}
