/**
 * Test support: the bugs app on a real embedded store and real attachment files in a temporary folder, a real
 * in-process bus fed by the outbox relay, access tokens signed by a test issuer, and a clock tests can set.
 * Two organizations: org-a (offices office-a1, office-a2) and org-b (office-b1).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  createInProcessBus,
  createLogger,
  createOutboxRelay,
  createTestIssuer,
  openNedbStore,
  waitFor,
  type BusEvent,
  type EventBus,
  type OfficeBelongsToOrg,
  type Outbox,
  type OutboxRelay,
  type Server,
  type Store,
  type TestIssuer,
} from '@dv/kit';
import { buildBugsApp } from '../app';
import type { AttachmentStore } from '../attachments/attachment-store';
import { fileAttachments } from '../attachments/file-attachments';
import { prepareBugsStore } from '../store-setup';

export type Response = Awaited<ReturnType<Server['inject']>>;

const OFFICES: Record<string, string> = { 'office-a1': 'org-a', 'office-a2': 'org-a', 'office-b1': 'org-b' };

/** Where an office belongs, as the offices service would answer. */
export const officeBelongsToOrg: OfficeBelongsToOrg = (officeId, orgId) => Promise.resolve(OFFICES[officeId] === orgId);

/** Users by name: claims as the identity provider issues them. */
export const USERS = {
  staff: { sub: 'user-staff', email: 'staff@a.test', org: 'org-a', roles: ['staff'], allowedOfficeIds: ['office-a1'] },
  staffmanager: {
    sub: 'user-manager',
    email: 'manager@a.test',
    org: 'org-a',
    roles: { 'office-a1': ['staffmanager'], 'office-a2': ['staff'] },
    allowedOfficeIds: ['office-a1', 'office-a2'],
  },
  groupmanager: { sub: 'user-gm', org: 'org-a', roles: ['groupmanager'], allowedOfficeIds: ['office-a1', 'office-a2'] },
  groupmember: { sub: 'user-member', org: 'org-a', roles: ['groupmember'], allowedOfficeIds: ['office-a1'] },
  doregistration: { sub: 'user-registering', org: 'org-a', roles: ['doregistration'], allowedOfficeIds: [] },
  agent: { sub: 'user-agent', email: 'agent@a.test', org: 'org-a', roles: ['agent'], allowedOfficeIds: [] },
  admin: { sub: 'user-admin', email: 'admin@a.test', org: 'org-a', roles: ['admin'], allowedOfficeIds: [] },
  superadministrator: { sub: 'user-super', email: 'super@a.test', org: 'org-a', roles: ['superadministrator'], allowedOfficeIds: [] },
  goduser: { sub: 'user-god', email: 'god@a.test', org: 'org-a', roles: ['goduser'], allowedOfficeIds: [] },
  adminB: { sub: 'user-admin-b', email: 'admin@b.test', org: 'org-b', roles: ['admin'], allowedOfficeIds: [] },
  staffB: { sub: 'user-staff-b', email: 'staff@b.test', org: 'org-b', roles: ['staff'], allowedOfficeIds: ['office-b1'] },
} as const;
export type UserName = keyof typeof USERS;

export interface CallOptions {
  readonly as?: UserName | null;
  /** Connected-Dental-Office. */
  readonly office?: string;
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
}

export interface Harness {
  readonly app: Server;
  readonly store: Store;
  readonly bus: EventBus;
  readonly relay: OutboxRelay;
  readonly issuer: TestIssuer;
  readonly attachments: AttachmentStore;
  /** The attachment files' folder. */
  readonly attachmentsDir: string;
  /** Now, as the service sees it; tests move it. */
  readonly clock: { now: Date };
  token(user: UserName): Promise<string>;
  call(method: 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE', url: string, options?: CallOptions): Promise<Response>;
  /** Events of the topic from the bus (the in-process bus replays what was published before subscribing). */
  collect(topic: string): Promise<{ events: BusEvent[]; waitFor(type: string, key: string): Promise<BusEvent> }>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  readonly outbox?: Outbox;
}

export async function createHarness(options: HarnessOptions = {}): Promise<Harness> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bugs-test-'));
  const store = await openNedbStore({ dir: path.join(dir, 'store'), compactionIntervalMs: 0 });
  await prepareBugsStore(store);
  const attachmentsDir = path.join(dir, 'attachments');
  const attachments = fileAttachments(attachmentsDir);
  const issuer = await createTestIssuer({ issuer: 'https://id.bugs.test/', audience: 'https://api.bugs.test' });
  const logger = createLogger({ name: 'bugs-test', level: 'silent' });
  const bus = createInProcessBus({ logger });
  const relay = createOutboxRelay({ store, bus, pollIntervalMs: 10, logger });
  await relay.start();
  const clock = { now: new Date('2024-05-01T10:00:00.000Z') };
  const app = await buildBugsApp({
    config: { oidcIssuer: issuer.issuer, oidcAudience: issuer.audience, oidcJwksUrl: 'http://127.0.0.1:9/unused' },
    store,
    attachments,
    keys: { jwks: issuer.jwks },
    officeBelongsToOrg,
    logger,
    now: () => clock.now,
    ...(options.outbox ? { outbox: options.outbox } : {}),
  });
  await app.ready();

  const subscriptions: { close(): Promise<void> }[] = [];
  let groups = 0;
  const token = (user: UserName) => issuer.sign({ ...USERS[user] });

  return {
    app,
    store,
    bus,
    relay,
    issuer,
    attachments,
    attachmentsDir,
    clock,
    token,
    async call(method, url, { as = 'admin', office, body, headers = {} } = {}) {
      return app.inject({
        method,
        url,
        headers: {
          ...(as ? { authorization: `Bearer ${await token(as)}` } : {}),
          ...(office ? { 'connected-dental-office': office } : {}),
          ...headers,
        },
        ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      });
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
        async waitFor(type, key) {
          const find = () => events.find((event) => event.type === type && event.key === key);
          await waitFor(() => find() !== undefined, `${type} for ${key} on ${topic}`);
          return find() as BusEvent;
        },
      };
    },
    async close() {
      for (const subscription of subscriptions) await subscription.close();
      await app.close();
      await relay.stop();
      await bus.close();
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
