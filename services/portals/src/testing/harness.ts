/**
 * Test support: the portals service built by the kit's harness (a real embedded store in a temporary folder, a
 * real in-process bus fed by the outbox relay, from which the app answers portal data requests, a test issuer whose
 * JWKS is served over HTTP on loopback), with small sandbox delays. Everything a canary check needs is captured:
 * every log line, every bus message, every response.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import {
  EVENT_TYPES,
  TOPICS,
  type PortalCredentialStatus,
  type PortalDataRequestPayload,
  type PortalDataResultPayload,
  type PortalDataStatus,
} from '@dv/contracts';
import { createInProcessBus, createLogger, OUTBOX_COLLECTION, type BusEvent, type EventBus } from '@dv/kit';
import { createServiceHarness, waitFor, type ServiceHarness, type SignOptions } from '@dv/kit/testing';
import { type LightMyRequestResponse } from 'fastify';
import { portalsService } from '../app';
import { type PortalsConfig } from '../config';
import { createKeyring, generateKeyEncryptionKey, type Keyring } from '../crypto/keyring';
import { type KeyRotationRoute } from '../keys';
import { type PortalProviderAdapter } from '../providers/provider';
import { sandboxProviders } from '../providers/sandbox';

export const ORG_A = 'org-a';
export const ORG_B = 'org-b';
export const OFFICE_A1 = 'office-a1';
export const OFFICE_A2 = 'office-a2';
export const OFFICE_B1 = 'office-b1';

/** Which organization each office belongs to, as the offices service would answer. */
export const OFFICE_ORGS: Readonly<Record<string, string>> = { [OFFICE_A1]: ORG_A, [OFFICE_A2]: ORG_A, [OFFICE_B1]: ORG_B };

export interface TestUser {
  readonly sub: string;
  readonly org: string;
  readonly roles: readonly string[] | Readonly<Record<string, readonly string[]>>;
  readonly allowedOfficeIds: readonly string[];
}

export const USERS = {
  managerA1: { sub: 'u-manager-a1', org: ORG_A, roles: ['staffmanager'], allowedOfficeIds: [OFFICE_A1] },
  staffA1: { sub: 'u-staff-a1', org: ORG_A, roles: ['staff'], allowedOfficeIds: [OFFICE_A1] },
  managerA2: { sub: 'u-manager-a2', org: ORG_A, roles: ['staffmanager'], allowedOfficeIds: [OFFICE_A2] },
  /** A manager at one office, staff at the other (roles keyed by office). */
  mixedA: { sub: 'u-mixed-a', org: ORG_A, roles: { [OFFICE_A1]: ['staffmanager'], [OFFICE_A2]: ['staff'] }, allowedOfficeIds: [OFFICE_A1, OFFICE_A2] },
  adminA: { sub: 'u-admin-a', org: ORG_A, roles: ['admin'], allowedOfficeIds: [] },
  agentA: { sub: 'u-agent-a', org: ORG_A, roles: ['agent'], allowedOfficeIds: [] },
  registrationA: { sub: 'u-registration-a', org: ORG_A, roles: ['doregistration'], allowedOfficeIds: [] },
  managerB1: { sub: 'u-manager-b1', org: ORG_B, roles: ['staffmanager'], allowedOfficeIds: [OFFICE_B1] },
  adminB: { sub: 'u-admin-b', org: ORG_B, roles: ['admin'], allowedOfficeIds: [] },
} as const satisfies Record<string, TestUser>;

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface CallOptions {
  readonly as?: TestUser | null;
  readonly office?: string;
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
}

export interface HarnessOptions {
  readonly loginDelayMs?: number;
  readonly mfaDelayMs?: number;
  readonly retryWaitMs?: number;
  readonly keyring?: Keyring;
  readonly providers?: readonly PortalProviderAdapter[];
  readonly loginSweepIntervalMs?: number;
  readonly loginStaleAfterMs?: number;
  readonly portalDataLoginWaitMs?: number;
  readonly portalDataWaitDays?: number;
  readonly now?: () => Date;
  /** A store folder to reuse (a restart); default a new temporary folder. */
  readonly dir?: string;
  /** The in-process key rotation route (off by default, as in an app without an embedded store). */
  readonly keyRotation?: KeyRotationRoute;
}

