/**
 * Who may sign in, and with which claims: the seeded demo users (password DEMO_PASSWORD, hashed at start) and,
 * when the provider runs beside the offices service, the accounts it keeps (account-directory.ts).
 *
 * With a directory it has the last word on every account it knows: a deactivated user is refused sign-in and
 * every later token (a refresh token then fails with invalid_grant), and an active account's claims are the
 * directory's (roles and offices as changed on /management, deactivated offices left out). Accounts it does not
 * know (no offices service yet, a test's own users) keep their seeded claims.
 */
import { type AccountDirectory } from './account-directory';
import { type IssuedSessionClaims, sessionClaimsFor } from './claims';
import { type PasswordVerifier } from './passwords';
import { type DemoOffice, type DemoUser } from './users';

export interface Account {
  readonly id: string;
  readonly claims: IssuedSessionClaims;
}

export interface Accounts {
  /** The sign-in page's check: the account's id when the e-mail and password match an active account. */
  readonly verifier: PasswordVerifier<{ readonly id: string }>;
  /** The account a token names, with its claims now; undefined when there is none or it is deactivated. */
  find(id: string): Promise<Account | undefined>;
}

export interface AccountsOptions {
  readonly users: readonly DemoUser[];
  readonly offices: readonly DemoOffice[];
  /** The seeded users' passwords. */
  readonly seeded: PasswordVerifier<DemoUser>;
  /** The directory in use now (it may be connected after start, once the offices service listens). */
  readonly directory: () => AccountDirectory | undefined;
}

export function createAccounts({ users, offices, seeded, directory }: AccountsOptions): Accounts {
  const usersById = new Map(users.map((user) => [user.id, user]));
  const seededAccount = (user: DemoUser): Account => ({ id: user.id, claims: sessionClaimsFor(user, offices) });

  return {
    verifier: {
      async verify(email, password) {
        const user = await seeded.verify(email, password);
        const current = directory();
        if (user) {
          if (!current) return user;
          return (await current.lookup(user.id)).status === 'deactivated' ? undefined : user;
        }
        const account = await current?.signIn(email, password);
        return account ? { id: account.user.id } : undefined;
      },
    },
    async find(id) {
      const found = await directory()?.lookup(id);
      if (found?.status === 'deactivated') return undefined;
      if (found?.status === 'active') {
        const { user, office } = found.account;
        return { id: user.id, claims: sessionClaimsFor(user, office === null ? [] : [office]) };
      }
      const user = usersById.get(id);
      return user ? seededAccount(user) : undefined;
    },
  };
}
