/**
 * A fake gateway for the New Verification tests: the shell's calls (flags, the user's offices with their names)
 * plus GET /api/carriers, GET /api/verifications/sandbox/patients, GET /api/verifications and
 * POST /api/verifications over in-memory lists. It answers the way the verifications service does (201 with the
 * id, 400 with the envelope's details); a test overrides any call with `answer(...)` and reads `calls`.
 */
import {
  type CarrierCatalogue,
  type SandboxPatients,
  VerificationCreateInput,
  type VerificationListItem,
} from '@dv/contracts';
import { type FetchFn } from '../../http/http-client';
import { jsonReply as reply } from '../../test-support/json-reply';

export type RecordedCall = { method: string; path: string; query: URLSearchParams; body: unknown };
export type FakeReply = { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;
type Handler = (call: RecordedCall) => FakeReply;

export const OFFICE_NAME = 'Bright Smiles Main Street';

export const CARRIERS: CarrierCatalogue = [
  { payerId: '60054', name: 'Aetna Dental', payerKey: 'AETNA', eligibility270: true, portalId: null },
  { payerId: '62308', name: 'Cigna Dental', payerKey: 'CIGNA', eligibility270: true, portalId: 'cigna' },
  { payerId: '77777', name: 'Delta Dental of California', payerKey: 'DELTA_DENTAL', eligibility270: true, portalId: null },
  { payerId: 'CX014', name: 'DentaQuest', payerKey: 'DEFAULT', eligibility270: true, portalId: null },
  { payerId: '65978', name: 'MetLife Dental', payerKey: 'METLIFE', eligibility270: true, portalId: 'metdental' },
];

export const SANDBOX: SandboxPatients = {
  sandbox: true,
  patients: [
    {
      label: 'Maria Lopez, subscriber',
      carrier: { payerId: '65978', name: 'MetLife Dental' },
      portalId: 'metdental',
      coverage: 'active',
      patient: {
        patientFirstName: 'Maria',
        patientLastName: 'Lopez',
        patientDOB: '04/12/1985',
        patientMemberId: 'MET100200',
        patientRelationToSubscriber: 'Self',
        subscriberFirstName: 'Maria',
        subscriberLastName: 'Lopez',
        subscriberDOB: '04/12/1985',
        subscriberMemberId: 'MET100200',
      },
    },
    {
      label: 'Diego Lopez, Children of Maria Lopez',
      carrier: { payerId: '65978', name: 'MetLife Dental' },
      portalId: 'metdental',
      coverage: 'terminated',
      patient: {
        patientFirstName: 'Diego',
        patientLastName: 'Lopez',
        patientDOB: '09/30/2014',
        patientMemberId: 'MET100200',
        patientRelationToSubscriber: 'Children',
        subscriberFirstName: 'Maria',
        subscriberLastName: 'Lopez',
        subscriberDOB: '04/12/1985',
        subscriberMemberId: 'MET100200',
      },
    },
  ],
  hints: ['A member id starting NF is not found by the payer (AAA 75).'],
};

export type FakeVerificationsGateway = {
  fetch: FetchFn;
  sandbox: SandboxPatients;
  verifications: VerificationListItem[];
  calls: RecordedCall[];
  answer: (route: string, handler: Handler | FakeReply) => void;
  callsTo: (route: string) => RecordedCall[];
};

const NEW_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

export function fakeVerificationsGateway(init: { sandbox?: boolean } = {}): FakeVerificationsGateway {
  const overrides = new Map<string, Handler>();
  const gateway: FakeVerificationsGateway = {
    sandbox: init.sandbox ? SANDBOX : { sandbox: false, patients: [], hints: [] },
    verifications: [],
    calls: [],
    answer(route, handler) {
      overrides.set(route, typeof handler === 'function' ? handler : () => handler);
    },
    callsTo: (route) => gateway.calls.filter((call) => `${call.method} ${call.path}` === route),
    fetch: async (url, init) => {
      const [path = url, search = ''] = url.split('?');
      const method = init.method ?? 'GET';
      const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      const call: RecordedCall = { method, path, query: new URLSearchParams(search), body };
      gateway.calls.push(call);
      const override = overrides.get(`${method} ${path}`);
      const answered = override ? await override(call) : defaultAnswer(gateway, call);
      return reply(answered.body, answered.status);
    },
  };
  return gateway;
}

function defaultAnswer(gateway: FakeVerificationsGateway, { method, path, body }: RecordedCall): { status: number; body?: unknown } {
  if (path === '/api/features') return { status: 200, body: [] };
  if (path === '/api/dentaloffice/user/all') {
    return { status: 200, body: [{ id: 'office-demo-1', name: OFFICE_NAME, paymentType: 'auto' }] };
  }
  const office = /^\/api\/dentaloffice\/([^/]+)$/.exec(path);
  if (office) return { status: 200, body: { id: office[1], planType: 'standard' } };
  if (method === 'GET' && path === '/api/carriers') return { status: 200, body: CARRIERS };
  if (method === 'GET' && path === '/api/verifications/sandbox/patients') return { status: 200, body: gateway.sandbox };
  if (method === 'GET' && path === '/api/verifications') {
    const items = gateway.verifications;
    return { status: 200, body: { items, total: items.length, page: 1, pageSize: 10 } };
  }
  if (method === 'POST' && path === '/api/verifications') {
    const parsed = VerificationCreateInput.safeParse(body);
    if (!parsed.success) {
      const details = parsed.error.issues.map((issue) => ({ location: 'body', path: issue.path.join('.'), message: issue.message }));
      return { status: 400, body: { statusCode: 400, error: 'Bad Request', message: 'Invalid request', requestId: 'r1', details } };
    }
    return { status: 201, body: { id: NEW_ID, jobs: [] } };
  }
  return { status: 404, body: { statusCode: 404, error: 'Not Found', message: `Route ${path} not found` } };
}

export const CREATED_ID = NEW_ID;
