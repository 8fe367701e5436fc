// @dv/gateway: the BFF in front of every service.
export {
  gatewayService,
  startGateway,
  type GatewayStartOptions,
  type RunningGateway,
  type StartGatewayOptions,
} from './app';
export {
  DEFAULT_WEB_DIST_DIR,
  gatewayConfig,
  gatewayConfigFromEnv,
  GatewayEnv,
  type GatewayConfig,
} from './config';
export {
  UPSTREAM_ROUTES,
  UPSTREAM_SERVICES,
  UPSTREAM_URL_VARIABLES,
  upstreamRoutesOf,
  type UpstreamRoute,
  type UpstreamService,
  type UpstreamUrlVariable,
} from './proxy/upstream-table';
export { ROUTE_BODY_LIMITS, type RouteBodyLimit } from './limits/body-limit';
export { ORGANIZATION_HEADER } from './guard/identity-headers';
export { BACKCHANNEL_LOGOUT_PATH } from './auth/backchannel-logout';
export {
  createOfficesDirectory,
  INTERNAL_TOKEN_HEADER,
  type OfficesDirectory,
} from './directory/offices-directory';
export { WEB_APP_NOT_BUILT_PAGE } from './web/spa';
