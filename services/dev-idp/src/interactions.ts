/**
 * The sign-in interaction behind oidc-provider's `interactions.url`:
 *
 *   GET  /interaction/:uid        login prompt: the sign-in page; consent prompt: granted at once (every client
 *                                 of this provider is the product's own, so there is nothing to ask)
 *   POST /interaction/:uid/login  checks email and password; on success finishes the login, else shows the page
 *                                 again with the error and issues nothing (429 with Retry-After once the account
 *                                 or the address has used up its failed attempts, see sign-in-throttle.ts)
 *   GET  /interaction/:uid/abort  ends the request with access_denied
 *
 * Every answer is a page, errors included: a browser shows them to a person.
 */
import { type HttpSettings, renderError, type Server } from '@dv/kit';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { errors, type Provider } from 'oidc-provider';
import { z } from 'zod';
import { errorPage, SIGN_IN_ERROR, SIGN_IN_UNAVAILABLE, signInLimitedError, signInPage } from './pages';
import { type PasswordVerifier } from './passwords';
import { type SignInThrottle, SignInThrottleUnavailable } from './sign-in-throttle';

export interface InteractionDeps {
  /** The provider once it is open; throws (503) before. */
  readonly provider: () => Provider;
  /** Seeded users and, beside the offices service, the accounts it keeps (accounts.ts). */
  readonly verifier: PasswordVerifier<{ readonly id: string }>;
  readonly throttle: SignInThrottle;
  readonly clientNames: ReadonlyMap<string, string>;
  readonly demoEmails: readonly string[];
  readonly demoPassword?: string;
}

/** The sign-in form is small; anything bigger is not from the page. */
const FORM_BODY_LIMIT_BYTES = 16 * 1024;

/**
 * The pages use no scripts and only their own inline style. Form targets are left open: the sign-in form's answer
 * redirects on to the client's redirect URI, which form-action would block (and helmet's default policy has).
 */
const PAGE_HEADERS: NonNullable<HttpSettings['helmet']> = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], styleSrc: ["'unsafe-inline'"], frameAncestors: ["'none'"], baseUri: ["'none'"] },
  },
  frameguard: { action: 'deny' },
};

const InteractionParams = z.looseObject({
  client_id: z.string(),
  login_hint: z.string().optional(),
});

const ConsentDetails = z.looseObject({
  missingOIDCScope: z.array(z.string()).optional(),
  missingOIDCClaims: z.array(z.string()).optional(),
  missingResourceScopes: z.record(z.string(), z.array(z.string())).optional(),
});

const UidParams = z.object({ uid: z.string().regex(/^[A-Za-z0-9_-]+$/) });

const SignInForm = z.object({
  email: z.string().default(''),
  password: z.string().default(''),
});

/** Thrown for a request that does not fit the interaction it names; rendered as a 400 page. */
class InteractionMismatch extends Error {}

function sendPage(reply: FastifyReply, statusCode: number, html: string): FastifyReply {
  return reply.code(statusCode).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}

/** Errors as pages: the provider's with their OAuth error code, ours by what the client may learn of them. */
function renderPageError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof InteractionMismatch) return sendPage(reply, 400, errorPage('invalid_request', error.message));
  if (error instanceof SignInThrottleUnavailable) {
    request.log.error({ err: error }, 'sign-in attempt counters unavailable');
    return sendPage(reply.header('retry-after', '5'), 503, errorPage('temporarily_unavailable', SIGN_IN_UNAVAILABLE));
  }
  // An expired interaction is SessionNotFound (400), and the like: each carries its status and OAuth error code.
  if (error instanceof errors.OIDCProviderError) {
    return sendPage(reply, error.status, errorPage(error.error, error.error_description));
  }
  const rendered = renderError(error);
  if (rendered.serverFault) request.log.error({ err: error }, 'request failed');
  return sendPage(reply, rendered.statusCode, errorPage(rendered.serverFault ? 'server_error' : 'invalid_request', rendered.message));
}

function parseForm(_request: FastifyRequest, body: string | Buffer, done: (error: Error | null, body?: unknown) => void) {
  done(null, Object.fromEntries(new URLSearchParams(body.toString())));
}

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;
type InteractionResult = Parameters<Provider['interactionResult']>[2];
type SignInInput = { uid: string; clientId: string; email?: string; error?: string };

async function interactionFor(provider: Provider, request: FastifyRequest, reply: FastifyReply, uid: string): Promise<Interaction> {
  // Reads the interaction bound to this browser's interaction cookie; throws SessionNotFound without one.
  const interaction = await provider.interactionDetails(request.raw, reply.raw);
  if (interaction.uid !== uid) throw new InteractionMismatch('This sign-in request belongs to another window.');
  return interaction;
}

