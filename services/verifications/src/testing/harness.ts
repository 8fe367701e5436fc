/**
 * Test support: the verifications service built in-process by the kit's harness (a real embedded store in a
 * temporary folder, a real in-process bus fed by the outbox relay, tokens of a test issuer), its engine (job
 * runner, portal results consumer) with the sandbox clearinghouse (or a test double), and a real portals service
 * on the same bus (its own store, the sandbox portal providers with short delays) that answers portal data
 * requests with the offices' credentials. The kit's test tenants: org-a (offices office-a1, office-a2) and org-b
 * (office-b1), and their users. An office has no portal credential until a test adds one through the portals API.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  PortalCredential,
  PortalCredentialList,
  type PatientInfoV3,
  type PortalCredentialStatus,
  type VerificationDetail,
} from '@dv/contracts';
import {
  createInProcessBus,
  createLogger,
  type BusEvent,
  type EventBus,
  type Logger,
  type Server,
} from '@dv/kit';
import {
  createServiceHarness,
  TEST_USERS,
  testOfficeBelongsToOrg,
  waitFor,
  type ServiceHarness,
  type TestIssuer,
  type TestUserName,
} from '@dv/kit/testing';
import { startPortals, type RunningPortals } from '@dv/portals';
import { verificationsService, type VerificationEngine, type VerificationsBuilt, type VerificationsOptions } from '../app';
import { type Clearinghouse } from '../clearinghouse/clearinghouse';
import { sandboxMember, sandboxPatientInfo } from '../clearinghouse/sandbox-members';
import { type VerificationsConfig } from '../config';
import { searchKeysOf } from '../verifications/ticket-document';
import { VERIFICATIONS_COLLECTION, type VerificationDocument } from '../verifications/verifications.store';

export type Response = Awaited<ReturnType<Server['inject']>>;

/** Where an office belongs, as the offices service would answer (the kit's test tenants). */
export const officeBelongsToOrg = testOfficeBelongsToOrg;

/** Users by name: claims as the identity provider issues them (the kit's test tenants). */
export const USERS = TEST_USERS;
export type UserName = TestUserName;

export interface CallOptions {
  readonly as?: UserName | null;
  /** Connected-Dental-Office; default: the user's first allowed office. */
  readonly office?: string | null;
  readonly body?: unknown;
}

/** Who adds an office's portal credentials: its manager, or the organization's admin. */
const CREDENTIAL_EDITORS: Record<string, UserName> = { 'office-a1': 'staffmanager', 'office-a2': 'admin', 'office-b1': 'adminB' };

export interface PortalCredentialOptions {
  /** Default office-a1. */
  readonly office?: string;
  /** Default 'frontdesk': a login the sandbox portals accept ('mfa-...' asks for a code, see @dv/portals). */
  readonly username?: string;
  readonly password?: string;
}

/** The portals service the harness runs beside the verifications service, reached over its HTTP API. */
export interface PortalsSide {
  readonly url: string;
  /** POST /api/portals/{portalId}/credentials/ as a manager of the office: 201 and the credential. */
  addCredential(portalId: string, options?: PortalCredentialOptions): Promise<PortalCredential>;
  /** PUT /api/portals/credentials/{id}; answers the status code. */
  updateCredential(id: string, body: { username: string; password?: string }, office?: string): Promise<number>;
  /** POST /api/portals/credentials/{portalId}/mfa; answers the status code. */
  submitMfaCode(portalId: string, code: string, office?: string): Promise<number>;
  /** Waits until the office's credential shows that status for every provider. */
  waitForCredential(id: string, status: PortalCredentialStatus, office?: string): Promise<void>;
  /** Stops the portals service (nothing answers portal data requests any more). */
  stop(): Promise<void>;
}

