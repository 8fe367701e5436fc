export {
  API_SCOPE,
  createDevIdp,
  DEFAULT_ACCESS_TOKEN_TTL_SECONDS,
  DEFAULT_AUDIENCE,
  DEFAULT_REDIRECT_URIS,
  TEST_TOKEN_PATH,
  WEB_CLIENT_ID,
  type DevIdp,
  type DevIdpClient,
  type DevIdpOptions,
} from './app';
export { DEFAULT_TEST_TOKEN_TTL_SECONDS, MAX_TEST_TOKEN_TTL_SECONDS, TestTokenRequest } from './access-tokens';
export { IssuedSessionClaims, sessionClaimsFor } from './claims';
export { type DevIdpKeys, type PublicJwks } from './keys';
export { createConsoleLogger, silentLogger, type DevIdpLogger } from './logger';
export {
  DEMO_GROUP,
  DEMO_OFFICES,
  DEMO_ORGANIZATION,
  DEMO_PASSWORD,
  USERS,
  type DemoGroup,
  type DemoOffice,
  type DemoOrganization,
  type DemoUser,
  type UserRoles,
} from './users';
export { signInWithCodeFlow, type CodeFlowTokens } from './testing/code-flow';
