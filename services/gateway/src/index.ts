// @dv/gateway: the BFF in front of every service.
export { buildGateway, type GatewayDeps } from './app';
export { startGateway, type RunningGateway, type StartGatewayOptions } from './start';
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
  type UpstreamRoute,
  type UpstreamService,
} from './upstreams';
export { ROUTE_BODY_LIMITS, type RouteBodyLimit } from './body-limit';
export { ORGANIZATION_HEADER } from './identity-headers';
export { BACKCHANNEL_LOGOUT_PATH } from './auth/backchannel-logout';
export {
  createOfficesDirectory,
  INTERNAL_TOKEN_HEADER,
  type OfficesDirectory,
} from './directory/offices-directory';
export { WEB_APP_NOT_BUILT_PAGE } from './spa';
