/**
 * One way to define a service. A definition names the service, its environment schema, whether it keeps
 * documents (store + outbox relay) and how it builds its routes and background parts on the app; the host
 * (service-host.ts) does the rest the same way for every service: configuration, logging, the error envelope and
 * probes (buildServer), the store and bus adapters chosen by configuration, token verification with discovery,
 * the outbox relay, graceful shutdown and the closers. The test harness (testing/service-harness.ts) builds the
 * same definition in-process.
 */
import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { z } from 'zod';
import type { OfficeBelongsToOrg } from '../auth/office-access';
import type { KeySource, TokenVerifier } from '../auth/token-verifier';
import type { EventBus } from '../bus/bus';
import type { Logger } from '../logger';
import type { MetricsRegistry } from '../observability/metrics';
import type { Outbox } from '../outbox/outbox';
import type { RateLimitOptions, Server } from '../server';
import type { Store } from '../store/store';
import type { LogLevel } from './env';

/** The configuration fields the host reads; a service's configuration has those it needs. */
export interface HostConfig {
  readonly port: number;
  readonly host: string;
  readonly dataDir?: string;
  readonly logLevel?: LogLevel;
  readonly mongodbUri?: string;
  readonly kafkaBrokers?: readonly string[];
  /** redis://: the Redis Streams bus between processes on one machine, when no Kafka is configured. */
  readonly busUrl?: string;
  /** How long idempotent consumers' records are kept (applied-events-pruner.ts); default 7 days. */
  readonly appliedEventsRetentionMs?: number;
  readonly oidcIssuer?: string;
  readonly oidcAudience?: string;
  readonly oidcJwksUrl?: string;
  /** With internalApiToken: the offices service answers which organization an office belongs to. */
  readonly officesUrl?: string;
  readonly internalApiToken?: string;
  /** Set: GET /metrics on a listener of its own on this port (METRICS_PORT), not on the service's (observability/). */
  readonly metricsPort?: number;
  /** The metrics listener's interface (METRICS_HOST); default 127.0.0.1. */
  readonly metricsHost?: string;
}

/** What the host hands a service's build: its configuration and the parts the host opened for it. */
export interface ServiceContext<C extends HostConfig> {
  readonly name: string;
  readonly config: C;
  readonly logger: Logger;
  /** The prepared store. A definition without `store` has none, and reading this throws. */
  readonly store: Store;
  /** The bus (Kafka, or in-process). A definition with `bus: false` has none, and reading this throws. */
  readonly bus: EventBus;
  /** Writes events in the same transaction as the documents; the host's relay publishes them. */
  readonly outbox: Outbox;
  /** Verifies bearer tokens of the configured issuer. Reading it without OIDC_ISSUER configured throws. */
  readonly verifier: TokenVerifier;
  /** Asked for company users naming an office; undefined when OFFICES_URL is not configured. */
  readonly officeBelongsToOrg: OfficeBelongsToOrg | undefined;
  readonly now: () => Date;
  /** The service's Prometheus registry (GET /metrics): a service adds its own metrics here (kit's Gauge, Histogram). */
  readonly metrics: MetricsRegistry;
  /** Closes with the service, after the listener stopped and in-flight requests finished; newest first. */
  closeWith(close: () => Promise<void>): void;
}

/** What a caller (a test, the standalone product) may hand the host instead of what the configuration selects. */
export interface HostOptions<C extends HostConfig> {
  readonly config: C;
  /** Used as is and left open on close; default: opened from the configuration and closed on close. */
  readonly store?: Store;
  /** Used as is and left open on close; default: opened from the configuration and closed on close. */
  readonly bus?: EventBus;
  readonly logger?: Logger;
  /** The identity provider's keys (tests); default OIDC_JWKS_URL, else discovery. */
  readonly keys?: KeySource;
  /** Replaces the verifier built from the configuration. */
  readonly verifier?: TokenVerifier;
  /** Default: the offices service's internal route when OFFICES_URL and INTERNAL_API_TOKEN are configured. */
  readonly officeBelongsToOrg?: OfficeBelongsToOrg;
  readonly outbox?: Outbox;
  readonly now?: () => Date;
  /** SIGTERM / SIGINT close the service and exit the process (main.ts); a runner closes it itself. */
  readonly handleSignals?: boolean;
}

export interface HttpSettings {
  /** Largest request body in bytes (default the kit's, 1 MiB). */
  readonly bodyLimit?: number;
  /**
   * Bearer tokens on every route that does not opt out, and `cache-control: private, no-store` on every answer
   * to a signed-in user (default true). False for a service that authenticates by itself (the gateway, sockets).
   */
  readonly authenticate?: boolean;
  /** Services behind the gateway see one client and leave limits to it (default false). */
  readonly rateLimit?: RateLimitOptions | false;
  readonly trustProxy?: boolean | string | string[];
  /** Security headers (helmet's options; default helmet's defaults). */
  readonly helmet?: FastifyHelmetOptions;
  /** The routes' OpenAPI document on GET /openapi.json (openapi/register-openapi.ts; default true). */
  readonly openapi?: boolean;
}

export interface ServiceDefinition<C extends HostConfig, O extends object = object, R extends object = object> {
  /** Names the logger, the store's folder under DATA_DIR and the Kafka client. */
  readonly name: string;
  /** The environment schema (the kit's fields and the service's own); main.ts reads the configuration with it. */
  readonly env: z.ZodType<C>;
  /** Log paths to redact besides the kit's (header names, say). */
  readonly redact?: readonly string[];
  /**
   * The service keeps documents: the host opens the store (MongoDB or DATA_DIR/<name>), calls this to prepare it
   * (indexes, defaults) and relays its outbox to the bus.
   */
  readonly prepareStore?: (store: Store, context: Pick<ServiceContext<C>, 'config' | 'logger'>) => Promise<void>;
  /**
   * For the service that owns the offices: answers from its own store which organization an office belongs to,
   * instead of asking the offices service (OFFICES_URL). A caller's `officeBelongsToOrg` still comes first.
   */
  readonly officeBelongsToOrg?: (store: Store) => OfficeBelongsToOrg;
  /** Whether the service uses the bus (default true). */
  readonly bus?: boolean;
  /**
   * The listener faces the internet (the gateway): GET /metrics is never one of its routes, only served on
   * METRICS_PORT. Default false: a service behind the gateway answers /metrics on its own port.
   */
  readonly publicListener?: boolean;
  /** The settings, or a function of the configuration for settings that are configured (the gateway's limits). */
  readonly http?: HttpSettings | ((config: C) => HttpSettings);
  /**
   * Builds the service on the app: routes, consumers, background work (stopped through closeWith or the app's
   * hooks). What it answers is added to what start answers (e.g. whether a sandbox is in use).
   */
  build(app: Server, context: ServiceContext<C>, options: Partial<O>): Promise<R> | R;
  /** After the listener is up, before start answers; a failure closes the service. */
  afterListen?(app: Server, context: ServiceContext<C>, url: string): Promise<void>;
}

/** Names a definition's types once; the host and the harness take it as it is. */
export function defineService<C extends HostConfig, O extends object = object, R extends object = object>(
  definition: ServiceDefinition<C, O, R>,
): ServiceDefinition<C, O, R> {
  return definition;
}
