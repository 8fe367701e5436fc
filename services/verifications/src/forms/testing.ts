/**
 * Test support for verification forms: the verifications service built in-process by the kit's harness (embedded
 * store, in-process bus, the kit's test tenants: org-a with office-a1 and office-a2, org-b with office-b1), the job
 * runner stopped (tickets are stored directly, with the shared Delta Dental fixture plan), and a double of the
 * offices service's settings in which office-a1 and office-b1 fill forms and office-a2 does not.
 */
import { type TicketWrapperV3, type VerificationDetail } from '@dv/contracts';
import { type Server } from '@dv/kit';
import { createServiceHarness, TEST_USERS, testOfficeBelongsToOrg, type ServiceHarness, type TestUserName } from '@dv/kit/testing';
import { verificationsService, type VerificationsBuilt } from '../app';
import { AUDIT_COLLECTION, type AuditDocument } from '../audit/audit.store';
import { type VerificationsConfig } from '../config';
import { type OfficeSettingsReader } from '../outsourcing/office-settings';
import { ticketWrapper } from '../pdf/pdf-fixture';
import { searchKeysOf } from '../verifications/ticket-document';
import { VERIFICATIONS_COLLECTION, type VerificationDocument } from '../verifications/verifications.store';

export type Response = Awaited<ReturnType<Server['inject']>>;
export type UserName = TestUserName;
export const USERS = TEST_USERS;

export interface CallOptions {
  readonly as?: UserName | null;
  /** Connected-Dental-Office; default: the user's first allowed office. */
  readonly office?: string | null;
  readonly body?: unknown;
  /** Claims added to the user's (editGlobalCustomization). */
  readonly claims?: Record<string, unknown>;
}

export interface FormsHarness {
  readonly service: ServiceHarness<VerificationsConfig, VerificationsBuilt>;
  /** Offices whose settings say ableToFullfillForm (office-a1 and office-b1 at first). */
  readonly fillingOffices: Set<string>;
  call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, options?: CallOptions): Promise<Response>;
  /** Stores a ready ticket (the fixture plan, Delta Dental) in an office; answers its id. */
  plant(id: string, options?: { office?: string; status?: VerificationDocument['status']; carrier?: VerificationDocument['carrier'] }): Promise<string>;
  wrapperOf(id: string): Promise<TicketWrapperV3>;
  auditOf(id: string): Promise<AuditDocument[]>;
  close(): Promise<void>;
}

const ORG_OF: Record<string, string> = { 'office-a1': 'org-a', 'office-a2': 'org-a', 'office-b1': 'org-b' };
const DELTA = { payerId: '77777', name: 'Delta Dental of California', payerKey: 'DELTA_DENTAL' as const };

export async function createFormsHarness(): Promise<FormsHarness> {
  const fillingOffices = new Set(['office-a1', 'office-b1']);
  const officeSettings: OfficeSettingsReader = {
    outsourceEnabled: () => Promise.resolve(false),
    ableToFullfillForm: (officeId) => Promise.resolve(fillingOffices.has(officeId)),
  };
  const service = await createServiceHarness(verificationsService, {
    issuer: { issuer: 'https://id.forms.test/', audience: 'https://api.forms.test' },
    config: { clearinghouse: { timeoutMs: 5_000, sandboxLatencyMs: 0 } },
    options: { runJobs: false, officeSettings },
    officeBelongsToOrg: testOfficeBelongsToOrg,
  });
  const verifications = () => service.store.collection<VerificationDocument>(VERIFICATIONS_COLLECTION);

  async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, { as = 'superadministrator', office, body, claims = {} }: CallOptions = {}) {
    const user = as === null ? undefined : USERS[as];
    const officeHeader = office === undefined ? user?.allowedOfficeIds[0] : office;
    return service.call(method, url, {
      token: user ? await service.sign({ ...user, ...claims }) : null,
      headers: officeHeader ? { 'connected-dental-office': officeHeader } : {},
      body,
    });
  }

  return {
    service,
    fillingOffices,
    call,
    async plant(id, { office = 'office-a1', status = 'Pending', carrier = DELTA } = {}) {
      const wrapper = ticketWrapper();
      const at = new Date().toISOString();
      const doc: VerificationDocument = {
        _id: id,
        orgId: ORG_OF[office] ?? 'org-a',
        officeId: office,
        createdBy: 'user-staff',
        createdAt: at,
        updatedAt: at,
        status,
        carrier,
        appointment: null,
        search: searchKeysOf(wrapper.ticket.integrationPatientInfo),
        document: wrapper,
        warnings: [],
        agreement: { compared: 0, agreed: 0, disputed: [] },
        planId: null,
        planScore: null,
        readyAt: at,
        submittedAt: status === 'Completed' ? at : null,
      };
      await verifications().insert(doc);
      return id;
    },
    async wrapperOf(id) {
      const doc = await verifications().findById(id);
      if (doc === null) throw new Error(`No verification ${id}`);
      return doc.document as TicketWrapperV3;
    },
    auditOf: (id) => service.store.collection<AuditDocument>(AUDIT_COLLECTION).find({ ticketId: id }, { sort: { at: 1 } }),
    close: () => service.close(),
  };
}

/** A plan field's scored value as the API answers a ticket. */
export function scoredAt(detail: Pick<VerificationDetail, 'plan'>, path: string): { value: unknown; score: number; changeHistory?: unknown[] } | undefined {
  let node: unknown = detail;
  for (const segment of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[segment];
  return node as { value: unknown; score: number; changeHistory?: unknown[] } | undefined;
}
