import { PracticeManagementError } from '../practice-management';
import { jwtExpiry, NexHealthClient, type NexRequest } from './nexhealth-client';
import { NexOperatory, NexPatient } from './nexhealth-schemas';
import { startNexHealthDouble, type NexHealthDouble } from './testing/nexhealth-double';

const API_KEY = 'test-api-key-2f9c';
const SUBDOMAIN = 'lakeside-dental';

/** What the fixtures hold about patients: none of it may reach an error message. */
const PATIENT_DATA = ['Marisol', 'Quintero', 'Tomas', 'Okafor', '1984-03-12', '03/12/1984', 'DDX5102231', 'U4471902', '50101'];

const operatories: NexRequest = {
  method: 'GET',
  path: '/operatories',
  query: [
    ['subdomain', SUBDOMAIN],
    ['location_id', '4012'],
  ],
  resource: 'operatories',
};
const marisol: NexRequest = {
  method: 'GET',
  path: '/patients/50101',
  query: [
    ['subdomain', SUBDOMAIN],
    ['include[]', 'insurance_coverages'],
  ],
  resource: 'a patient',
};

let double: NexHealthDouble;
let clock: Date;

beforeEach(async () => {
  clock = new Date('2026-10-13T18:00:00Z');
  double = await startNexHealthDouble({ apiKey: API_KEY, now: () => clock });
});

afterEach(async () => {
  await double.close();
});

function client(overrides: { apiKey?: string; timeoutMs?: number; baseUrl?: string } = {}): NexHealthClient {
  return new NexHealthClient({ baseUrl: double.url, apiKey: API_KEY, now: () => clock, ...overrides });
}

const authentications = () => double.requests.filter((r) => r.path === '/authenticates').length;

async function failure(work: Promise<unknown>): Promise<PracticeManagementError> {
  const error = await work.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(PracticeManagementError);
  const message = (error as PracticeManagementError).message;
  for (const datum of PATIENT_DATA) expect(message).not.toContain(datum);
  return error as PracticeManagementError;
}

describe('authentication', () => {
  it('sends the key to /authenticates, then the bearer token and the API version on every request', async () => {
    const nex = client();
    await nex.all(operatories, NexOperatory);
    await nex.one(marisol, NexPatient);

    expect(double.requests.map((r) => r.path)).toEqual(['/authenticates', '/operatories', '/patients/50101']);
    expect(double.requests[0]?.authorization).toBe(API_KEY);
    expect(double.requests.slice(1).every((r) => r.authorization?.startsWith('Bearer ') === true)).toBe(true);
    expect(double.requests.every((r) => r.matched)).toBe(true);
  });

  it('caches the token, and shares one authentication between concurrent requests', async () => {
    const nex = client();
    await Promise.all([nex.all(operatories, NexOperatory), nex.one(marisol, NexPatient), nex.one(marisol, NexPatient)]);
    await nex.one(marisol, NexPatient);
    expect(authentications()).toBe(1);
  });

  it('renews a token NexHealth no longer accepts, once, and repeats the request', async () => {
    const nex = client();
    await nex.one(marisol, NexPatient);
    double.revokeTokens();

    const patient = await nex.one(marisol, NexPatient);

    expect(patient.last_name).toBe('Quintero');
    expect(authentications()).toBe(2);
    const statuses = double.requests.filter((r) => r.path === '/patients/50101');
    expect(statuses).toHaveLength(3);
  });

  it('renews the token before it expires, without waiting for a 401', async () => {
    const nex = client();
    await nex.one(marisol, NexPatient);
    clock = new Date(clock.getTime() + 59 * 60_000 + 30_000); // inside the last minute of the hour
    await nex.one(marisol, NexPatient);
    expect(authentications()).toBe(2);
    expect(double.requests.filter((r) => r.path === '/patients/50101')).toHaveLength(2);
  });

  it('gives up when the renewed token is refused too', async () => {
    const nex = client();
    await nex.one(marisol, NexPatient);
    double.revokeTokens();
    double.failNext({ status: 401 }, { path: '/patients', times: 2 });

    const error = await failure(nex.one(marisol, NexPatient));

    expect(error.retryable).toBe(false);
    expect(authentications()).toBe(2);
  });

  it('reports a refused API key as not retryable', async () => {
    const error = await failure(client({ apiKey: 'revoked-key' }).one(marisol, NexPatient));
    expect(error.message).toBe('NexHealth refused the API key');
    expect(error.retryable).toBe(false);
  });

  it('reads the expiry of a JWT and ignores anything else', () => {
    const claims = Buffer.from(JSON.stringify({ exp: 1_800_000_000 })).toString('base64url');
    expect(jwtExpiry(`e30.${claims}.sig`)).toBe(1_800_000_000_000);
    expect(jwtExpiry('opaque-token')).toBeNull();
    expect(jwtExpiry('e30.not-json.sig')).toBeNull();
  });
});

