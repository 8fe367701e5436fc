/**
 * The SPA's built files, with history fallback: a browser navigating to any page path (GET, Accept text/html,
 * not an API path) gets index.html and the SPA's router takes over. Hashed assets are cached for a year,
 * index.html never. The build writes brotli and gzip copies of its text files (web/vite.config.ts): they are sent
 * as they are to a browser that accepts them, so nothing is compressed per request. Source maps stay on the
 * server (404). Without a build, a small page says so instead.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { NotFound, type Server } from '@dv/kit';
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface SpaOptions {
  readonly webDistDir: string;
}

export const WEB_APP_NOT_BUILT_PAGE = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Verific</title></head>
  <body style="font-family: sans-serif; max-width: 40rem; margin: 4rem auto">
    <h1>The web app is not built</h1>
    <p>The gateway is running, but it found no built web app to serve. Build it with <code>npm run build</code>
    (or <code>npm run build --workspace web</code>) and restart. The API is available under <code>/api</code>.</p>
  </body>
</html>
`;

/** Paths that belong to the API, the services or the probes: never answered with the SPA. */
const RESERVED = [/^\/api(\/|$)/, /^\/internal(\/|$)/, /^\/socket\.io(\/|$)/, /^\/healthz$/, /^\/readyz$/];

function isReserved(pathname: string): boolean {
  return RESERVED.some((pattern) => pattern.test(pathname));
}

function acceptsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  return typeof accept === 'string' && accept.toLowerCase().includes('text/html');
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Build files that are never URLs of their own: source maps (they would publish the source) and the
 * precompressed copies, which are sent only in place of their original.
 */
const NOT_SERVED = ['**/*.map', '**/*.br', '**/*.gz'];

function isSourceMap(pathname: string): boolean {
  return pathname.endsWith('.map');
}

export async function registerSpa(app: Server, options: SpaOptions): Promise<void> {
  const root = path.resolve(options.webDistDir);
  const built = existsSync(path.join(root, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root,
      // One route per file of the build, found at start: nothing outside it is ever served.
      wildcard: false,
      globIgnore: NOT_SERVED,
      // x.br or x.gz in place of x, by the request's Accept-Encoding; x itself to a client that accepts neither.
      preCompressed: true,
      // Cache headers are ours (setHeaders): a year for hashed assets, revalidation for everything else.
      cacheControl: false,
      index: false,
      setHeaders(response, filePath) {
        const assets = `${path.sep}assets${path.sep}`;
        response.setHeader('cache-control', filePath.includes(assets) ? IMMUTABLE : 'no-cache');
        // The body depends on Accept-Encoding: a shared cache must not hand brotli to a client that asked for gzip.
        response.setHeader('vary', 'accept-encoding');
      },
    });
  } else {
    app.log.warn({ webDistDir: root }, 'the web app is not built; serving a placeholder page');
  }

  const sendApp = (reply: FastifyReply): FastifyReply =>
    built
      ? reply.header('cache-control', 'no-cache').sendFile('index.html')
      : reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(WEB_APP_NOT_BUILT_PAGE);

  app.get('/', async (_request, reply) => sendApp(reply));
  app.get('/*', async (request, reply) => {
    const pathname = request.url.split('?', 1)[0] ?? '/';
    if (isReserved(pathname) || isSourceMap(pathname) || !acceptsHtml(request)) {
      throw new NotFound(`Route GET ${pathname} not found`);
    }
    return sendApp(reply);
  });
}
