/**
 * The sign-in interaction behind oidc-provider's `interactions.url`:
 *
 *   GET  /interaction/:uid        login prompt: the sign-in page; consent prompt: granted at once (every client
 *                                 of this provider is the product's own, so there is nothing to ask)
 *   POST /interaction/:uid/login  checks email and password; on success finishes the login, else shows the page
 *                                 again with the error and issues nothing (429 with Retry-After once the account
 *                                 or the address has used up its failed attempts, see sign-in-throttle.ts)
 *   GET  /interaction/:uid/abort  ends the request with access_denied
 */
import { type IncomingMessage, type ServerResponse } from 'node:http';
import { errors, type Provider } from 'oidc-provider';
import { z } from 'zod';
import { readBody, sendHtml } from './http-io';
import { errorPage, SIGN_IN_ERROR, SIGN_IN_UNAVAILABLE, signInLimitedError, signInPage } from './pages';
import { type PasswordVerifier } from './passwords';
import { type SignInThrottle, SignInThrottleUnavailable } from './sign-in-throttle';
import { type DemoUser } from './users';

export type InteractionAction = 'show' | 'login' | 'abort';

export interface InteractionDeps {
  readonly provider: Provider;
  readonly verifier: PasswordVerifier<DemoUser>;
  readonly throttle: SignInThrottle;
  readonly clientNames: ReadonlyMap<string, string>;
  readonly demoEmails: readonly string[];
  readonly demoPassword?: string;
  /** Told when the attempt counters cannot be reached (the sign-in then answers 503). */
  readonly onUnavailable: (error: Error) => void;
}

const InteractionParams = z.looseObject({
  client_id: z.string(),
  login_hint: z.string().optional(),
});

const ConsentDetails = z.looseObject({
  missingOIDCScope: z.array(z.string()).optional(),
  missingOIDCClaims: z.array(z.string()).optional(),
  missingResourceScopes: z.record(z.string(), z.array(z.string())).optional(),
});

const SignInForm = z.object({
  email: z.string().default(''),
  password: z.string().default(''),
});

/** Thrown for a request that does not fit the interaction it names; rendered as a 400 page. */
class InteractionMismatch extends Error {}

export function createInteractionHandler(deps: InteractionDeps) {
  const { provider, verifier } = deps;

  async function interactionFor(req: IncomingMessage, res: ServerResponse, uid: string) {
    // Reads the interaction bound to this browser's interaction cookie; throws SessionNotFound without one.
    const interaction = await provider.interactionDetails(req, res);
    if (interaction.uid !== uid) throw new InteractionMismatch('This sign-in request belongs to another window.');
    return interaction;
  }

  function renderSignIn(
    res: ServerResponse,
    statusCode: number,
    input: { uid: string; clientId: string; email?: string; error?: string },
    headers: Record<string, string> = {},
  ) {
    const { demoEmails, demoPassword } = deps;
    sendHtml(
      res,
      statusCode,
      signInPage({
        uid: input.uid,
        clientName: deps.clientNames.get(input.clientId) ?? input.clientId,
        ...(input.email === undefined ? {} : { email: input.email }),
        ...(input.error === undefined ? {} : { error: input.error }),
        demoEmails,
        ...(demoPassword === undefined ? {} : { demoPassword }),
      }),
      headers,
    );
  }

  async function show(req: IncomingMessage, res: ServerResponse, uid: string) {
    const interaction = await interactionFor(req, res, uid);
    const params = InteractionParams.parse(interaction.params);
    switch (interaction.prompt.name) {
      case 'login':
        renderSignIn(res, 200, {
          uid,
          clientId: params.client_id,
          ...(params.login_hint === undefined ? {} : { email: params.login_hint }),
        });
        return;
      case 'consent': {
        const accountId = interaction.session?.accountId;
        if (accountId === undefined) throw new InteractionMismatch('Consent was asked before sign-in.');
        const details = ConsentDetails.parse(interaction.prompt.details);
        const grant = interaction.grantId
          ? await provider.Grant.find(interaction.grantId)
          : new provider.Grant({ accountId, clientId: params.client_id });
        if (!grant) throw new InteractionMismatch('The grant of this sign-in request no longer exists.');
        if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope.join(' '));
        if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims);
        for (const [indicator, scopes] of Object.entries(details.missingResourceScopes ?? {})) {
          grant.addResourceScope(indicator, scopes.join(' '));
        }
        const grantId = await grant.save();
        await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
        return;
      }
      default:
        throw new InteractionMismatch(`Unsupported prompt "${interaction.prompt.name}".`);
    }
  }

  async function login(req: IncomingMessage, res: ServerResponse, uid: string) {
    const interaction = await interactionFor(req, res, uid);
    if (interaction.prompt.name !== 'login') throw new InteractionMismatch('This request is not waiting for a sign-in.');
    const form = SignInForm.parse(Object.fromEntries(new URLSearchParams(await readBody(req))));
    const outcome = await deps.throttle.attempt({ email: form.email, address: req.socket.remoteAddress ?? '' }, () =>
      verifier.verify(form.email, form.password),
    );
    const again = { uid, clientId: InteractionParams.parse(interaction.params).client_id, email: form.email };
    switch (outcome.kind) {
      case 'signedIn':
        await provider.interactionFinished(req, res, { login: { accountId: outcome.user.id } }, { mergeWithLastSubmission: false });
        return;
      case 'refused':
        renderSignIn(res, 401, { ...again, error: SIGN_IN_ERROR });
        return;
      case 'limited':
        renderSignIn(res, 429, { ...again, error: signInLimitedError(outcome.retryAfterSeconds) }, {
          'retry-after': String(outcome.retryAfterSeconds),
        });
        return;
    }
  }

  async function abort(req: IncomingMessage, res: ServerResponse, uid: string) {
    await interactionFor(req, res, uid);
    await provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'The user cancelled the sign-in.' },
      { mergeWithLastSubmission: false },
    );
  }

  return async function handleInteraction(
    req: IncomingMessage,
    res: ServerResponse,
    uid: string,
    action: InteractionAction,
  ): Promise<void> {
    try {
      switch (action) {
        case 'show':
          return await show(req, res, uid);
        case 'login':
          return await login(req, res, uid);
        case 'abort':
          return await abort(req, res, uid);
      }
    } catch (error) {
      if (error instanceof InteractionMismatch) {
        sendHtml(res, 400, errorPage('invalid_request', error.message));
        return;
      }
      if (error instanceof SignInThrottleUnavailable) {
        deps.onUnavailable(error);
        sendHtml(res, 503, errorPage('temporarily_unavailable', SIGN_IN_UNAVAILABLE), { 'retry-after': '5' });
        return;
      }
      // oidc-provider's errors carry an HTTP status and an OAuth error code (an expired interaction is
      // SessionNotFound, 400); anything else is ours and propagates to the server's 500 handler.
      if (error instanceof errors.OIDCProviderError) {
        sendHtml(res, error.status, errorPage(error.error, error.error_description));
        return;
      }
      throw error;
    }
  };
}

