/**
 * A consumer-group member in a child process, for the contract's "a member dies" case: it opens the bus named in
 * BUS_MEMBER (JSON: { spec, topic, group }), subscribes, reports each event it receives over IPC and never finishes
 * handling it, so the parent can kill it holding an unacknowledged event.
 */
import type { EventBus } from './bus';
import { connectKafkaBus, type KafkaBusOptions } from './kafka-bus';
import { connectRedisStreamsBus, type RedisStreamsBusOptions } from './redis-streams-bus';

/** How another process opens the same bus: plain data, passed through the environment. */
export type MemberProcessSpec =
  | { readonly kind: 'redis-streams'; readonly options: RedisStreamsBusOptions }
  | { readonly kind: 'kafka'; readonly options: KafkaBusOptions };

export function openSpecifiedBus(spec: MemberProcessSpec): Promise<EventBus> {
  return spec.kind === 'kafka' ? connectKafkaBus(spec.options) : connectRedisStreamsBus(spec.options);
}

async function main(): Promise<void> {
  const { spec, topic, group } = JSON.parse(process.env.BUS_MEMBER ?? '{}') as {
    spec: MemberProcessSpec;
    topic: string;
    group: string;
  };
  const bus = await openSpecifiedBus(spec);
  await bus.subscribe(topic, group, (event) => {
    process.send?.({ type: 'received', id: event.id });
    return new Promise<void>(() => undefined);
  });
  process.send?.({ type: 'ready' });
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`${String(error instanceof Error ? error.stack : error)}\n`);
    process.exit(1);
  });
}
