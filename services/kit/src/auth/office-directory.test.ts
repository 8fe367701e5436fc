import { officeDirectory, officeProfiles } from './office-directory';

function fakeOffices(answers: Record<string, { status: number; body?: unknown }>) {
  const asked: { url: string; token: string | null }[] = [];
  const fetchImpl: typeof fetch = (input, init) => {
    const url = input instanceof Request ? input.url : input.toString();
    asked.push({ url, token: new Headers(init?.headers).get('x-internal-token') });
    const answer = answers[new URL(url).pathname] ?? { status: 404 };
    return Promise.resolve(new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status }));
  };
  return { asked, fetch: fetchImpl };
}

describe('office directory (offices service internal route)', () => {
  it('an office belongs to the organization the offices service names, asked once a minute', async () => {
    const offices = fakeOffices({ '/internal/offices/office-a1': { status: 200, body: { id: 'office-a1', orgId: 'org-a' } } });
    let now = 0;
    const belongs = officeDirectory({
      officesUrl: 'http://offices.test:8081',
      internalApiToken: 'internal-token-0123456789',
      fetch: offices.fetch,
      now: () => now,
    });
    expect(await belongs('office-a1', 'org-a')).toBe(true);
    expect(await belongs('office-a1', 'org-b')).toBe(false);
    expect(offices.asked).toEqual([{ url: 'http://offices.test:8081/internal/offices/office-a1', token: 'internal-token-0123456789' }]);
    now = 60_001;
    await belongs('office-a1', 'org-a');
    expect(offices.asked).toHaveLength(2);
  });

  it('an unknown office belongs to no organization', async () => {
    const offices = fakeOffices({});
    const belongs = officeDirectory({ officesUrl: 'http://offices.test', internalApiToken: 'internal-token-0123456789', fetch: offices.fetch });
    expect(await belongs('office-x', 'org-a')).toBe(false);
  });

  it('an outage or an odd answer is a 503, not a refusal', async () => {
    const broken = officeDirectory({
      officesUrl: 'http://offices.test',
      internalApiToken: 'internal-token-0123456789',
      fetch: fakeOffices({ '/internal/offices/o1': { status: 500 }, '/internal/offices/o2': { status: 200, body: { nope: 1 } } }).fetch,
    });
    await expect(broken('o1', 'org-a')).rejects.toMatchObject({ statusCode: 503 });
    await expect(broken('o2', 'org-a')).rejects.toMatchObject({ statusCode: 503 });
    const unreachable = officeDirectory({
      officesUrl: 'http://offices.test',
      internalApiToken: 'internal-token-0123456789',
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    });
    await expect(unreachable('o1', 'org-a')).rejects.toMatchObject({ statusCode: 503 });
  });
});

describe('office profiles (offices service internal route)', () => {
  const profile = { id: 'office-a1', orgId: 'org-a', planType: 'standard', scheduleIntegration: { type: 'nexHealth', pmsType: 'dentrix', integration: { subdomain: 'sub' } } };

  it("answers the office's profile, kept 30 seconds, and null for an unknown office", async () => {
    const offices = fakeOffices({ '/internal/offices/office-a1/profile': { status: 200, body: profile } });
    let now = 0;
    const profiles = officeProfiles({ officesUrl: 'http://offices.test', internalApiToken: 'internal-token-0123456789', fetch: offices.fetch, now: () => now });
    expect(await profiles('office-a1')).toEqual(profile);
    expect(await profiles('office-a1')).toEqual(profile);
    expect(offices.asked).toEqual([{ url: 'http://offices.test/internal/offices/office-a1/profile', token: 'internal-token-0123456789' }]);
    now = 30_001;
    await profiles('office-a1');
    expect(offices.asked).toHaveLength(2);
    expect(await profiles('office-x')).toBeNull();
  });

  it('an outage or an odd answer is a 503', async () => {
    const profiles = officeProfiles({
      officesUrl: 'http://offices.test',
      internalApiToken: 'internal-token-0123456789',
      fetch: fakeOffices({ '/internal/offices/o1/profile': { status: 200, body: { id: 'o1' } } }).fetch,
    });
    await expect(profiles('o1')).rejects.toMatchObject({ statusCode: 503 });
  });
});
