/**
 * Every service's OpenAPI 3.1 document, generated from its routes' zod schemas (@fastify/swagger with the kit's
 * transform, route-transform.ts: request parts as zod's input types, responses as its output types) and served on
 * GET /openapi.json. That route is outside /api: the gateway never proxies it, so only callers inside the
 * cluster reach it (the gateway merges the documents at /api/docs/openapi.json, gateway/src/docs). It needs no
 * token, like /healthz: the document names routes and shapes, never data.
 *
 * Each operation says who may call it (api-route-access.ts) from contracts' API_ROUTES, and is tagged with the
 * service's name; routes that opt out of authentication (`config: { auth: false }`) have no security requirement.
 */
import swagger, { type SwaggerTransformObject } from '@fastify/swagger';
import type { Server } from '../server';
import { BEARER_SCHEME, BEARER_SECURITY_SCHEME } from './api-route-access';
import { routeTransform } from './route-transform';
import type { SharedSchemas } from './zod-json-schema';

/** Where each service serves its own document (not under /api: never proxied by the gateway). */
export const OPENAPI_PATH = '/openapi.json';

export const OPENAPI_VERSION = '3.1.0';

export interface OpenApiOptions {
  /** The service's name: the document's title and every operation's tag. */
  readonly name: string;
  /** info.version; default '1'. */
  readonly version?: string;
}

/**
 * Collects the routes registered after it (register it before the service's routes) and serves the document
 * they make on GET /openapi.json.
 */
export async function registerOpenApi(app: Server, options: OpenApiOptions): Promise<void> {
  const shared: SharedSchemas = new Map();
  await app.register(swagger, {
    openapi: {
      openapi: OPENAPI_VERSION,
      info: { title: `The ${options.name} service`, version: options.version ?? '1' },
      components: { securitySchemes: { [BEARER_SCHEME]: { ...BEARER_SECURITY_SCHEME } } },
      security: [{ [BEARER_SCHEME]: [] }],
    },
    transform: routeTransform(options.name, shared),
    // After every route's transform: the definitions their schemas share (zod-json-schema.ts).
    transformObject: (document) => {
      const { openapiObject } = document as { openapiObject: { components?: { schemas?: object } } };
      const schemas = { ...openapiObject.components?.schemas, ...Object.fromEntries(shared) };
      return { ...openapiObject, components: { ...openapiObject.components, schemas } } as ReturnType<SwaggerTransformObject>;
    },
  });
  app.get(OPENAPI_PATH, { config: { auth: false, rateLimit: false }, schema: { hide: true } }, () => app.swagger());
}
