import { ACCESS_TOKEN_LIFETIME_SECONDS } from '@dv/contracts';
import { ConfigError } from '@dv/kit';
import { DEFAULT_ORGANIZATION_LOOKUP_LIMIT, DEFAULT_WEB_DIST_DIR, gatewayConfigFromEnv } from './config';

const REQUIRED = {
  OIDC_ISSUER: 'http://localhost:8090',
  OIDC_AUDIENCE: 'https://api.verific.local',
  INTERNAL_API_TOKEN: 'an-internal-token-of-some-length',
};

describe('gateway configuration', () => {
  it('has defaults for everything but the issuer, the audience and the internal token', () => {
    expect(gatewayConfigFromEnv(REQUIRED)).toEqual({
      port: 8080,
      host: '0.0.0.0',
      logLevel: 'info',
      oidcIssuer: 'http://localhost:8090',
      oidcAudience: 'https://api.verific.local',
      accessTokenLifetimeSeconds: ACCESS_TOKEN_LIFETIME_SECONDS,
      internalApiToken: REQUIRED.INTERNAL_API_TOKEN,
      upstreams: {},
      webDistDir: DEFAULT_WEB_DIST_DIR,
      bodyLimitBytes: 1_048_576,
      upstreamTimeoutMs: 30_000,
      rateLimit: { max: 1_000, timeWindowMs: 60_000 },
      organizationLookupLimit: DEFAULT_ORGANIZATION_LOOKUP_LIMIT,
      directoryCacheTtlMs: 60_000,
      trustProxy: false,
      apiDocsPublic: false,
    });
  });

  it('opens the API reference\'s document to anyone only when API_DOCS_PUBLIC says so', () => {
    expect(gatewayConfigFromEnv({ ...REQUIRED, API_DOCS_PUBLIC: 'true' }).apiDocsPublic).toBe(true);
    expect(gatewayConfigFromEnv({ ...REQUIRED, API_DOCS_PUBLIC: 'false' }).apiDocsPublic).toBe(false);
    expect(() => gatewayConfigFromEnv({ ...REQUIRED, API_DOCS_PUBLIC: 'sometimes' })).toThrow(ConfigError);
  });

  it('reads the upstream table from <SERVICE>_URL variables, and RATE_LIMIT_MAX=0 turns the limit off', () => {
    const config = gatewayConfigFromEnv({
      ...REQUIRED,
      OFFICES_URL: 'http://offices:8081',
      REALTIME_URL: 'http://realtime:8087',
      RATE_LIMIT_MAX: '0',
      OIDC_JWKS_URL: 'http://dev-idp:8090/jwks',
    });
    expect(config.upstreams).toEqual({ offices: 'http://offices:8081', realtime: 'http://realtime:8087' });
    expect(config.rateLimit).toBeNull();
    expect(config.oidcJwksUrl).toBe('http://dev-idp:8090/jwks');
  });

  it('reads the back-channel logout client, the token lifetime, Redis and the organization look-up limit', () => {
    const config = gatewayConfigFromEnv({
      ...REQUIRED,
      OIDC_CLIENT_ID: 'verific-web',
      ACCESS_TOKEN_LIFETIME_SECONDS: '300',
      REDIS_URL: 'redis://redis:6379',
      ORGANIZATION_LOOKUP_MAX: '10',
      ORGANIZATION_LOOKUP_WINDOW_MS: '30000',
    });
    expect(config).toMatchObject({
      oidcClientId: 'verific-web',
      accessTokenLifetimeSeconds: 300,
      redisUrl: 'redis://redis:6379',
      organizationLookupLimit: { max: 10, timeWindowMs: 30_000 },
    });
    expect(gatewayConfigFromEnv({ ...REQUIRED, ORGANIZATION_LOOKUP_MAX: '0' }).organizationLookupLimit).toBeNull();
    expect(() => gatewayConfigFromEnv({ ...REQUIRED, REDIS_URL: 'http://redis' })).toThrow(/REDIS_URL/);
  });

  it('names every bad variable', () => {
    let error: unknown;
    try {
      gatewayConfigFromEnv({ OIDC_ISSUER: 'not a url', INTERNAL_API_TOKEN: 'short', PORTALS_URL: 'ftp://x' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.map((problem) => problem.variable).sort()).toEqual([
      'INTERNAL_API_TOKEN',
      'OIDC_AUDIENCE',
      'OIDC_ISSUER',
      'PORTALS_URL',
    ]);
    expect((error as ConfigError).message).not.toContain('short');
  });
});
