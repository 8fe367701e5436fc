import { Writable } from 'node:stream';
import { createLogger } from '@dv/kit';
import fc from 'fast-check';
import { HOST_A, STAFF_A, startGatewayHarness, type GatewayHarness } from './testing/harness';

/**
 * Issue 13 item 2: a history search carries the patient's name, date of birth and member id in its query, and a
 * created verification carries them in its body. Through the real gateway at trace level, none of them reaches
 * a log line, whatever the search or the body (generated canaries).
 */
describe('gateway log lines keep patient data out (real gateway and upstream)', () => {
  const lines: string[] = [];
  let harness: GatewayHarness;
  let headers: Record<string, string>;

  beforeAll(async () => {
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    harness = await startGatewayHarness({ logger: createLogger({ name: 'gateway-test', level: 'trace', destination }) });
    headers = {
      host: HOST_A,
      authorization: `Bearer ${await harness.token(STAFF_A)}`,
      'connected-dental-office': 'office-a1',
    };
  });
  afterAll(async () => {
    await harness.close();
  });

  const canary = fc.stringMatching(/^[A-Za-z0-9]{6,16}$/).map((text) => `PHI${text}`);

  it("names the caller (user, organization, office) on the request's later lines, once each", async () => {
    lines.length = 0;
    const response = await harness.call('/api/verifications?page=1', { headers });
    expect(response.status).toBe(200);
    const completed = lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((line) => line.msg === 'request completed');
    expect(completed).toMatchObject({ userId: STAFF_A.sub, orgId: STAFF_A.org, officeId: 'office-a1' });
    const raw = lines.find((line) => line.includes('"request completed"')) ?? '';
    expect(raw.split('"userId"')).toHaveLength(2);
  });

  it('logs a search with its parameter names and without their values', async () => {
    await fc.assert(
      fc.asyncProperty(canary, fc.constantFrom('patientName', 'memberId', 'dob', 'search'), async (value, name) => {
        lines.length = 0;
        const response = await harness.call(`/api/verifications?page=1&${name}=${encodeURIComponent(value)}`, { headers });
        expect(response.status).toBe(200);
        const logged = lines.join('');
        expect(logged).toContain(`${name}=…`);
        expect(logged).not.toContain(value);
      }),
      { numRuns: 25 },
    );
  });

  it('logs no patient field of a body the gateway passes on', async () => {
    await fc.assert(
      fc.asyncProperty(canary, async (value) => {
        lines.length = 0;
        const body = JSON.stringify({
          patient: { patientFirstName: value, patientLastName: value, patientDOB: '01/02/1990', patientMemberId: value },
          carrier: { payerId: '60054' },
        });
        const response = await harness.call('/api/verifications', {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body,
        });
        expect(response.status).toBeLessThan(500);
        expect(harness.upstream.received.at(-1)?.body).toBe(body);
        expect(lines.length).toBeGreaterThan(0);
        expect(lines.join('')).not.toContain(value);
      }),
      { numRuns: 15 },
    );
  });
});
