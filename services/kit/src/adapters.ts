/**
 * The adapters a service's configuration selects: MongoDB when MONGODB_URI is set, else the embedded nedb files
 * under the data folder; Kafka when KAFKA_BROKERS is set, else Redis Streams when BUS_URL is set, else the
 * in-process bus. Chosen by configuration alone, never by NODE_ENV.
 */
import path from 'node:path';
import { type EventBus } from './bus/bus';
import { createInProcessBus } from './bus/in-process-bus';
import { connectKafkaBus } from './bus/kafka-bus';
import { connectRedisStreamsBus } from './bus/redis-streams-bus';
import { type Logger } from './logger';
import { openMongoStore } from './store/mongo-store';
import { openNedbStore } from './store/nedb-store';
import { type Store } from './store/store';

export interface StoreSelection {
  readonly mongodbUri?: string;
  readonly dataDir: string;
  /** The service's name: its folder under the data folder. */
  readonly name: string;
}

export async function openConfiguredStore(selection: StoreSelection): Promise<Store> {
  if (selection.mongodbUri) return openMongoStore({ uri: selection.mongodbUri });
  return openNedbStore({ dir: path.join(selection.dataDir, selection.name) });
}

export interface BusSelection {
  readonly kafkaBrokers?: readonly string[];
  /** redis://: the Redis Streams bus (separate processes on one machine). */
  readonly busUrl?: string;
  /** The Kafka client id: the service's name. */
  readonly clientId: string;
  readonly logger: Logger;
}

export async function openConfiguredBus(selection: BusSelection): Promise<EventBus> {
  if (selection.kafkaBrokers && selection.kafkaBrokers.length > 0) {
    return connectKafkaBus({ brokers: selection.kafkaBrokers, clientId: selection.clientId, logger: selection.logger });
  }
  if (selection.busUrl) {
    // `?prefix=` keeps runs that share a Redis apart (tests, several products on one machine); default `dv:`.
    const url = new URL(selection.busUrl);
    const keyPrefix = url.searchParams.get('prefix') ?? undefined;
    url.searchParams.delete('prefix');
    return connectRedisStreamsBus({
      url: url.toString(),
      clientId: selection.clientId,
      logger: selection.logger,
      ...(keyPrefix ? { keyPrefix } : {}),
    });
  }
  return createInProcessBus({ logger: selection.logger });
}
