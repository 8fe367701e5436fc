// @dv/kit: the one export surface of the service kit.

export { ConfigError, envBoolean, envList, envPort, loadConfig, type ConfigProblem, type Environment } from './config';

export { ALWAYS_REDACTED_FIELDS, createLogger, type Logger, type LoggerOptions } from './logger';

export {
  Conflict,
  envelope,
  errorHandler,
  Forbidden,
  HttpError,
  Invalid,
  notFoundHandler,
  NotFound,
  PayloadTooLarge,
  renderError,
  ServiceUnavailable,
  TooManyRequests,
  Unauthorized,
  zodIssues,
  type ErrorEnvelope,
  type ValidationIssue,
} from './errors';
export { IdParam, IdParams } from './http/id-params';
export { invalidField } from './http/invalid-field';

export {
  buildServer,
  listenWithGracefulShutdown,
  REQUEST_ID_HEADER,
  requestIdFor,
  type BuildServerOptions,
  type ListenOptions,
  type RateLimitOptions,
  type ReadinessCheck,
  type ReadinessCheckOptions,
  type Server,
} from './server';
export { DeadlineExceeded, withDeadline } from './deadline';
export { backoffDelay, type Backoff } from './retry';

export { AccessTokenClaims, knownRolesOf } from './auth/claims';
export {
  ACCESS_TOKEN_TYPE,
  ALLOWED_ALGORITHMS,
  createTokenVerifier,
  MAX_CLOCK_SKEW_SECONDS,
  type AllowedAlgorithm,
  type KeySource,
  type TokenVerifier,
  type TokenVerifierOptions,
  type VerifiedToken,
} from './auth/token-verifier';
export {
  OFFICE_HEADER,
  resolveActor,
  type Actor,
  type OfficeBelongsToOrg,
  type ResolveActorInput,
} from './auth/office-access';
export {
  BACKCHANNEL_LOGOUT_EVENT,
  createLogoutTokenVerifier,
  LOGOUT_TOKEN_TYPE,
  type LogoutTokenVerifier,
  type LogoutTokenVerifierOptions,
  type VerifiedLogout,
} from './auth/logout-token';
export { INTERNAL_TOKEN_HEADER, officeDirectory, officeProfiles, type OfficeDirectoryOptions, type OfficeProfiles } from './auth/office-directory';
export { authPlugin, requireActor, requireRoles, type AuthPluginOptions, type RequestGuard } from './auth/auth-plugin';

export {
  DuplicateKey,
  FILTER_OPERATORS,
  type AnyDocument,
  type BaseDocument,
  type Change,
  type Collection,
  type Filter,
  type FindOptions,
  type IndexSpec,
  type JsonValue,
  type NewDocument,
  type SortOrder,
  type Store,
  type TextContains,
  type Transaction,
  type UpsertChange,
  type UpsertResult,
} from './store/store';
export {
  adapterEnvFields,
  checkOfficeDirectoryEnv,
  directoryServiceConfigOf,
  directoryServiceEnv,
  httpUrl,
  internalApiTokenEnv,
  LOG_LEVELS,
  officeDirectoryConfigOf,
  officeDirectoryEnvFields,
  oidcEnvFields,
  processConfigOf,
  processEnvFields,
  redisUrlEnv,
  serviceConfigOf,
  serviceEnvFields,
  type DirectoryServiceConfig,
  type LogLevel,
  type OfficeDirectoryConfig,
  type ProcessConfig,
  type ServiceConfig,
} from './host/env';
export {
  defineService,
  type HostConfig,
  type HostOptions,
  type HttpSettings,
  type ServiceContext,
  type ServiceDefinition,
} from './host/define-service';
export { buildServiceApp, runService, startService, type AppParts, type RunningService, type StartOptions } from './host/service-host';
export { discoverJwksUri, issuerLogoutVerifier, issuerTokenVerifier, type IssuerKeysOptions } from './auth/issuer-keys';
export { createClosers, listenOrClose, type Closers, type ServiceListenOptions } from './lifecycle';
export { openConfiguredBus, openConfiguredStore, type BusSelection, type StoreSelection } from './adapters';
export { closeRedis, connectRedis, type Redis, type RedisConnectionOptions } from './shared-state/redis';
export {
  clientAddressKey,
  createRateCounter,
  type RateCount,
  type RateCounter,
  type RateCounterOptions,
} from './shared-state/rate-counter';
export {
  createMemoryExpiringSet,
  createRedisExpiringSet,
  openExpiringSet,
  type ExpiringSet,
  type MemoryExpiringSetOptions,
  type RedisExpiringSetOptions,
} from './shared-state/expiring-set';
export * from './openapi';
export * from './observability';
export { openNedbStore, type NedbStoreOptions } from './store/nedb-store';
export { openMongoStore, type MongoStoreOptions } from './store/mongo-store';

export {
  deadLetterEvent,
  deadLetterTopic,
  DEFAULT_RETRY,
  type BusEvent,
  type Delivery,
  type EventBus,
  type EventHandler,
  type RetryPolicy,
  type SubscribeOptions,
  type Subscription,
} from './bus/bus';
export { createInProcessBus, type InProcessBusOptions } from './bus/in-process-bus';
export { connectKafkaBus, type KafkaBusOptions } from './bus/kafka-bus';

export {
  createOutbox,
  ensureOutboxIndexes,
  OUTBOX_COLLECTION,
  type Outbox,
  type OutboxDocument,
  type OutboxMessage,
  type OutboxOptions,
  type OutboxStatus,
} from './outbox/outbox';
export { createOutboxRelay, type OutboxRelay, type OutboxRelayOptions, type RelayRun } from './outbox/relay';
export {
  APPLIED_EVENTS_COLLECTION,
  idempotent,
  type AppliedEventDocument,
  type TransactionalHandler,
} from './outbox/idempotent';
