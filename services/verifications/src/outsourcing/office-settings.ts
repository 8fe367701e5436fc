/**
 * Whether an office may outsource (OfficeSettings.outsource.outsourceEnabled, SPEC section 3). The offices service
 * owns office settings; this service asks it, with the caller's own bearer token, the call the SPA makes for the
 * same settings (GET /api/dentaloffice/user/all): one source of truth, and the offices service decides which
 * offices the caller may see, so nothing here widens what a token reaches. Not cached: a request to outsource is
 * rare, and a manager who just turned outsourcing off expects it off at once.
 */
import { canOutsource, OUTSOURCE_MESSAGES, UserOfficeSettingsReply, type UserOfficeSettings } from '@dv/contracts';
import { ServiceUnavailable } from '@dv/kit';

export interface OfficeSettingsReader {
  /** Whether `officeId` may outsource, as the offices service shows it to the holder of `authorization`. */
  outsourceEnabled(officeId: string, authorization: string): Promise<boolean>;
  /** Whether `officeId`'s users fill verification forms (ableToFullfillForm, forms/); a reader without it says no. */
  ableToFullfillForm?(officeId: string, authorization: string): Promise<boolean>;
}

export interface OfficesServiceSettingsOptions {
  readonly officesUrl: string;
  readonly timeoutMs?: number;
  readonly fetch?: typeof fetch;
}

export const USER_OFFICE_SETTINGS_PATH = '/api/dentaloffice/user/all';

function unavailable(cause?: unknown): ServiceUnavailable {
  return Object.assign(new ServiceUnavailable(OUTSOURCE_MESSAGES.settingsUnavailable), cause === undefined ? {} : { cause });
}

/** The offices service's answer; an office it does not list for the caller neither outsources nor fills forms. */
export function officesServiceSettings(options: OfficesServiceSettingsOptions): OfficeSettingsReader {
  const doFetch = options.fetch ?? fetch;
  async function settingsOf(officeId: string, authorization: string): Promise<UserOfficeSettings | undefined> {
    let response: Response;
    try {
      response = await doFetch(new URL(USER_OFFICE_SETTINGS_PATH, options.officesUrl), {
        headers: { authorization, accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
      });
    } catch (error) {
      throw unavailable(error);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw unavailable();
    }
    const parsed = UserOfficeSettingsReply.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) throw unavailable();
    return parsed.data.find((office) => office.id === officeId);
  }
  return {
    outsourceEnabled: async (officeId, authorization) => canOutsource(await settingsOf(officeId, authorization)),
    ableToFullfillForm: async (officeId, authorization) => (await settingsOf(officeId, authorization))?.ableToFullfillForm === true,
  };
}

/** Without the offices service (OFFICES_URL unset) nothing says an office may outsource: 503, never a guess. */
export const noOfficeSettings: OfficeSettingsReader = {
  outsourceEnabled: () => Promise.reject(unavailable()),
};
