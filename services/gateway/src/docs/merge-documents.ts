/**
 * The API's one OpenAPI 3.1 document, made from contracts' API_ROUTES (the gateway's table) and the services' own
 * documents: every call of the table appears under the table's path with its method, and the service's operation
 * for it (parameters, request body, responses, from the service's zod schemas). Each operation is tagged with its
 * service and says who may call it (x-access, x-roles, security, the description's first line), from the table.
 *
 * A call whose service's document could not be had still appears, marked `x-undocumented: true`, with its path
 * parameters and access; `x-unavailable-services` names those services. Component schemas of a service are
 * renamed `<service>.<name>`, so two services may use the same name.
 */
import { API_ROUTES, type ApiRoute, type ServiceName } from '@dv/contracts';
import {
  accessExtensions,
  BEARER_SCHEME,
  BEARER_SECURITY_SCHEME,
  describeAccess,
  OFFICE_HEADER,
  OPENAPI_VERSION,
  pathParameterNames,
  routeShape,
  securityOf,
} from '@dv/kit';

type Json = Record<string, unknown>;

/** The part of a service's document the merge reads. */
export interface ServiceDocument {
  readonly paths: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly components?: { readonly schemas?: Readonly<Record<string, unknown>> };
}

/** A service's document, or why there is none. */
export type DocumentSource = ServiceDocument | { readonly unavailable: string };

export interface OpenApiDocument extends Json {
  readonly openapi: string;
  readonly paths: Record<string, Record<string, Json>>;
}

const SCHEMA_REF = '#/components/schemas/';

const OFFICE_PARAMETER = {
  name: OFFICE_HEADER,
  in: 'header',
  required: false,
  description:
    'The office the call is made for. Office users name one of their offices; company users any office of their organization.',
  schema: { type: 'string' },
};

function isDocument(source: DocumentSource | undefined): source is ServiceDocument {
  return source !== undefined && !('unavailable' in source);
}

/** A copy in which references to component schemas name the service's renamed ones. */
function withServiceRefs<T>(value: T, service: ServiceName): T {
  return JSON.parse(JSON.stringify(value), (key, child: unknown) =>
    key === '$ref' && typeof child === 'string' && child.startsWith(SCHEMA_REF)
      ? `${SCHEMA_REF}${service}.${child.slice(SCHEMA_REF.length)}`
      : child,
  ) as T;
}

/** The service's operation for a call of the table, found by method and path shape (parameter names aside). */
function serviceOperation(document: ServiceDocument, route: ApiRoute): { path: string; operation: Json } | undefined {
  const shape = routeShape(route.path);
  const method = route.method.toLowerCase();
  for (const [path, item] of Object.entries(document.paths)) {
    const operation = item[method];
    if (routeShape(path) === shape && typeof operation === 'object' && operation !== null) return { path, operation: operation as Json };
  }
  return undefined;
}

/** The service's path parameters under the table's names, position by position. */
function renameParameters(operation: Json, servicePath: string, tablePath: string): Json {
  const from = pathParameterNames(servicePath);
  const to = pathParameterNames(tablePath);
  const parameters = Array.isArray(operation.parameters) ? (operation.parameters as Json[]) : [];
  return {
    ...operation,
    parameters: parameters.map((parameter) => {
      const index = parameter.in === 'path' ? from.indexOf(String(parameter.name)) : -1;
      return index >= 0 && to[index] !== undefined ? { ...parameter, name: to[index] } : parameter;
    }),
  };
}

function undocumented(route: ApiRoute, reason: string): Json {
  return {
    summary: `${route.method} ${route.path}`,
    description: `Not documented: ${reason}.`,
    parameters: pathParameterNames(route.path).map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
    responses: { default: { description: 'Not documented.' } },
    'x-undocumented': true,
  };
}

function whyUndocumented(route: ApiRoute, source: DocumentSource | undefined): string {
  if (isDocument(source)) return `the ${route.service} service's document does not describe this call`;
  return `the ${route.service} service's document was not available (${source?.unavailable ?? 'not asked'})`;
}

function operationFor(route: ApiRoute, source: DocumentSource | undefined): Json {
  const found = isDocument(source) ? serviceOperation(source, route) : undefined;
  const base = found
    ? renameParameters(withServiceRefs(found.operation, route.service), found.path, route.path)
    : undocumented(route, whyUndocumented(route, source));
  const parameters = ((base.parameters as Json[] | undefined) ?? []).filter((parameter) => parameter.name !== OFFICE_HEADER);
  if (route.access !== 'public') parameters.push(OFFICE_PARAMETER);
  return {
    ...base,
    tags: [route.service],
    parameters,
    description: describeAccess(route, base.description),
    security: securityOf(route),
    'x-service': route.service,
    ...accessExtensions(route),
    ...(route.pages ? { 'x-pages': [...route.pages] } : {}),
  };
}

function componentSchemas(documents: ReadonlyMap<ServiceName, DocumentSource>): Json {
  const schemas: Json = {};
  for (const [service, source] of documents) {
    if (!isDocument(source)) continue;
    for (const [name, schema] of Object.entries(source.components?.schemas ?? {})) {
      schemas[`${service}.${name}`] = withServiceRefs(schema, service);
    }
  }
  return schemas;
}

export interface MergeOptions {
  readonly routes?: readonly ApiRoute[];
  readonly version?: string;
}

export function mergeApiDocuments(documents: ReadonlyMap<ServiceName, DocumentSource>, options: MergeOptions = {}): OpenApiDocument {
  const routes = options.routes ?? API_ROUTES;
  const paths: Record<string, Record<string, Json>> = {};
  for (const route of routes) {
    const item = (paths[route.path] ??= {});
    item[route.method.toLowerCase()] = operationFor(route, documents.get(route.service));
  }
  const services = [...new Set(routes.map((route) => route.service))];
  const unavailable = services.filter((service) => !isDocument(documents.get(service)));
  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: 'Verific API',
      version: options.version ?? '1',
      description:
        'Every call the gateway serves under /api, from the gateway\'s route table. Each operation\'s x-access is ' +
        '"public", "authenticated" or "roles", and x-roles lists the roles that may call it; the gateway and the ' +
        'service both check them.',
    },
    servers: [{ url: '/' }],
    tags: services.map((service) => ({ name: service, description: `Served by the ${service} service.` })),
    paths,
    components: { schemas: componentSchemas(documents), securitySchemes: { [BEARER_SCHEME]: { ...BEARER_SECURITY_SCHEME } } },
    security: [{ [BEARER_SCHEME]: [] }],
    ...(unavailable.length > 0 ? { 'x-unavailable-services': unavailable } : {}),
  };
}