/** The kit harness's app, store, relay and issuer; the bus records, the folder holds the store (`store/`). */
export interface Harness extends Pick<ServiceHarness<PortalsConfig, object>, 'app' | 'store' | 'bus' | 'relay' | 'issuer' | 'dir'> {
  readonly keyring: Keyring;
  /** Every line the app logged, as written. */
  readonly logText: () => string;
  /** Every message published to the bus, as JSON. */
  readonly busMessages: string[];
  /** Every response body and header set the harness saw. */
  readonly responses: string[];
  token(user: TestUser, options?: SignOptions): Promise<string>;
  call(method: Method, url: string, options?: CallOptions): Promise<LightMyRequestResponse>;
  /** The `portal-credential.changed` events seen on the bus so far. */
  readonly credentialEvents: BusEvent<Record<string, unknown>>[];
  /** The `portal-credential.removed` events seen on the bus so far. */
  readonly removalEvents: BusEvent<Record<string, unknown>>[];
  /**
   * Waits for an event announcing that overall status for the credential, among the events from index `since`
   * of credentialEvents on (take `credentialEvents.length` before the call that causes it).
   */
  waitForStatus(
    credentialId: string,
    status: PortalCredentialStatus,
    options?: { since?: number; timeoutMs?: number },
  ): Promise<BusEvent<Record<string, unknown>>>;
  /** Publishes a portal data request as the verifications service's outbox would. */
  requestPortalData(payload: PortalDataRequestPayload): Promise<BusEvent<PortalDataRequestPayload>>;
  /** The `portal-data.result` answers seen on the bus so far. */
  readonly portalResults: BusEvent<PortalDataResultPayload>[];
  /** The answers to a request so far, in order. */
  answersTo(requestId: string): PortalDataResultPayload[];
  /** Waits for the request's answers to include one with that status, and answers it. */
  waitForAnswer(requestId: string, status: PortalDataStatus, timeoutMs?: number): Promise<PortalDataResultPayload>;
  outboxDocuments(): Promise<Record<string, unknown>[]>;
  close(options?: { keepDir?: boolean }): Promise<void>;
}

/** Keeps every line logged, at trace level: the canary check reads them all. */
function capturingLogger() {
  const chunks: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString('utf8'));
      done();
    },
  });
  return { logger: createLogger({ name: 'portals-test', level: 'trace', destination }), text: () => chunks.join('') };
}

/** An in-process bus that records everything published, whatever the topic: the canary check reads it all. */
function recordingBus(logger: ReturnType<typeof createLogger>, published: string[]): EventBus {
  const inner = createInProcessBus({ logger });
  return {
    publish: (topic, event) => {
      published.push(JSON.stringify({ topic, event }));
      return inner.publish(topic, event);
    },
    subscribe: (...args) => inner.subscribe(...args),
    ping: () => inner.ping(),
    close: () => inner.close(),
  };
}

function configOf(options: HarnessOptions): Partial<PortalsConfig> {
  return {
    retryWaitMs: options.retryWaitMs ?? 5_000,
    loginStaleAfterMs: options.loginStaleAfterMs ?? 60_000,
    ...(options.portalDataLoginWaitMs === undefined ? {} : { portalDataLoginWaitMs: options.portalDataLoginWaitMs }),
    ...(options.portalDataWaitDays === undefined ? {} : { portalDataWaitDays: options.portalDataWaitDays }),
  };
}

