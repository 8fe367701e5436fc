/**
 * Bus events for browsers, forwarded to the rooms they belong to. What a browser gets is the contract's socket
 * payload parsed from the bus payload, so only ids and statuses pass (CredentialChangeEvent, CredentialRemovedEvent,
 * VerificationReadyEvent, ReverificationStatusEvent, ScheduleBatchProgressEvent, TicketStatusEvent, TicketResolvedEvent,
 * BillingStatusEvent, FeatureFlagChangedEvent); audience fields and anything else a producer
 * might add stay behind.
 *
 * Feature flags are global (the offices service keeps one flag per name for every organization, and GET
 * /api/features answers everyone the same), so a flag change goes to every authorized socket, on every process,
 * with the flag's name only: the browser reads the value again through the API.
 *
 * Every realtime process is a member of one consumer group, so each event is handled once; with the Redis
 * adapter the emit reaches the room's sockets on every process. Redeliveries are dropped (applied-events.ts).
 */
import {
  BillingStatusEvent,
  BillingStatusPayload,
  CredentialChangedPayload,
  CredentialChangeEvent,
  CredentialRemovedEvent,
  CredentialRemovedPayload,
  EVENT_TYPES,
  FeatureFlag,
  FeatureFlagChangedEvent,
  OFFICES_TOPICS,
  ReverificationStatusEvent,
  ReverificationStatusPayload,
  ScheduleBatchProgressEvent,
  ScheduleBatchProgressPayload,
  SOCKET_EVENTS,
  TicketResolvedEvent,
  TicketResolvedPayload,
  TicketStatusEvent,
  TicketStatusPayload,
  TOPICS,
  VerificationReadyEvent,
  VerificationReadyPayload,
  type AudienceFields,
  type OfficesEventType,
} from '@dv/contracts';
import { type EventBus, type EventHandler, type Logger, type Subscription } from '@dv/kit';
import { type Server as SocketServer } from 'socket.io';
import type { z } from 'zod';
import { type AppliedEvents } from './applied-events';
import { roomsForAudience } from './rooms';
import { AUTHORIZED_ROOM } from './socket-server';

/**
 * Prefix of the consumer groups: one group per topic ('realtime.<topic>'), because a Kafka consumer group whose
 * members subscribe to different topics gets partitions assigned across topics it does not read.
 */
export const CONSUMER_GROUP = 'realtime';

interface RouteOf<P> {
  readonly topic: string;
  readonly type: string;
  readonly payload: z.ZodType<P>;
  readonly socketEvent: string;
  readonly socketPayload: z.ZodType;
  /** The rooms the event goes to; without it, its audience's (roomsForAudience). */
  readonly rooms?: (payload: P) => string[];
}
/** An event for its audience's rooms: its payload names them. */
type Route<P extends AudienceFields> = RouteOf<P>;
/** An event for rooms of its own choosing. */
type RoomsRoute<P> = RouteOf<P> & { readonly rooms: (payload: P) => string[] };

const FEATURE_FLAG_UPDATED = 'feature-flag.updated' satisfies OfficesEventType;

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
    topic: TOPICS.verificationReady,
    type: EVENT_TYPES.reverificationChanged,
    payload: ReverificationStatusPayload,
    socketEvent: SOCKET_EVENTS.reverificationStatus,
    socketPayload: ReverificationStatusEvent,
  } satisfies Route<ReverificationStatusPayload>,
  {
    topic: TOPICS.schedule,
    type: EVENT_TYPES.scheduleBatchProgress,
    payload: ScheduleBatchProgressPayload,
    socketEvent: SOCKET_EVENTS.scheduleBatchProgress,
    socketPayload: ScheduleBatchProgressEvent,
  } satisfies Route<ScheduleBatchProgressPayload>,
  {
    topic: TOPICS.billing,
    type: EVENT_TYPES.billingStatusChanged,
    payload: BillingStatusPayload,
    socketEvent: SOCKET_EVENTS.billingStatus,
    socketPayload: BillingStatusEvent,
  } satisfies Route<BillingStatusPayload>,
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
  {
    topic: OFFICES_TOPICS.featureFlag,
    type: FEATURE_FLAG_UPDATED,
    payload: FeatureFlag,
    socketEvent: SOCKET_EVENTS.featureFlagChanged,
    socketPayload: FeatureFlagChangedEvent,
    // Global: every signed-in tab of every organization (an unauthorized socket is in no room, so hears nothing).
    rooms: () => [AUTHORIZED_ROOM],
  } satisfies RoomsRoute<FeatureFlag>,
] as const;

export interface ForwardingOptions {
  readonly bus: Pick<EventBus, 'subscribe'>;
  readonly io: Pick<SocketServer, 'to'>;
  readonly applied: AppliedEvents;
  readonly logger: Pick<Logger, 'warn' | 'debug'>;
  readonly group?: string;
}

/** One topic's handler: each event goes out as the socket event of its type's route; other types stay behind. */
function forwarder(topic: string, routes: readonly RouteOf<unknown>[], options: ForwardingOptions, consumer: string): EventHandler {
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
      const rooms = route.rooms ? route.rooms(parsed.data) : roomsForAudience(parsed.data as AudienceFields);
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
    const routes = ROUTES.filter((route) => route.topic === topic) as readonly RouteOf<unknown>[];
    subscriptions.push(await options.bus.subscribe(topic, `${group}.${topic}`, forwarder(topic, routes, options, `${group}:${topic}`)));
  }
  return {
    async close() {
      await Promise.all(subscriptions.map((subscription) => subscription.close()));
    },
  };
}
