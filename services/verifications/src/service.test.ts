/**
 * The service as `startVerifications` runs it: real HTTP, the embedded store under DATA_DIR, the outbox relay, the
 * sandbox clearinghouse, and the portals service started beside it on the same in-process bus (as the standalone
 * product runs them), whose office credential asks for an MFA code; then a restart on the same data.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PortalCredential, type VerificationDetail } from '@dv/contracts';
import { createInProcessBus, createLogger, type EventBus } from '@dv/kit';
import { createTestIssuer, waitFor, type TestIssuer } from '@dv/kit/testing';
import { type RunningPortals } from '@dv/portals';
import { startVerifications } from './app';
import { sandboxMember, sandboxPatientInfo } from './clearinghouse/sandbox-members';
import { loadVerificationsConfig, type VerificationsConfig } from './config';
import { startPortalsBeside } from './testing/harness';

let dir: string;
let issuer: TestIssuer;
let config: VerificationsConfig;
let bus: EventBus;
let portals: RunningPortals;
const logger = createLogger({ name: 'verifications-service-test', level: 'silent' });
const STAFF = { sub: 'user-staff', org: 'org-a', roles: ['staff'], allowedOfficeIds: ['office-a1'] };
const MANAGER = { sub: 'user-manager', org: 'org-a', roles: ['staffmanager'], allowedOfficeIds: ['office-a1'] };

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'verifications-service-'));
  issuer = await createTestIssuer();
  config = loadVerificationsConfig({
    PORT: '0',
    DATA_DIR: dir,
    OIDC_ISSUER: issuer.issuer,
    OIDC_AUDIENCE: issuer.audience,
    SANDBOX_CLEARINGHOUSE_LATENCY_MS: '5',
  });
  bus = createInProcessBus({ logger });
  portals = await startPortalsBeside(dir, bus, issuer);
});
afterAll(async () => {
  await portals.close();
  await bus.close();
  await issuer.close();
  await rm(dir, { recursive: true, force: true });
});

async function call(url: string, init: RequestInit = {}): Promise<Response> {
  const token = await issuer.sign(STAFF);
  return fetch(url, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'connected-dental-office': 'office-a1', 'content-type': 'application/json', ...init.headers },
  });
}

async function asManager(url: string, init: RequestInit = {}): Promise<Response> {
  const token = await issuer.sign(MANAGER);
  return fetch(`${portals.url}${url}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'connected-dental-office': 'office-a1', 'content-type': 'application/json', ...init.headers },
  });
}

it('verifies a sandbox patient end to end, the portal waiting for the MFA code, and keeps it across a restart', async () => {
  const member = sandboxMember('DD100200300')!;
  let id: string;
  // The office's Delta Dental login asks for a verification code.
  const added = await asManager('/api/portals/deltadental/credentials/', { method: 'POST', body: JSON.stringify({ username: 'mfa-frontdesk', password: 'sandbox' }) });
  expect(added.status).toBe(201);
  PortalCredential.parse(await added.json());

  const first = await startVerifications({ config, bus, keys: { jwks: issuer.jwks }, logger });
  try {
    expect(first.sandboxClearinghouse).toBe(true);
    expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
    const carriers = (await (await call(`${first.url}/api/carriers`)).json()) as { payerId: string; portalId: string | null }[];
    expect(carriers).toContainEqual(expect.objectContaining({ payerId: '77777', portalId: 'deltadental' }));

    const created = await call(`${first.url}/api/verifications`, {
      method: 'POST',
      body: JSON.stringify({ patient: sandboxPatientInfo(member), carrier: { payerId: member.payerId } }),
    });
    expect(created.status).toBe(201);
    id = ((await created.json()) as { id: string }).id;

    let detail: VerificationDetail | undefined;
    const read = async () => (detail = (await (await call(`${first.url}/api/verifications/${id}`)).json()) as VerificationDetail);
    await waitFor(async () => (await read()).jobs[1]?.status === 'mfaRequired', 'the portal job to wait for the code', 10_000);
    expect(detail!.status).toBe('portalpending');

    expect((await asManager('/api/portals/credentials/deltadental/mfa', { method: 'POST', body: JSON.stringify({ code: '123456' }) })).status).toBe(201);
    await waitFor(async () => (await read()).jobs.every((job) => job.status === 'done'), 'both jobs to end', 10_000);
    expect(detail!.jobs.map((job) => job.outcome)).toEqual(['success', 'success']);
    expect(detail!.plan?.payer.typeOfVerification).toBe('portal+clearinghouse');
    expect(detail!.readyAt).not.toBeNull();
  } finally {
    await first.close();
  }

  const second = await startVerifications({ config, bus, keys: { jwks: issuer.jwks }, logger });
  try {
    const again = (await (await call(`${second.url}/api/verifications/${id}`)).json()) as VerificationDetail;
    expect(again.patient.insuranceRemaining?.value).toBe(1110);
  } finally {
    await second.close();
  }
});