/** The kit harness's app, store, bus, relay and issuer, the engine, the portals service beside, and helpers. */
export interface Harness extends Pick<ServiceHarness<VerificationsConfig, VerificationsBuilt>, 'app' | 'store' | 'bus' | 'relay' | 'issuer'> {
  readonly engine: VerificationEngine;
  readonly portals: PortalsSide;
  token(user: UserName): Promise<string>;
  call(method: 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE', url: string, options?: CallOptions): Promise<Response>;
  /** Creates a verification for a sandbox member (or dependent) and answers its id. */
  createFor(memberId: string, options?: { as?: UserName; office?: string; dependent?: number }): Promise<string>;
  /** Waits until no job of the verification is pending or processing, and answers it as `as` reads it. */
  settled(id: string, as?: UserName): Promise<VerificationDetail>;
  /** Events of the topic from the bus (the in-process bus replays what was published before subscribing). */
  collect(topic: string): Promise<{ events: BusEvent[]; waitFor(predicate: (event: BusEvent) => boolean, what: string): Promise<BusEvent> }>;
  /** Stores a verification document as an older service would have (schema version 1, 2 or 3). */
  plant(input: { id: string; document: unknown; orgId?: string; officeId?: string; patient: Pick<PatientInfoV3, 'patientFirstName' | 'patientLastName' | 'patientDOB' | 'patientMemberId'> }): Promise<void>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  readonly clearinghouse?: Clearinghouse;
  readonly portalResultTimeoutMs?: number;
  readonly concurrency?: number;
  /** Start the engine (runner, results consumer) at once; default true. */
  readonly startEngine?: boolean;
  /** An existing data folder (restart tests); default a new temporary one, removed on close. */
  readonly dir?: string;
  /** Portals whose valid sandbox credential office-a1 gets before the harness is returned. */
  readonly portalCredentials?: readonly string[];
  /** The verifications service's logger; default a silent one. */
  readonly logger?: Logger;
  /** More of the service's own options (feature flags, office profiles ...). */
  readonly serviceOptions?: Partial<VerificationsOptions>;
}

/**
 * The portals service beside the verifications service, as the standalone product runs them: on the same bus, its
 * store under DATA_DIR/portals, trusting the same issuer, the sandbox portals answering after short delays.
 */
export function startPortalsBeside(dir: string, bus: EventBus, issuer: TestIssuer): Promise<RunningPortals> {
  return startPortals({
    config: {
      port: 0,
      host: '127.0.0.1',
      dataDir: dir,
      oidcIssuer: issuer.issuer,
      oidcAudience: issuer.audience,
      keys: { source: 'file', file: path.join(dir, 'portals-keys', 'kek.json') },
      providers: 'sandbox',
      sandboxLoginDelayMs: 20,
      sandboxMfaDelayMs: 20,
      retryWaitMs: 5_000,
      loginStaleAfterMs: 60_000,
      logLevel: 'silent',
    },
    bus,
    keys: { jwks: issuer.jwks },
    officeBelongsToOrg,
  });
}

export async function createHarness(options: HarnessOptions = {}): Promise<Harness> {
  const dir = options.dir ?? (await mkdtemp(path.join(tmpdir(), 'verifications-test-')));
  // One bus for both services, closed after both: the harness below leaves a bus it was handed open.
  const bus = createInProcessBus({ logger: options.logger ?? createLogger({ name: 'verifications-test', level: 'silent' }) });
  const service = await createServiceHarness(verificationsService, {
    // The store in a folder of its own beside the portals service's (DATA_DIR/portals): restarts reuse both.
    dir: path.join(dir, 'store'),
    bus,
    issuer: { issuer: 'https://id.verifications.test/', audience: 'https://api.verifications.test' },
    config: {
      clearinghouse: { timeoutMs: 5_000, sandboxLatencyMs: 0 },
      portalResultTimeoutMs: options.portalResultTimeoutMs ?? 30_000,
      jobConcurrency: options.concurrency ?? 4,
    },
    options: {
      ...(options.clearinghouse ? { clearinghouse: options.clearinghouse } : {}),
      sweepIntervalMs: 50,
      retryDelayMs: () => 20,
      runJobs: options.startEngine !== false,
      ...options.serviceOptions,
    },
    officeBelongsToOrg,
    ...(options.logger ? { logger: options.logger } : {}),
  });
  const { app, store, relay, issuer } = service;
  const engine = service.built.engine;
  let portalsService: RunningPortals;
  try {
    portalsService = await startPortalsBeside(dir, bus, issuer);
  } catch (error) {
    await service.close();
    await bus.close();
    throw error;
  }
  let portalsRunning = true;

  const subscriptions: { close(): Promise<void> }[] = [];
  let groups = 0;
  const token = (user: UserName) => service.sign({ ...USERS[user] });

  async function portalsCall(method: 'GET' | 'POST' | 'PUT', url: string, office: string, body?: unknown): Promise<globalThis.Response> {
    const as = CREDENTIAL_EDITORS[office] ?? 'staffmanager';
    return fetch(`${portalsService.url}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${await token(as)}`,
        'connected-dental-office': office,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }

  const portals: PortalsSide = {
    url: portalsService.url,
    async addCredential(portalId, { office = 'office-a1', username = 'frontdesk', password = 'sandbox-password' } = {}) {
      const response = await portalsCall('POST', `/api/portals/${portalId}/credentials/`, office, { username, password });
      if (response.status !== 201) throw new Error(`adding a ${portalId} credential answered ${response.status}: ${await response.text()}`);
      return PortalCredential.parse(await response.json());
    },
    async updateCredential(id, body, office = 'office-a1') {
      return (await portalsCall('PUT', `/api/portals/credentials/${id}`, office, body)).status;
    },
    async submitMfaCode(portalId, code, office = 'office-a1') {
      return (await portalsCall('POST', `/api/portals/credentials/${portalId}/mfa`, office, { code })).status;
    },
    async waitForCredential(id, status, office = 'office-a1') {
      await waitFor(async () => {
        const list = PortalCredentialList.parse(await (await portalsCall('GET', '/api/portals/credentials', office)).json());
        const credential = list.find((entry) => entry.id === id);
        return credential !== undefined && [credential.dentalXChange, credential.portalAi].every((provider) => !provider || provider.status === status);
      }, `credential ${id} ${status}`, 10_000);
    },
    async stop() {
      if (!portalsRunning) return;
      portalsRunning = false;
      await portalsService.close();
    },
  };
  for (const portalId of options.portalCredentials ?? []) {
    const credential = await portals.addCredential(portalId);
    await portals.waitForCredential(credential.id, 'valid');
  }

  async function call(method: 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE', url: string, { as = 'staff', office, body }: CallOptions = {}) {
    const user = as === null ? undefined : USERS[as];
    const officeHeader = office === undefined ? user?.allowedOfficeIds[0] : office;
    return service.call(method, url, {
      token: as ? await token(as) : null,
      headers: officeHeader ? { 'connected-dental-office': officeHeader } : {},
      body,
    });
  }

  const harness: Harness = {
    app,
    store,
    bus,
    relay,
    issuer,
    engine,
    portals,
    token,
    call,
    async createFor(memberId, { as = 'staff', office, dependent } = {}) {
      const member = sandboxMember(memberId);
      if (member === undefined) throw new Error(`No sandbox member ${memberId}`);
      const response = await call('POST', '/api/verifications', {
        as,
        ...(office === undefined ? {} : { office }),
        body: { patient: sandboxPatientInfo(member, dependent), carrier: { payerId: member.payerId } },
      });
      if (response.statusCode !== 201) throw new Error(`create answered ${response.statusCode}: ${response.body}`);
      return (response.json<{ id: string }>()).id;
    },
    async settled(id, as = 'staff') {
      let detail: VerificationDetail | undefined;
      await waitFor(async () => {
        const response = await call('GET', `/api/verifications/${id}`, { as });
        detail = response.json<VerificationDetail>();
        return response.statusCode === 200 && detail.jobs.every((job) => job.status !== 'pending' && job.status !== 'processing');
      }, `verification ${id} to settle`, 30_000);
      return detail!;
    },
    async collect(topic) {
      const events: BusEvent[] = [];
      groups += 1;
      subscriptions.push(
        await bus.subscribe(topic, `test-${groups}`, (event) => {
          events.push(event);
          return Promise.resolve();
        }),
      );
      return {
        events,
        async waitFor(predicate, what) {
          await waitFor(() => events.some(predicate), `${what} on ${topic}`, 20_000);
          return events.find(predicate)!;
        },
      };
    },
    async plant({ id, document, orgId = 'org-a', officeId = 'office-a1', patient }) {
      const at = new Date().toISOString();
      const doc: VerificationDocument = {
        _id: id,
        orgId,
        officeId,
        createdBy: 'user-legacy',
        createdAt: at,
        updatedAt: at,
        status: 'Pending',
        carrier: { payerId: '77777', name: 'Delta Dental of California', payerKey: 'DELTA_DENTAL' },
        appointment: null,
        search: searchKeysOf(patient),
        document,
        warnings: [],
        agreement: { compared: 0, agreed: 0, disputed: [] },
        planId: null,
        planScore: null,
        readyAt: at,
        submittedAt: null,
      };
      await store.collection<VerificationDocument>(VERIFICATIONS_COLLECTION).insert(doc);
    },
    async close() {
      for (const subscription of subscriptions) await subscription.close();
      // The app and its engine, the relay, the store; then the portals service and the bus they shared.
      await service.close();
      await portals.stop();
      await bus.close();
      if (options.dir === undefined) await rm(dir, { recursive: true, force: true });
    },
  };
  return harness;
}
