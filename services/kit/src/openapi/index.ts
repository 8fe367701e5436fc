export {
  accessExtensions,
  accessSentence,
  apiRouteOf,
  BEARER_SCHEME,
  BEARER_SECURITY_SCHEME,
  describeAccess,
  pathParameterNames,
  routeShape,
  securityOf,
  toOpenApiPath,
  type AccessExtensions,
  type AccessKind,
} from './api-route-access';
export { fileResponse, NoContent } from './responses';
export { OPENAPI_PATH, OPENAPI_VERSION, registerOpenApi, type OpenApiOptions } from './register-openapi';
export {
  routeKeyOf,
  routeSchemaGaps,
  watchInputReads,
  type InputPart,
  type InputReads,
  type RouteSchemaOptions,
} from './schema-gaps';
