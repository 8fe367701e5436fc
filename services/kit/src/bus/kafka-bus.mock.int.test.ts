import { busContract } from './bus-contract';
import { connectKafkaBus, type KafkaBusOptions } from './kafka-bus';
import { mockClusterAvailability, startMockCluster } from './kafka-mock-cluster';

// The kafkajs adapter against librdkafka's mock cluster (kafka-mock-cluster.ts): the Kafka protocol on the wire
// in every run, where kafka-bus.int.test.ts needs a Kafka (KAFKA_BROKERS or Docker).
const availability = mockClusterAvailability();

/** What the mock cannot do, seen from kafkajs; the adapter's options step around the first two. */
const MOCK_LIMITS = {
  createTopics: 'the mock has no CreateTopics API: topics are made on first use (4 partitions), topicCreation: broker',
  idempotentProducer:
    'the mock names controller 0, which is no broker, so kafkajs cannot send InitProducerId: the mock suite produces without idempotence (acks=-1 still)',
  leaveGroupV3:
    'the mock advertises LeaveGroup up to v4 but reads every version as v0–2 and answers without v3’s member list; this suite caps kafkajs at v2 (below), else a closed member would leave only when its session timed out',
  transactions: 'the adapter uses no transactions (the outbox gives exactly-once effects with idempotent consumers)',
};

/**
 * kafkajs takes the highest LeaveGroup version both sides list; v3 (a member list) is misread by the mock, so its
 * members never leave on close. Here only, kafkajs offers v0–2, which the mock implements.
 */
function capLeaveGroupAtV2(): void {
  // kafkajs' own module, as the adapter loads it in this test file; it has no public setting for this.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- see above
  const leaveGroup = require('kafkajs/src/protocol/requests/leaveGroup') as { versions: string[] };
  const v3 = leaveGroup.versions.indexOf('3');
  if (v3 >= 0) leaveGroup.versions.splice(v3, 1);
}

if (availability.kind === 'unavailable') {
  const title = `Kafka bus contract on librdkafka's mock cluster: skipped — ${availability.reason}`;
  process.stderr.write(`\n[skipped] ${title}\n`);
  test.skip(title, () => undefined);
} else {
  describe(`Kafka bus contract on librdkafka ${availability.librdkafkaVersion}'s mock cluster`, () => {
    busContract(
      async () => {
        capLeaveGroupAtV2();
        const cluster = await startMockCluster(3);
        const options: KafkaBusOptions = {
          brokers: cluster.bootstrapServers,
          clientId: `kit-mock-${process.pid}`,
          idempotent: false,
          topicCreation: 'broker',
          group: { sessionTimeout: 6_000, heartbeatInterval: 300, rebalanceTimeout: 6_000, maxWaitTimeInMs: 200 },
        };
        const bus = await connectKafkaBus(options);
        return {
          bus,
          memberProcess: { kind: 'kafka', options },
          async dispose() {
            await bus.close();
            await cluster.stop();
          },
        };
      },
      { setupTimeoutMs: 30_000, deliveryTimeoutMs: 45_000, quietMs: 1_000, memberDeathTimeoutMs: 45_000 },
    );

    for (const [what, reason] of Object.entries(MOCK_LIMITS)) {
      it.skip(`${what} (skipped on the mock: ${reason})`, () => undefined);
    }
  });
}
