/**
 * Bus events for browsers, forwarded to the rooms they belong to. What a browser gets is the contract's socket
 * payload parsed from the bus payload, so only ids and statuses pass (CredentialChangeEvent, CredentialRemovedEvent,
 * VerificationReadyEvent, TicketStatusEvent, TicketResolvedEvent); audience fields and anything else a producer
 * might add stay behind.
 *
 * Every realtime process is a member of one consumer group, so each event is handled once; with the Redis
 * adapter the emit reaches the room's sockets on every process. Redeliveries are dropped (applied-events.ts).
 */
import {
  CredentialChangedPayload,
  CredentialChangeEvent,
  CredentialRemovedEvent,
  CredentialRemovedPayload,
  EVENT_TYPES,
  SOCKET_EVENTS,
  TicketResolvedEvent,
  TicketResolvedPayload,
  TicketStatusEvent,
  TicketStatusPayload,
  TOPICS,
  VerificationReadyEvent,
  VerificationReadyPayload,
  type AudienceFields,
} from '@dv/contracts';
import { type EventBus, type EventHandler, type Logger, type Subscription } from '@dv/kit';
import { type Server as SocketServer } from 'socket.io';
import type { z } from 'zod';
import { type AppliedEvents } from './applied-events';
import { roomsForAudience } from './rooms';

/**
 * Prefix of the consumer groups: one group per topic ('realtime.<topic>'), because a Kafka consumer group whose
 * members subscribe to different topics gets partitions assigned across topics it does not read.
 */
export const CONSUMER_GROUP = 'realtime';

interface Route<P extends AudienceFields> {
  readonly topic: string;
  readonly type: string;
  readonly payload: z.ZodType<P>;
  readonly socketEvent: string;
  readonly socketPayload: z.ZodType;
}

const ROUTES = [
  {
    topic: TOPICS.portalCredentials,
    type: EVENT_TYPES.credentialChanged,
    payload: CredentialChangedPayload,
    socketEvent: SOCKET_EVENTS.portalCredentialChange,
    socketPayload: CredentialChangeEvent,
  } satisfies Route<CredentialChangedPayload>,
  {
    topic: TOPICS.portalCredentials,
    type: EVENT_TYPES.credentialRemoved,
    payload: CredentialRemovedPayload,
    socketEvent: SOCKET_EVENTS.portalCredentialRemoved,
    socketPayload: CredentialRemovedEvent,
  } satisfies Route<CredentialRemovedPayload>,
  {
    topic: TOPICS.verificationReady,
    type: EVENT_TYPES.verificationReady,
    payload: VerificationReadyPayload,
    socketEvent: SOCKET_EVENTS.verificationStatus,
    socketPayload: VerificationReadyEvent,
  } satisfies Route<VerificationReadyPayload>,
  {
    topic: TOPICS.verificationReady,
    type: EVENT_TYPES.verificationJobChanged,
    payload: VerificationReadyPayload,
    socketEvent: SOCKET_EVENTS.verificationStatus,
    socketPayload: VerificationReadyEvent,
  } satisfies Route<VerificationReadyPayload>,
  {
    topic: TOPICS.tickets,
    type: EVENT_TYPES.ticketStatusChanged,
    payload: TicketStatusPayload,
    socketEvent: SOCKET_EVENTS.ticketStatus,
    socketPayload: TicketStatusEvent,
  } satisfies Route<TicketStatusPayload>,
  {
    topic: TOPICS.tickets,
    type: EVENT_TYPES.ticketResolved,
    payload: TicketResolvedPayload,
    socketEvent: SOCKET_EVENTS.ticketResolved,
    socketPayload: TicketResolvedEvent,
  } satisfies Route<TicketResolvedPayload>,
] as const;

export interface ForwardingOptions {
  readonly bus: Pick<EventBus, 'subscribe'>;
  readonly io: Pick<SocketServer, 'to'>;
  readonly applied: AppliedEvents;
  readonly logger: Pick<Logger, 'warn' | 'debug'>;
  readonly group?: string;
}

/** One topic's handler: each event goes out as the socket event of its type's route; other types stay behind. */
function forwarder(topic: string, routes: readonly Route<AudienceFields>[], options: ForwardingOptions, consumer: string): EventHandler {
  return async (event) => {
    // Other event types may share the topic; they are not for browsers.
    const route = routes.find((candidate) => candidate.type === event.type);
    if (!route) return;
    const parsed = route.payload.safeParse(event.payload);
    if (!parsed.success) {
      options.logger.warn({ eventId: event.id, topic, issues: parsed.error.issues.length }, 'event not forwarded: bad payload');
      return;
    }
    if (!(await options.applied.claim(consumer, event.id))) return;
    try {
      const rooms = roomsForAudience(parsed.data);
      options.io.to(rooms).emit(route.socketEvent, route.socketPayload.parse(parsed.data));
      options.logger.debug({ eventId: event.id, topic, type: event.type, rooms }, 'event forwarded');
    } catch (error) {
      await options.applied.release(consumer, event.id);
      throw error;
    }
  };
}

export async function forwardBusEvents(options: ForwardingOptions): Promise<{ close(): Promise<void> }> {
  const group = options.group ?? CONSUMER_GROUP;
  // One subscription per topic: two members of one consumer group in a process would split the topic's events.
  const topics = [...new Set(ROUTES.map((route) => route.topic))];
  const subscriptions: Subscription[] = [];
  for (const topic of topics) {
    const routes = ROUTES.filter((route) => route.topic === topic) as readonly Route<AudienceFields>[];
    subscriptions.push(await options.bus.subscribe(topic, `${group}.${topic}`, forwarder(topic, routes, options, `${group}:${topic}`)));
  }
  return {
    async close() {
      await Promise.all(subscriptions.map((subscription) => subscription.close()));
    },
  };
}
