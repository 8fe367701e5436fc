/**
 * Test support: the schedule service built in-process by the kit's harness (a real embedded store in a temporary
 * folder, a real in-process bus fed by the outbox relay, tokens of a test issuer), office profiles as the offices
 * service would answer for the kit's test tenants, and a stand-in for the verifications service on the bus that
 * answers each verification request (`verifier`): it records the requests, creates each verification once per id,
 * and answers ready (active), or needing attention for member ids starting NOTFOUND, when told to.
 */
import { randomUUID } from 'node:crypto';
import {
  EVENT_TYPES,
  TOPICS,
  VerificationRequestedPayload,
  type OfficeProfile,
  type VerificationReadyPayload,
} from '@dv/contracts';
import { createInProcessBus, type EventBus, type Subscription } from '@dv/kit';
import { createServiceHarness, TEST_USERS, testOfficeBelongsToOrg, waitFor, type ServiceHarness, type TestUserName } from '@dv/kit/testing';
import { scheduleService, type ScheduleBuilt, type ScheduleOptions } from '../app';
import { type ScheduleConfig } from '../config';

export type UserName = TestUserName;
export const USERS = TEST_USERS;

/** The kit's test offices: office-a1 and office-b1 have a schedule; office-a2 is freemium without integration. */
export const TEST_PROFILES: Readonly<Record<string, OfficeProfile>> = {
  'office-a1': { id: 'office-a1', orgId: 'org-a', planType: 'standard', scheduleIntegration: { type: 'nexHealth', pmsType: 'dentrix', integration: { subdomain: 'a1-practice' } } },
  'office-a2': { id: 'office-a2', orgId: 'org-a', planType: 'freemium', scheduleIntegration: null },
  'office-b1': { id: 'office-b1', orgId: 'org-b', planType: 'premium', scheduleIntegration: { type: 'nexHealth', pmsType: 'openDental', integration: { subdomain: 'b1-practice' } } },
};

export const testProfiles = (officeId: string): Promise<OfficeProfile | null> => Promise.resolve(TEST_PROFILES[officeId] ?? null);

/** The verifications service as the schedule sees it: requests in, readiness out. */
export interface VerifierDouble {
  /** Every request received, in order (requests sent again included). */
  readonly requests: VerificationRequestedPayload[];
  /** Verification ids created (each once). */
  readonly created: Set<string>;
  /** Answers every request not answered yet (and, from now on, each new one at once when `auto`). */
  answerAll(): Promise<void>;
  /** From now on, answer each request as it comes. */
  setAuto(auto: boolean): void;
  close(): Promise<void>;
}

export async function verifierDouble(bus: EventBus, { auto = true }: { auto?: boolean } = {}): Promise<VerifierDouble> {
  const requests: VerificationRequestedPayload[] = [];
  const created = new Set<string>();
  const answered = new Set<string>();
  let answering = auto;
  async function answer(request: VerificationRequestedPayload): Promise<void> {
    created.add(request.verificationId);
    answered.add(request.verificationId);
    const rejected = request.patient.patientMemberId.startsWith('NOTFOUND');
    const payload: VerificationReadyPayload = {
      verificationId: request.verificationId,
      jobs: [{ id: `${request.verificationId}-job`, status: 'done', source: 'clearinghouse' }],
      orgId: request.orgId,
      officeId: request.officeId,
      coverageStatus: rejected ? 'unknown' : 'active',
      attention: rejected ? 'AAA 75 Subscriber/insured not found' : null,
    };
    await bus.publish(TOPICS.verificationReady, { id: randomUUID(), key: request.verificationId, type: EVENT_TYPES.verificationReady, payload, occurredAt: new Date().toISOString() });
  }
  const subscription: Subscription = await bus.subscribe(TOPICS.scheduleVerificationRequests, `verifier-double-${randomUUID()}`, async (event) => {
    const request = VerificationRequestedPayload.parse(event.payload);
    requests.push(request);
    if (answering) await answer(request);
  });
  return {
    requests,
    created,
    async answerAll() {
      for (const request of requests) if (!answered.has(request.verificationId)) await answer(request);
    },
    setAuto(value) {
      answering = value;
    },
    close: () => subscription.close(),
  };
}

export interface Harness extends Pick<ServiceHarness<ScheduleConfig, ScheduleBuilt>, 'app' | 'store' | 'bus' | 'dir' | 'built' | 'collect'> {
  readonly verifier: VerifierDouble;
  call(method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, options?: { as?: UserName | null; office?: string | null; body?: unknown }): ReturnType<ServiceHarness<ScheduleConfig, ScheduleBuilt>['call']>;
  /** Waits until the day's latest batch is done. */
  batchDone(date: string, as?: UserName): Promise<void>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  readonly dir?: string;
  readonly bus?: EventBus;
  /** The verifier double answers at once (default) or when told. */
  readonly autoAnswer?: boolean;
  readonly options?: Partial<ScheduleOptions>;
  readonly config?: Partial<ScheduleConfig>;
  readonly now?: () => Date;
}

export async function createHarness(options: HarnessOptions = {}): Promise<Harness> {
  const bus = options.bus ?? createInProcessBus();
  const verifier = await verifierDouble(bus, { auto: options.autoAnswer ?? true });
  const service = await createServiceHarness(scheduleService, {
    config: { sweepIntervalMs: 50, requestRetryMs: 60_000, nightlyCheckMs: 3_600_000, ...options.config },
    options: { profiles: testProfiles, ...options.options },
    bus,
    officeBelongsToOrg: testOfficeBelongsToOrg,
    ...(options.dir === undefined ? {} : { dir: options.dir }),
    ...(options.now === undefined ? {} : { now: options.now }),
  });
  const tokens = new Map<UserName, string>();
  const token = async (user: UserName) => {
    if (!tokens.has(user)) tokens.set(user, await service.sign({ ...USERS[user] }));
    return tokens.get(user)!;
  };
  const call: Harness['call'] = async (method, url, { as = 'staff', office, body } = {}) => {
    const user = as === null ? null : USERS[as];
    const header = office === undefined ? (user?.allowedOfficeIds[0] ?? null) : office;
    return service.call(method, url, {
      token: as === null ? null : await token(as),
      ...(body === undefined ? {} : { body }),
      headers: header === null ? {} : { 'connected-dental-office': header },
    });
  };
  return {
    app: service.app,
    store: service.store,
    bus,
    dir: service.dir,
    built: service.built,
    collect: (topic, collectOptions) => service.collect(topic, collectOptions),
    verifier,
    call,
    async batchDone(date, as = 'staff') {
      await waitFor(async () => (await call('GET', `/api/schedule/${date}`, { as })).json<{ batch: { status: string } | null }>().batch?.status === 'done', `the batch of ${date} done`, 20_000);
    },
    async close() {
      await verifier.close();
      await service.close();
      if (options.bus === undefined) await bus.close();
    },
  };
}