export async function createHarness(options: HarnessOptions = {}): Promise<Harness> {
  const dir = options.dir ?? (await mkdtemp(path.join(tmpdir(), 'portals-test-')));
  const log = capturingLogger();
  const busMessages: string[] = [];
  const bus = recordingBus(log.logger, busMessages);
  const credentialEvents: BusEvent<Record<string, unknown>>[] = [];
  const removalEvents: BusEvent<Record<string, unknown>>[] = [];
  await bus.subscribe(TOPICS.portalCredentials, 'harness', (event) => {
    if (event.type === EVENT_TYPES.credentialChanged) credentialEvents.push(event as BusEvent<Record<string, unknown>>);
    if (event.type === EVENT_TYPES.credentialRemoved) removalEvents.push(event as BusEvent<Record<string, unknown>>);
    return Promise.resolve();
  });
  const portalResults: BusEvent<PortalDataResultPayload>[] = [];
  await bus.subscribe(TOPICS.portalDataResults, 'harness', (event) => {
    portalResults.push(event as BusEvent<PortalDataResultPayload>);
    return Promise.resolve();
  });

  const keyring = options.keyring ?? createKeyring(generateKeyEncryptionKey());
  const harness = await createServiceHarness(portalsService, {
    // The store in a folder of its own: tests open it there between two harnesses (a restart).
    dir: path.join(dir, 'store'),
    logger: log.logger,
    bus,
    issuer: { issuer: 'https://id.portals.test/', audience: 'https://api.portals.test' },
    config: configOf(options),
    options: {
      keyring,
      providers: options.providers ?? sandboxProviders({ loginDelayMs: options.loginDelayMs ?? 30, mfaDelayMs: options.mfaDelayMs ?? 30 }),
      loginSweepIntervalMs: options.loginSweepIntervalMs ?? 0,
      portalDataSweepIntervalMs: 0,
      keyRotation: options.keyRotation ?? false,
    },
    officeBelongsToOrg: (officeId, orgId) => Promise.resolve(OFFICE_ORGS[officeId] === orgId),
    ...(options.now ? { now: options.now } : {}),
  });
  const { app, store, relay, issuer } = harness;

  const responses: string[] = [];
  const tokens = new Map<TestUser, string>();

  async function token(user: TestUser, signOptions?: SignOptions): Promise<string> {
    if (signOptions) return issuer.sign({ ...user }, signOptions);
    let cached = tokens.get(user);
    if (!cached) {
      cached = await issuer.sign({ ...user });
      tokens.set(user, cached);
    }
    return cached;
  }

  const answersTo = (requestId: string) =>
    portalResults.filter((event) => event.payload.requestId === requestId).map((event) => event.payload);

  return {
    app,
    store,
    bus,
    relay,
    issuer,
    keyring,
    dir,
    logText: log.text,
    busMessages,
    responses,
    credentialEvents,
    removalEvents,
    token,
    async call(method, url, { as = USERS.managerA1, office, body, headers = {} } = {}) {
      const response = await app.inject({
        method,
        url,
        headers: {
          ...(as ? { authorization: `Bearer ${await token(as)}` } : {}),
          ...(office === undefined ? {} : { 'connected-dental-office': office }),
          ...headers,
        },
        ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      });
      responses.push(JSON.stringify(response.headers), response.body);
      return response;
    },
    async waitForStatus(credentialId, status, { since = 0, timeoutMs = 5_000 } = {}) {
      const find = () =>
        credentialEvents.slice(since).find((event) => event.key === credentialId && event.payload.status === status);
      await waitFor(() => find() !== undefined, `credential ${credentialId} ${status}`, timeoutMs);
      return find() as BusEvent<Record<string, unknown>>;
    },
    portalResults,
    answersTo,
    async requestPortalData(payload) {
      const event: BusEvent<PortalDataRequestPayload> = {
        key: payload.verificationId,
        id: randomUUID(),
        type: EVENT_TYPES.portalDataRequested,
        payload,
        occurredAt: new Date().toISOString(),
      };
      await bus.publish(TOPICS.portalDataRequests, event);
      return event;
    },
    async waitForAnswer(requestId, status, timeoutMs = 5_000) {
      const find = () => answersTo(requestId).find((answer) => answer.status === status);
      await waitFor(() => find() !== undefined, `a ${status} answer to ${requestId}`, timeoutMs);
      return find()!;
    },
    outboxDocuments: () => store.collection(OUTBOX_COLLECTION).find({}),
    async close({ keepDir = false } = {}) {
      await harness.close();
      await bus.close();
      if (!keepDir) await rm(dir, { recursive: true, force: true });
    },
  };
}
