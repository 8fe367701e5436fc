/** Reading an office's outsourcing setting from the offices service with the caller's token (a fake fetch). */
import { OUTSOURCE_MESSAGES, type UserOfficeSettingsReply } from '@dv/contracts';
import { noOfficeSettings, officesServiceSettings, USER_OFFICE_SETTINGS_PATH } from './office-settings';

const OFFICES: UserOfficeSettingsReply = [
  { id: 'office-a1', name: 'Smile A1', outsource: { outsourceEnabled: true }, ableToFullfillForm: false },
  { id: 'office-a2', name: 'Smile A2', outsource: { outsourceEnabled: false }, ableToFullfillForm: false },
  { id: 'office-a3', name: 'Smile A3', outsource: null, ableToFullfillForm: false },
];

function fakeFetch(answer: () => Response | Promise<Response>) {
  const asked: { url: string; authorization: string | null }[] = [];
  const fetch = (async (url: URL | string, init?: RequestInit) => {
    asked.push({ url: String(url), authorization: new Headers(init?.headers).get('authorization') });
    return answer();
  }) as typeof globalThis.fetch;
  return { fetch, asked };
}

describe('the offices service as the source of office settings', () => {
  it("asks with the caller's token and answers the office's outsourceEnabled", async () => {
    const { fetch, asked } = fakeFetch(() => Response.json(OFFICES));
    const settings = officesServiceSettings({ officesUrl: 'http://offices.test:8081', fetch });
    expect(await settings.outsourceEnabled('office-a1', 'Bearer token-1')).toBe(true);
    expect(await settings.outsourceEnabled('office-a2', 'Bearer token-1')).toBe(false);
    expect(await settings.outsourceEnabled('office-a3', 'Bearer token-1')).toBe(false);
    // An office the offices service does not show this caller does not outsource.
    expect(await settings.outsourceEnabled('office-b1', 'Bearer token-1')).toBe(false);
    expect(asked[0]).toEqual({ url: `http://offices.test:8081${USER_OFFICE_SETTINGS_PATH}`, authorization: 'Bearer token-1' });
  });

  it.each([
    ['an error status', () => new Response('down', { status: 502 })],
    ['a refusal', () => new Response('{}', { status: 401 })],
    ['an unexpected body', () => Response.json({ offices: [] })],
    ['a body that is not JSON', () => new Response('<html>', { status: 200 })],
    ['no answer', () => Promise.reject(new TypeError('fetch failed'))],
  ])('%s is a 503 with a clear message, never a guess', async (_case, answer) => {
    const settings = officesServiceSettings({ officesUrl: 'http://offices.test', fetch: fakeFetch(answer).fetch });
    await expect(settings.outsourceEnabled('office-a1', 'Bearer t')).rejects.toMatchObject({ statusCode: 503, message: OUTSOURCE_MESSAGES.settingsUnavailable });
  });

  it('without the offices service nobody outsources: 503', async () => {
    await expect(noOfficeSettings.outsourceEnabled('office-a1', 'Bearer t')).rejects.toMatchObject({ statusCode: 503 });
  });
});
