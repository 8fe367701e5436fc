/**
 * One realtime process for the multi-process test: the real service with the Redis adapter, configured from
 * the environment like main.ts. Its bus is in-process, so the parent plays the broker: it hands each event to
 * one process over IPC, as Kafka hands a partition to one member of the consumer group.
 */
import { createInProcessBus, createLogger, type BusEvent } from '@dv/kit';
import { loadRealtimeConfig } from '../config';
import { startRealtime } from '../app';

type ParentMessage = { type: 'publish'; topic: string; event: BusEvent } | { type: 'close' };

async function main(): Promise<void> {
  const bus = createInProcessBus();
  const config = loadRealtimeConfig(process.env);
  const running = await startRealtime({ config, bus, logger: createLogger({ name: `realtime-${process.pid}`, level: config.logLevel ?? 'warn' }) });
  process.on('message', (message: ParentMessage) => {
    if (message.type === 'publish') {
      void bus.publish(message.topic, message.event).then(() => process.send?.({ type: 'published', id: message.event.id }));
    } else {
      void running
        .close()
        .then(() => bus.close())
        .then(() => process.exit(0));
    }
  });
  process.send?.({ type: 'ready', url: running.url });
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error instanceof Error ? error.stack : error)}\n`);
  process.exit(1);
});
