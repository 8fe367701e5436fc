/**
 * What a route's schema options leave out of its OpenAPI operation. An /api route documents its success answer
 * (a response schema for a 2xx status), its path parameters when the path has any, and the query string and body
 * whenever its handler reads them (observed by watchInputReads while the route is called). Without those the
 * document shows a route that takes or answers anything, and the service accepts input nobody validated.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

export type InputPart = 'querystring' | 'body';

export interface RouteSchemaOptions {
  readonly method: string | readonly string[];
  readonly url: string;
  readonly schema?: Readonly<Record<string, unknown>>;
}

const SUCCESS_STATUS = /^2(\d\d|xx)$/i;

function hasSuccessResponse(schema: Readonly<Record<string, unknown>> | undefined): boolean {
  const response = schema?.response;
  return typeof response === 'object' && response !== null && Object.keys(response).some((status) => SUCCESS_STATUS.test(status));
}

/** The parts the route's schema is missing; `reads` are the input parts its handler was seen reading. */
export function routeSchemaGaps(route: RouteSchemaOptions, reads: ReadonlySet<InputPart> = new Set()): string[] {
  const { schema } = route;
  const gaps: string[] = [];
  if (!hasSuccessResponse(schema)) gaps.push('a response schema for its success status');
  if (/\/:/.test(route.url) && schema?.params === undefined) gaps.push('a params schema');
  for (const part of reads) if (schema?.[part] === undefined) gaps.push(`a ${part} schema (its handler reads the ${part})`);
  return gaps;
}

/** `GET /api/plans/:id`: one key per method and URL as registered. */
export const routeKeyOf = (method: string, url: string): string => `${method.toUpperCase()} ${url}`;

export interface InputReads {
  /** The input parts read by each route's handler (after validation), by routeKeyOf. */
  readonly byRoute: ReadonlyMap<string, ReadonlySet<InputPart>>;
}

const REQUEST_PROPERTY: Readonly<Record<InputPart, 'query' | 'body'>> = { querystring: 'query', body: 'body' };

/**
 * Records which routes read request.query and request.body after validation: from then on each is a property
 * whose reads are counted (the value is unchanged). Add it to an instance before its routes (tests only).
 */
export function watchInputReads(app: Pick<FastifyInstance, 'addHook'>): InputReads {
  const byRoute = new Map<string, Set<InputPart>>();
  const record = (request: FastifyRequest, part: InputPart) => {
    const key = routeKeyOf(request.method === 'HEAD' ? 'GET' : request.method, request.routeOptions.url ?? request.url);
    const parts = byRoute.get(key) ?? new Set<InputPart>();
    parts.add(part);
    byRoute.set(key, parts);
  };
  app.addHook('preHandler', (request, _reply, done) => {
    for (const part of ['querystring', 'body'] as const) {
      const property = REQUEST_PROPERTY[part];
      let value: unknown = request[property];
      Object.defineProperty(request, property, {
        configurable: true,
        enumerable: true,
        get() {
          record(request, part);
          return value;
        },
        set(next: unknown) {
          value = next;
        },
      });
    }
    done();
  });
  return { byRoute };
}
