/**
 * Helmet's security headers on every reply, worked out once. @fastify/helmet calls helmet(options) for every
 * request: it builds the whole middleware again (the content security policy parsed and validated, a dozen
 * middlewares made) only to set the same headers as the request before. With fixed options the headers are fixed
 * too, so they are found once, by running the very helmet @fastify/helmet uses against a stand-in response, and
 * each reply gets that list.
 *
 * @fastify/helmet stays registered (without its global hook) for what depends on the request: a route's own
 * `helmet` option (a page with a stricter policy, or `helmet: false`), `reply.helmet()`, and options that are not
 * fixed (CSP nonces, a directive computed per request), which keep the plugin's global behaviour.
 */
import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyBaseLogger, FastifyInstance, FastifyTypeProvider } from 'fastify';

type HelmetMiddleware = (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void;
type Helmet = (options: object) => HelmetMiddleware;

/** The helmet that @fastify/helmet itself loads, whatever the install's layout. */
function helmetOfThePlugin(): Helmet {
  const pluginPath = require.resolve('@fastify/helmet');
  return require(require.resolve('helmet', { paths: [pluginPath] })) as Helmet; // eslint-disable-line @typescript-eslint/no-require-imports -- the plugin's own copy
}

/** A directive value helmet computes per request (a function) makes the policy depend on the request. */
function hasRequestDependentDirective(options: FastifyHelmetOptions): boolean {
  const policy = options.contentSecurityPolicy;
  if (typeof policy !== 'object' || policy === null) return false;
  return Object.values(policy.directives ?? {}).some(
    (value: unknown) => typeof value === 'function' || (Array.isArray(value) && value.some((entry) => typeof entry === 'function')),
  );
}

/** The headers helmet sets with these options, in its order; undefined when they depend on the request. */
export function fixedSecurityHeaders(options: FastifyHelmetOptions): ReadonlyArray<readonly [string, string]> | undefined {
  if (options.enableCSPNonces === true || hasRequestDependentDirective(options)) return undefined;
  const { global: _global, enableCSPNonces: _nonces, ...helmetOptions } = options;
  const headers: [string, string][] = [];
  const response = {
    setHeader(name: string, value: unknown) {
      headers.push([name, String(value)]);
    },
    removeHeader() {
      // X-Powered-By: nothing has set it when the hook runs, as with @fastify/helmet's own hook.
    },
  } as unknown as ServerResponse;
  let failure: unknown;
  helmetOfThePlugin()(helmetOptions)({} as IncomingMessage, response, (error) => {
    failure = error;
  });
  if (failure !== undefined) throw failure instanceof Error ? failure : new Error('helmet refused these options', { cause: failure });
  return headers;
}

/** Registers the security headers for every route of the app (see above). */
export async function registerSecurityHeaders<L extends FastifyBaseLogger, P extends FastifyTypeProvider>(
  app: FastifyInstance<HttpServer, IncomingMessage, ServerResponse, L, P>,
  options: FastifyHelmetOptions,
): Promise<void> {
  const fixed = fixedSecurityHeaders(options);
  if (fixed === undefined) {
    await app.register(fastifyHelmet, options);
    return;
  }
  await app.register(fastifyHelmet, { ...options, global: false });
  // Set as the reply's headers (written, and checked, once with the others) rather than on the raw response as
  // the plugin does: the answer is the same, a header set later (a proxied service's own) still winning.
  const headers = Object.fromEntries(fixed.map(([name, value]) => [name.toLowerCase(), value]));
  app.addHook('onRequest', (request, reply, done) => {
    // A route with a `helmet` option of its own gets the plugin's headers for it (or none, with `helmet: false`).
    if ((request.routeOptions.config as { helmet?: unknown }).helmet === undefined) void reply.headers(headers);
    done();
  });
}
