/**
 * /internal/dev-accounts: the development identity provider's look-up of the accounts invited here. Registered only
 * with DEV_IDP_ACCOUNTS (never where a production identity provider signs users in: 404 there), behind the internal
 * token like every /internal route; the gateway never proxies /internal.
 */
import { DevAccount, DevAccountLookup, DevAccountSignInInput } from '@dv/contracts';
import { IdParams, NotFound, Unauthorized, type Server } from '@dv/kit';
import { requireInternalToken } from '../internal/internal-token';
import { type DevAccountService } from './dev-accounts.service';

export const DEV_ACCOUNT_REFUSED = 'Wrong e-mail or password, or the account is deactivated';

export function devAccountRoutes(app: Server, deps: { accounts: DevAccountService; internalApiToken: string }): void {
  const onRequest = requireInternalToken(deps.internalApiToken);
  const config = { auth: false as const };

  app.post(
    '/internal/dev-accounts/sign-in',
    { config, onRequest, schema: { body: DevAccountSignInInput, response: { 200: DevAccount } } },
    async (request) => {
      const account = await deps.accounts.signIn(request.body.email, request.body.password);
      if (!account) throw new Unauthorized(DEV_ACCOUNT_REFUSED);
      return account;
    },
  );

  app.get(
    '/internal/dev-accounts/:id',
    { config, onRequest, schema: { params: IdParams, response: { 200: DevAccountLookup } } },
    async (request) => {
      const found = await deps.accounts.lookup(request.params.id);
      if (!found) throw new NotFound('User not found');
      return found;
    },
  );
}
