/**
 * Accounts kept by the offices service (issue 18): users invited through /management/agents sign in here with the
 * development password made at their invitation, and every account's state is asked again whenever a token is
 * issued or renewed, so a deactivated user can neither sign in nor keep a session going. The offices service
 * answers on /internal/dev-accounts with the shared internal token, only where it runs beside this provider
 * (DEV_IDP_ACCOUNTS). Nothing is cached: a deactivation counts from the next request.
 */
import { DevAccount, DevAccountLookup } from '@dv/contracts';
import { INTERNAL_TOKEN_HEADER, ServiceUnavailable } from '@dv/kit';
import { type DemoOffice, type DemoUser } from './users';

/** An account of the directory: the user as the claims are built from, and their session office. */
export interface DirectoryAccount {
  readonly user: DemoUser;
  /** The session office, when the user has one. */
  readonly office: DemoOffice | null;
}

export type DirectoryLookup =
  | { readonly status: 'active'; readonly account: DirectoryAccount }
  | { readonly status: 'deactivated' }
  | { readonly status: 'unknown' };

export interface AccountDirectory {
  /** The account whose e-mail and development password match (and is active), else null. */
  signIn(email: string, password: string): Promise<DirectoryAccount | null>;
  /** The account by id (a token's subject). */
  lookup(id: string): Promise<DirectoryLookup>;
}

export interface OfficesAccountDirectoryOptions {
  readonly officesUrl: string;
  readonly internalApiToken: string;
  readonly timeoutMs?: number;
  readonly fetch?: typeof fetch;
}

function toAccount(account: DevAccount): DirectoryAccount {
  return { user: account.user, office: account.office };
}

/** The offices service's /internal/dev-accounts. Failures to reach it are 503s: never a sign-in by default. */
export function officesAccountDirectory(options: OfficesAccountDirectoryOptions): AccountDirectory {
  const doFetch = options.fetch ?? fetch;
  async function call(path: string, init: { method?: string; body?: string } = {}): Promise<Response> {
    try {
      return await doFetch(new URL(path, options.officesUrl), {
        ...init,
        headers: {
          [INTERNAL_TOKEN_HEADER]: options.internalApiToken,
          accept: 'application/json',
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
      });
    } catch (error) {
      throw Object.assign(new ServiceUnavailable('The account directory is unavailable, retry later'), { cause: error });
    }
  }
  async function read<T>(response: Response, schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } }, what: string): Promise<T> {
    if (!response.ok) {
      await response.body?.cancel();
      throw new ServiceUnavailable(`The account directory answered ${response.status} to ${what}`);
    }
    const parsed = schema.safeParse(await response.json());
    if (!parsed.success) throw new ServiceUnavailable(`The account directory answered ${what} unexpectedly`);
    return parsed.data;
  }

  return {
    async signIn(email, password) {
      const response = await call('/internal/dev-accounts/sign-in', { method: 'POST', body: JSON.stringify({ email, password }) });
      // 401: wrong e-mail or password, or deactivated; 400: not even a possible e-mail and password.
      if (response.status === 401 || response.status === 400) {
        await response.body?.cancel();
        return null;
      }
      return toAccount(await read(response, DevAccount, 'a sign-in'));
    },
    async lookup(id) {
      const response = await call(`/internal/dev-accounts/${encodeURIComponent(id)}`);
      if (response.status === 404) {
        await response.body?.cancel();
        return { status: 'unknown' };
      }
      const found = await read(response, DevAccountLookup, 'an account look-up');
      return found.status === 'active' ? { status: 'active', account: toAccount(found.account) } : found;
    },
  };
}
