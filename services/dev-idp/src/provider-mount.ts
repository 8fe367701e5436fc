/**
 * oidc-provider on the Fastify app: its paths (discovery, and each endpoint with what lies under it) are handed
 * to the provider's own request listener, body unread and headers its own; and the icon every browser asks for.
 */
import { type IncomingMessage, type ServerResponse } from 'node:http';
import { type Server } from '@dv/kit';
import { PROVIDER_ROUTES } from './provider-configuration';

export type RequestListener = (req: IncomingMessage, res: ServerResponse) => Promise<void> | void;

/** Discovery, and every endpoint with its sub-paths (/auth/:uid resumes, /session/end/confirm, ...). */
const PROVIDER_PATHS = ['/.well-known/*', ...new Set(Object.values(PROVIDER_ROUTES).flatMap((path) => [path, `${path}/*`]))];

export async function mountProvider(app: Server, deps: { readonly listener: () => RequestListener }): Promise<void> {
  await app.register((provider: Server, _options, done) => {
    // oidc-provider reads and limits bodies itself: Fastify leaves every body unread for it.
    provider.removeAllContentTypeParsers();
    provider.addContentTypeParser('*', (_request, _payload, parsed) => parsed(null));
    for (const url of PROVIDER_PATHS) {
      provider.route({
        method: ['GET', 'POST', 'OPTIONS'],
        url,
        // The provider sets its own headers. Helmet's policy would stop the sign-out page's script, and its
        // form-action the redirect after a sign-out form to the client's post-logout URI.
        helmet: false,
        handler: async (request, reply) => {
          const listener = deps.listener();
          reply.hijack();
          await listener(request.raw, reply.raw);
        },
      });
    }
    done();
  });

  // Browsers ask every page's host for an icon; the provider has none, and a 404 is a console error.
  app.get('/favicon.ico', (_request, reply) => reply.code(204).header('cache-control', 'public, max-age=86400').send());
}
