/** Whether an office fills forms, read from the offices service with the caller's token (a fake fetch). */
import { OUTSOURCE_MESSAGES, type UserOfficeSettingsReply } from '@dv/contracts';
import { noOfficeSettings, officesServiceSettings } from '../outsourcing/office-settings';

const OFFICES: UserOfficeSettingsReply = [
  { id: 'office-a1', name: 'Smile A1', ableToFullfillForm: true },
  { id: 'office-a2', name: 'Smile A2', ableToFullfillForm: false },
];

describe("the offices service's ableToFullfillForm", () => {
  it("is the office's setting as the caller sees it; an office not shown to them does not fill forms", async () => {
    const asked: (string | null)[] = [];
    const fetch = (async (_url: URL | string, init?: RequestInit) => {
      asked.push(new Headers(init?.headers).get('authorization'));
      return Response.json(OFFICES);
    }) as typeof globalThis.fetch;
    const settings = officesServiceSettings({ officesUrl: 'http://offices.test', fetch });
    expect(await settings.ableToFullfillForm?.('office-a1', 'Bearer t1')).toBe(true);
    expect(await settings.ableToFullfillForm?.('office-a2', 'Bearer t1')).toBe(false);
    expect(await settings.ableToFullfillForm?.('office-b1', 'Bearer t1')).toBe(false);
    expect(asked).toEqual(['Bearer t1', 'Bearer t1', 'Bearer t1']);
  });

  it('an unreadable answer is a 503, never a guess; without the offices service nobody is said to fill forms', async () => {
    const fetch = (() => Promise.resolve(new Response('down', { status: 502 }))) as typeof globalThis.fetch;
    const settings = officesServiceSettings({ officesUrl: 'http://offices.test', fetch });
    await expect(settings.ableToFullfillForm?.('office-a1', 'Bearer t')).rejects.toMatchObject({ statusCode: 503, message: OUTSOURCE_MESSAGES.settingsUnavailable });
    expect('ableToFullfillForm' in noOfficeSettings).toBe(false);
  });
});