describe('paging', () => {
  it('follows end_cursor until has_next_page is false', async () => {
    const procedures = await client().all(
      {
        method: 'GET',
        path: '/procedures',
        query: [
          ['subdomain', SUBDOMAIN],
          ['patient_id', '50101'],
        ],
        resource: 'procedures',
      },
      NexOperatory.pick({ id: true }),
    );
    expect(procedures.map((p) => p.id)).toEqual(['610001', '610002', '610003', '610004', '610005', '610006', '610007']);
    const pages = double.requests.filter((r) => r.path === '/procedures');
    expect(pages).toHaveLength(2);
    expect(pages[1]?.query).toContainEqual(['end_cursor', expect.any(String)]);
    expect(pages.every((page) => page.query.some(([key, value]) => key === 'per_page' && value === '100'))).toBe(true);
  });

  it('stops on a cursor that does not advance instead of looping', async () => {
    const stuck = { code: true, data: [], page_info: { has_next_page: true, end_cursor: 'same' } };
    double.failNext({ status: 200, body: stuck }, { path: '/operatories', times: 5 });
    const error = await failure(client().all(operatories, NexOperatory));
    expect(error.message).toBe("NexHealth's paging of operatories did not advance");
    expect(double.requests.filter((r) => r.path === '/operatories')).toHaveLength(2);
  });
});

describe('failures', () => {
  it.each([
    [429, true],
    [500, true],
    [502, true],
    [503, true],
    [408, true],
    [400, false],
    [403, false],
    [404, false],
    [422, false],
  ])('classifies a %i answer (retryable: %s)', async (status, retryable) => {
    double.failNext({ status, body: { code: false, error: ['Patient Marisol Quintero (DOB 1984-03-12) DDX5102231'] } });
    const error = await failure(client().one(marisol, NexPatient));
    expect(error.retryable).toBe(retryable);
  });

  it('says a rate limit is for later', async () => {
    double.failNext({ status: 429 });
    const error = await failure(client().one(marisol, NexPatient));
    expect(error.message).toBe("NexHealth's rate limit was reached; try again shortly");
  });

  it('reports malformed JSON, an unexpected shape and a failed envelope without their content', async () => {
    double.failNext({ raw: '{"code": true, "data": {"first_name": "Marisol"' });
    expect((await failure(client().one(marisol, NexPatient))).message).toBe('NexHealth answered malformed JSON for a patient');

    double.failNext({ status: 200, body: { code: true, data: { id: 50101, first_name: 'Marisol', bio: { date_of_birth: '1984-03-12' } } } });
    expect((await failure(client().one(marisol, NexPatient))).message).toBe('NexHealth answered a patient in an unexpected shape');

    double.failNext({ status: 200, body: { code: false, error: ['Marisol Quintero is locked'], data: null } });
    const refused = await failure(client().one(marisol, NexPatient));
    expect(refused).toMatchObject({ message: 'NexHealth could not answer for a patient', retryable: false });

    double.failNext({ status: 200, body: ['not', 'an', 'envelope'] });
    expect((await failure(client().one(marisol, NexPatient))).retryable).toBe(false);
  });

  it('ends a request that gets no answer at its deadline, as retryable', async () => {
    double.failNext({ hang: true });
    const error = await failure(client({ timeoutMs: 300 }).one(marisol, NexPatient));
    expect(error).toMatchObject({ message: 'NexHealth did not answer in time for a patient', retryable: true });
  });

  it('reports an unreachable NexHealth as retryable', async () => {
    const url = double.url;
    await double.close();
    const error = await failure(new NexHealthClient({ baseUrl: url, apiKey: API_KEY }).one(marisol, NexPatient));
    expect(error).toMatchObject({ message: 'NexHealth could not be reached', retryable: true });
    double = await startNexHealthDouble({ apiKey: API_KEY });
  });

  it("rejects with the caller's reason when the caller aborts", async () => {
    double.failNext({ hang: true });
    const controller = new AbortController();
    const pending = client().one({ ...marisol, signal: controller.signal }, NexPatient);
    setTimeout(() => controller.abort(new Error('shutting down')), 50);
    await expect(pending).rejects.toThrow('shutting down');
  });
});
