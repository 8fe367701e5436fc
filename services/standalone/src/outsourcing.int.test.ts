/**
 * Outsourcing through the whole stack (gateway, offices service, verifications service, development identity
 * provider's demo users): the verifications service reads the office's outsourceEnabled from the offices service
 * with the caller's token (office-demo-1 allows it, office-demo-2 does not), and the agent finds the ticket in the
 * company's queue.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request } from 'undici';
import { startStandalone, type RunningStandalone } from './start';
import { devToken } from './testing/dev-token';

const DEMO_HOST = 'demo.localhost';
const PATIENT = {
  patientFirstName: 'Maria',
  patientLastName: 'Lopez',
  patientDOB: '04/12/1985',
  patientMemberId: 'DD100200300',
  patientRelationToSubscriber: 'Self',
};

describe('outsourcing through the gateway and the real services', () => {
  let dataDir: string;
  let running: RunningStandalone;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'dv-outsourcing-'));
    running = await startStandalone({ dataDir, port: 0, idpPort: 0, logLevel: 'silent', webDistDir: path.join(dataDir, 'no-web') });
  });
  afterAll(async () => {
    await running.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const token = (email: string) => devToken(running, email);

  async function call(role: string, method: string, urlPath: string, office: string | null, body?: unknown) {
    const response = await request(new URL(urlPath, running.loopback.gateway), {
      method: method as 'GET',
      headers: {
        host: DEMO_HOST,
        authorization: `Bearer ${await token(`${role}@demo.test`)}`,
        ...(office === null ? {} : { 'connected-dental-office': office }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.statusCode, json: (await response.body.json()) as Record<string, unknown> };
  }

  async function create(role: string, office: string): Promise<string> {
    const created = await call(role, 'POST', '/api/verifications', office, { patient: PATIENT, carrier: { payerId: '77777' } });
    expect(created.status).toBe(201);
    return created.json.id as string;
  }

  it('an office that allows it outsources; the agent sees and claims the ticket', async () => {
    const id = await create('staff', 'office-demo-1');
    const outsourced = await call('staff', 'POST', `/api/verifications/${id}/outsource`, 'office-demo-1', { type: 'Breakdown' });
    expect(outsourced).toMatchObject({ status: 200, json: { verificationId: id, status: 'Open' } });
    const queue = await call('agent', 'GET', '/api/management/verifications?status=Open', null);
    expect(queue.status).toBe(200);
    expect((queue.json.items as { verificationId: string }[]).map((item) => item.verificationId)).toContain(id);
    expect(await call('agent', 'POST', `/api/management/verifications/${id}/claim`, null)).toMatchObject({ status: 200, json: { status: 'Pending' } });
    // Office users never reach the queue: the gateway refuses them before the service.
    expect((await call('staff', 'GET', '/api/management/verifications', 'office-demo-1')).status).toBe(403);
  });

  it("an office whose settings do not allow it is refused with the settings' reason", async () => {
    const id = await create('staffmanager', 'office-demo-2');
    const refused = await call('staffmanager', 'POST', `/api/verifications/${id}/outsource`, 'office-demo-2', { type: 'Re-verification' });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toMatch(/not enabled for this office/);
  });
});
