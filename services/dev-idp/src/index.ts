export {
  API_SCOPE,
  createDevIdp,
  DEFAULT_ACCESS_TOKEN_TTL_SECONDS,
  DEFAULT_AUDIENCE,
  DEFAULT_REDIRECT_URIS,
  TEST_TOKEN_PATH,
  WEB_CLIENT_ID,
  type DevIdp,
  type DevIdpOptions,
} from './app';
export { type DevIdpClient } from './clients';
export { DEFAULT_SIGN_IN_LIMITS, type SignInLimit, type SignInLimits } from './sign-in-throttle';
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
export {
  BrowserSession,
  openSignInPage,
  signInSession,
  signInWithCodeFlow,
  submitSignIn,
  type CodeFlowTokens,
  type SignedInSession,
  type SignInPage,
} from './testing/code-flow';
