import { KafkaContainer, type StartedKafkaContainer } from '@testcontainers/kafka';
import { serverAvailability } from '../testing/container-runtime';
import { busContract } from './bus-contract';
import { connectKafkaBus, type KafkaBusOptions } from './kafka-bus';

// Runs against KAFKA_BROKERS (comma-separated host:port), or a Kafka (KRaft) container when Docker is there.
const availability = serverAvailability('KAFKA_BROKERS');

if (availability.kind === 'unavailable') {
  const title = `Kafka bus contract: skipped — ${availability.reason}`;
  // Straight to stderr: jest drops console output of a file whose tests are all skipped.
  process.stderr.write(`\n[skipped] ${title}\n`);
  test.skip(title, () => undefined);
} else {
  describe('Kafka bus contract', () => {
    busContract(
      async () => {
        let container: StartedKafkaContainer | undefined;
        let brokers: string[];
        if (availability.kind === 'configured') {
          brokers = availability.value.split(',').map((broker) => broker.trim());
        } else {
          container = await new KafkaContainer('confluentinc/cp-kafka:7.6.1').withKraft().start();
          brokers = [`${container.getHost()}:${container.getMappedPort(9093)}`];
        }
        // A short session, so that the group notices the killed member of the "member dies" case in seconds.
        const options: KafkaBusOptions = {
          brokers,
          clientId: `kit-contract-${process.pid}`,
          partitions: 3,
          group: { sessionTimeout: 10_000, heartbeatInterval: 1_000 },
        };
        const bus = await connectKafkaBus(options);
        return {
          bus,
          memberProcess: { kind: 'kafka', options },
          async dispose() {
            await bus.close();
            await container?.stop();
          },
        };
      },
      { setupTimeoutMs: 180_000, deliveryTimeoutMs: 30_000, quietMs: 2_000, memberDeathTimeoutMs: 60_000 },
    );
  });
}
