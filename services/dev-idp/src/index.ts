export {
  API_SCOPE,
  createDevIdp,
  DEFAULT_ACCESS_TOKEN_TTL_SECONDS,
  DEFAULT_AUDIENCE,
  DEFAULT_REDIRECT_URIS,
  devIdpService,
  TEST_TOKEN_PATH,
  WEB_CLIENT_ID,
  type DevIdp,
  type DevIdpOptions,
  type DevIdpParts,
  type DevIdpRunning,
} from './app';
export {
  officesAccountDirectory,
  type AccountDirectory,
  type DirectoryAccount,
  type DirectoryLookup,
  type OfficesAccountDirectoryOptions,
} from './account-directory';
export { DevIdpConfigEnv, DevIdpEnv, type DevIdpConfig } from './config';
export { type DevIdpClient } from './clients';
export { DEFAULT_SIGN_IN_LIMITS, type SignInLimit, type SignInLimits } from './sign-in-throttle';
export { DEFAULT_TEST_TOKEN_TTL_SECONDS, MAX_TEST_TOKEN_TTL_SECONDS, TestTokenRequest } from './access-tokens';
export { IssuedSessionClaims, sessionClaimsFor } from './claims';
export { type DevIdpKeys, type PublicJwks } from './keys';
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
