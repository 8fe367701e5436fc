/**
 * Test support for outsourcing: the verifications service built in-process by the kit's harness (embedded store,
 * in-process bus fed by the outbox relay, the kit's test tenants: org-a with office-a1 and office-a2, org-b with
 * office-b1), with the job runner stopped (the queue does not depend on the sources) and a double of the offices
 * service's settings whose offices may outsource, which records the bearer tokens it was asked with.
 */
import { type CallEvidence, type TicketStatus, type TicketWrapperV3 } from '@dv/contracts';
import { type Server } from '@dv/kit';
import { createServiceHarness, TEST_USERS, testOfficeBelongsToOrg, type ServiceHarness, type TestUserName } from '@dv/kit/testing';
import { verificationsService, type VerificationsBuilt } from '../app';
import { sandboxMember, sandboxPatientInfo } from '../clearinghouse/sandbox-members';
import { type VerificationsConfig } from '../config';
import { VERIFICATIONS_COLLECTION, type VerificationDocument } from '../verifications/verifications.store';
import { type OfficeSettingsReader } from './office-settings';
import { OUTSOURCED_TICKETS_COLLECTION, type OutsourcedTicketDocument } from './outsourcing.store';

export type Response = Awaited<ReturnType<Server['inject']>>;
export type UserName = TestUserName;
export const USERS = TEST_USERS;

export interface CallOptions {
  readonly as?: UserName | null;
  /** Connected-Dental-Office; default: the user's first allowed office. */
  readonly office?: string | null;
  readonly body?: unknown;
}

export interface OutsourcingHarness {
  readonly service: ServiceHarness<VerificationsConfig, VerificationsBuilt>;
  /** Offices whose settings allow outsourcing (office-a1 and office-b1 at first). */
  readonly enabledOffices: Set<string>;
  /** The Authorization headers the settings were read with. */
  readonly settingsAskedWith: string[];
  call(method: 'GET' | 'POST' | 'PATCH', url: string, options?: CallOptions): Promise<Response>;
  /** A new verification of a sandbox member, by an office user (default staff of office-a1); answers its id. */
  create(options?: { as?: UserName; office?: string; memberId?: string }): Promise<string>;
  /** Outsources it as that office user; throws unless 200. */
  outsource(id: string, options?: { as?: UserName; office?: string; type?: string }): Promise<void>;
  /** Puts an outsourced ticket into a status directly (both the queue's copy and the ticket), as a fixture. */
  force(id: string, status: TicketStatus, change?: Partial<OutsourcedTicketDocument>): Promise<void>;
  ticketOf(id: string): Promise<OutsourcedTicketDocument | null>;
  wrapperOf(id: string): Promise<TicketWrapperV3>;
  close(): Promise<void>;
}

/** A call that happened an hour ago, as an agent logs it. */
export function callEvidence(overrides: Partial<CallEvidence> = {}): CallEvidence {
  return {
    calledAt: new Date(Date.now() - 3_600_000).toISOString(),
    representative: 'Dana at Delta',
    callReference: 'REF-20260301-0042',
    ...overrides,
  };
}

export async function createOutsourcingHarness(): Promise<OutsourcingHarness> {
  const enabledOffices = new Set(['office-a1', 'office-b1']);
  const settingsAskedWith: string[] = [];
  const officeSettings: OfficeSettingsReader = {
    outsourceEnabled(officeId, authorization) {
      settingsAskedWith.push(authorization);
      return Promise.resolve(enabledOffices.has(officeId));
    },
  };
  const service = await createServiceHarness(verificationsService, {
    issuer: { issuer: 'https://id.outsourcing.test/', audience: 'https://api.outsourcing.test' },
    config: { clearinghouse: { timeoutMs: 5_000, sandboxLatencyMs: 0 } },
    options: { runJobs: false, officeSettings },
    officeBelongsToOrg: testOfficeBelongsToOrg,
  });
  const verifications = () => service.store.collection<VerificationDocument>(VERIFICATIONS_COLLECTION);
  const tickets = () => service.store.collection<OutsourcedTicketDocument>(OUTSOURCED_TICKETS_COLLECTION);

  async function call(method: 'GET' | 'POST' | 'PATCH', url: string, { as = 'staff', office, body }: CallOptions = {}) {
    const user = as === null ? undefined : USERS[as];
    const officeHeader = office === undefined ? user?.allowedOfficeIds[0] : office;
    return service.call(method, url, {
      token: user ? await service.sign({ ...user }) : null,
      headers: officeHeader ? { 'connected-dental-office': officeHeader } : {},
      body,
    });
  }

  return {
    service,
    enabledOffices,
    settingsAskedWith,
    call,
    async create({ as = 'staff', office, memberId = 'DD100200300' } = {}) {
      const member = sandboxMember(memberId);
      if (member === undefined) throw new Error(`No sandbox member ${memberId}`);
      const response = await call('POST', '/api/verifications', {
        as,
        ...(office === undefined ? {} : { office }),
        body: { patient: sandboxPatientInfo(member), carrier: { payerId: member.payerId } },
      });
      if (response.statusCode !== 201) throw new Error(`create answered ${response.statusCode}: ${response.body}`);
      return response.json<{ id: string }>().id;
    },
    async outsource(id, { as = 'staff', office, type = 'Breakdown' } = {}) {
      const response = await call('POST', `/api/verifications/${id}/outsource`, { as, ...(office === undefined ? {} : { office }), body: { type } });
      if (response.statusCode !== 200) throw new Error(`outsource answered ${response.statusCode}: ${response.body}`);
    },
    async force(id, status, change = {}) {
      await tickets().update({ _id: id }, { set: { status, ...change } });
      await verifications().update({ _id: id }, { set: { 'document.ticket.status': status } });
    },
    ticketOf: (id) => tickets().findById(id),
    async wrapperOf(id) {
      const doc = await verifications().findById(id);
      if (doc === null) throw new Error(`No verification ${id}`);
      return doc.document as TicketWrapperV3;
    },
    close: () => service.close(),
  };
}