/** Sends the browser on to the provider, which finishes the authorization request with this result. */
async function finish(provider: Provider, request: FastifyRequest, reply: FastifyReply, result: InteractionResult, merge: boolean) {
  const returnTo = await provider.interactionResult(request.raw, reply.raw, result, { mergeWithLastSubmission: merge });
  return reply.redirect(returnTo, 303);
}

function renderSignIn(deps: InteractionDeps, reply: FastifyReply, statusCode: number, input: SignInInput) {
  const { demoEmails, demoPassword } = deps;
  return sendPage(
    reply,
    statusCode,
    signInPage({
      uid: input.uid,
      clientName: deps.clientNames.get(input.clientId) ?? input.clientId,
      ...(input.email === undefined ? {} : { email: input.email }),
      ...(input.error === undefined ? {} : { error: input.error }),
      demoEmails,
      ...(demoPassword === undefined ? {} : { demoPassword }),
    }),
  );
}

/** Grants what the client asked for: every client of this provider is the product's own. */
async function grantConsent(provider: Provider, interaction: Interaction): Promise<string> {
  const accountId = interaction.session?.accountId;
  if (accountId === undefined) throw new InteractionMismatch('Consent was asked before sign-in.');
  const details = ConsentDetails.parse(interaction.prompt.details);
  const grant = interaction.grantId
    ? await provider.Grant.find(interaction.grantId)
    : new provider.Grant({ accountId, clientId: InteractionParams.parse(interaction.params).client_id });
  if (!grant) throw new InteractionMismatch('The grant of this sign-in request no longer exists.');
  if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope.join(' '));
  if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims);
  for (const [indicator, scopes] of Object.entries(details.missingResourceScopes ?? {})) {
    grant.addResourceScope(indicator, scopes.join(' '));
  }
  return grant.save();
}

async function show(deps: InteractionDeps, request: FastifyRequest, reply: FastifyReply, uid: string) {
  const provider = deps.provider();
  const interaction = await interactionFor(provider, request, reply, uid);
  const params = InteractionParams.parse(interaction.params);
  switch (interaction.prompt.name) {
    case 'login':
      return renderSignIn(deps, reply, 200, {
        uid,
        clientId: params.client_id,
        ...(params.login_hint === undefined ? {} : { email: params.login_hint }),
      });
    case 'consent':
      return finish(provider, request, reply, { consent: { grantId: await grantConsent(provider, interaction) } }, true);
    default:
      throw new InteractionMismatch(`Unsupported prompt "${interaction.prompt.name}".`);
  }
}

async function login(deps: InteractionDeps, request: FastifyRequest, reply: FastifyReply, uid: string, form: z.infer<typeof SignInForm>) {
  const provider = deps.provider();
  const interaction = await interactionFor(provider, request, reply, uid);
  if (interaction.prompt.name !== 'login') throw new InteractionMismatch('This request is not waiting for a sign-in.');
  const { email, password } = form;
  const outcome = await deps.throttle.attempt({ email, address: request.ip }, () => deps.verifier.verify(email, password));
  const again = { uid, clientId: InteractionParams.parse(interaction.params).client_id, email };
  switch (outcome.kind) {
    case 'signedIn':
      return finish(provider, request, reply, { login: { accountId: outcome.user.id } }, false);
    case 'refused':
      return renderSignIn(deps, reply, 401, { ...again, error: SIGN_IN_ERROR });
    case 'limited':
      return renderSignIn(deps, reply.header('retry-after', String(outcome.retryAfterSeconds)), 429, {
        ...again,
        error: signInLimitedError(outcome.retryAfterSeconds),
      });
  }
}

async function abort(deps: InteractionDeps, request: FastifyRequest, reply: FastifyReply, uid: string) {
  const provider = deps.provider();
  await interactionFor(provider, request, reply, uid);
  return finish(provider, request, reply, { error: 'access_denied', error_description: 'The user cancelled the sign-in.' }, false);
}

export async function interactionRoutes(app: Server, deps: InteractionDeps): Promise<void> {
  await app.register((pages: Server, _options, done) => {
    pages.setErrorHandler(renderPageError);
    pages.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT_BYTES }, parseForm);
    const page = { helmet: PAGE_HEADERS, schema: { params: UidParams } };
    pages.get('/interaction/:uid', page, (request, reply) => show(deps, request, reply, request.params.uid));
    pages.post('/interaction/:uid/login', { ...page, schema: { ...page.schema, body: SignInForm } }, (request, reply) =>
      login(deps, request, reply, request.params.uid, request.body),
    );
    pages.get('/interaction/:uid/abort', page, (request, reply) => abort(deps, request, reply, request.params.uid));
    done();
  });
}
