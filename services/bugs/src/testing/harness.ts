/**
 * Test support: the bugs service built in-process by the kit's harness (a real embedded store and real attachment
 * files under DATA_DIR/bugs/attachments in a temporary folder, a real in-process bus fed by the outbox relay,
 * tokens of a test issuer), and a clock tests can set. The kit's test tenants: org-a (offices office-a1, office-a2)
 * and org-b (office-b1), and their users.
 */
import path from 'node:path';
import { type BusEvent, type Outbox, type Server } from '@dv/kit';
import { createServiceHarness, TEST_USERS, testOfficeBelongsToOrg, type ServiceHarness } from '@dv/kit/testing';
import { bugsService } from '../app';
import type { AttachmentStore } from '../attachments/attachment-store';
import { fileAttachments } from '../attachments/file-attachments';
import { type BugsConfig } from '../config';

export type Response = Awaited<ReturnType<Server['inject']>>;

/** Where an office belongs, as the offices service would answer. */
export const officeBelongsToOrg = testOfficeBelongsToOrg;

/** Users by name: claims as the identity provider issues them. */
export const USERS = TEST_USERS;
export type UserName = keyof typeof USERS;

export interface CallOptions {
  readonly as?: UserName | null;
  /** Connected-Dental-Office. */
  readonly office?: string;
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
}

export interface Harness extends Pick<ServiceHarness<BugsConfig, object>, 'app' | 'store' | 'bus' | 'relay' | 'issuer' | 'close'> {
  readonly attachments: AttachmentStore;
  /** The attachment files' folder. */
  readonly attachmentsDir: string;
  /** Now, as the service sees it; tests move it. */
  readonly clock: { now: Date };
  token(user: UserName): Promise<string>;
  call(method: 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE', url: string, options?: CallOptions): Promise<Response>;
  /** Events of the topic from the bus (the in-process bus replays what was published before subscribing). */
  collect(topic: string): Promise<{ events: BusEvent[]; waitFor(type: string, key: string): Promise<BusEvent> }>;
}

export interface HarnessOptions {
  readonly outbox?: Outbox;
}

export async function createHarness(options: HarnessOptions = {}): Promise<Harness> {
  const clock = { now: new Date('2024-05-01T10:00:00.000Z') };
  const harness = await createServiceHarness(bugsService, {
    issuer: { issuer: 'https://id.bugs.test/', audience: 'https://api.bugs.test' },
    officeBelongsToOrg,
    now: () => clock.now,
    ...(options.outbox ? { outbox: options.outbox } : {}),
  });
  // The service's own default: files under DATA_DIR/bugs/attachments.
  const attachmentsDir = path.join(harness.dir, 'bugs', 'attachments');
  const token = (user: UserName) => harness.sign({ ...USERS[user] });

  return {
    ...harness,
    attachments: fileAttachments(attachmentsDir),
    attachmentsDir,
    clock,
    token,
    async call(method, url, { as = 'admin', office, body, headers = {} } = {}) {
      return harness.call(method, url, {
        token: as ? await token(as) : null,
        headers: { ...(office ? { 'connected-dental-office': office } : {}), ...headers },
        body,
      });
    },
    // Reports carry the time of the test's clock, not the wall clock's: every event of the topic counts.
    collect: (topic) => harness.collect(topic, { replayed: true }),
  };
}
