/**
 * The API reference under /api/docs, served by the gateway itself (never proxied: no service has an /api/docs
 * route, and the API guard leaves these paths to the routes below):
 * - GET /api/docs: the reference UI (reference-page.ts), and its script and Swagger UI's files;
 * - GET /api/docs/openapi.json: the merged document (merge-documents.ts) of the services' documents.
 * The page and its files are the same for everyone and say nothing about the API; the document is public only
 * where API_DOCS_PUBLIC says so, otherwise it is a company user's (docs-access.ts).
 */
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { Server, TokenVerifier } from '@dv/kit';
import { docsAccess } from './docs-access';
import { mergeApiDocuments } from './merge-documents';
import {
  API_DOCS_ASSETS_PREFIX,
  API_DOCS_DOCUMENT_PATH,
  API_DOCS_PATH,
  API_DOCS_SCRIPT_PATH,
  REFERENCE_PAGE,
  REFERENCE_SCRIPT,
  SWAGGER_UI_FILES,
} from './reference-page';
import { serviceDocuments } from './service-documents';

/** How long a service's document is kept before it is asked for again. */
const DOCUMENT_CACHE_TTL_MS = 60_000;
/** How long the gateway waits for one service's document. */
const DOCUMENT_TIMEOUT_MS = 5_000;

export interface ApiDocsOptions {
  /** The document without a token (development); otherwise company users only. */
  readonly isPublic: boolean;
  readonly verifier: TokenVerifier;
  /** Base URL per service, as the proxy has them. */
  readonly upstreams: Readonly<Partial<Record<string, string>>>;
  readonly cacheTtlMs?: number;
}

const swaggerUiDir = () => path.dirname(require.resolve('swagger-ui-dist/package.json'));

export async function registerApiDocs(app: Server, options: ApiDocsOptions): Promise<void> {
  const documents = serviceDocuments({
    upstreams: options.upstreams,
    timeoutMs: DOCUMENT_TIMEOUT_MS,
    cacheTtlMs: options.cacheTtlMs ?? DOCUMENT_CACHE_TTL_MS,
  });

  app.get(API_DOCS_PATH, (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(REFERENCE_PAGE),
  );
  app.get(API_DOCS_SCRIPT_PATH, (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(REFERENCE_SCRIPT),
  );
  app.get(API_DOCS_DOCUMENT_PATH, { onRequest: docsAccess(options) }, async (_request, reply) => {
    // A company user's answer is theirs; a public one may be kept by the browser, but checked each time.
    void reply.header('cache-control', options.isPublic ? 'no-cache' : 'private, no-store');
    return mergeApiDocuments(await documents.load());
  });
  await app.register(fastifyStatic, {
    root: swaggerUiDir(),
    prefix: API_DOCS_ASSETS_PREFIX,
    decorateReply: false,
    index: false,
    allowedPath: (pathname) => (SWAGGER_UI_FILES as readonly string[]).includes(pathname.replace(/^\//, '')),
  });
}
