import path from 'node:path';
import { ACCESS_TOKEN_LIFETIME_SECONDS } from '@dv/contracts';
import { DEFAULT_AUDIENCE, DEFAULT_REDIRECT_URIS, WEB_CLIENT_ID } from './app';
import { devIdpConfigOf, readEnv } from './config';
import { DEFAULT_SIGN_IN_LIMITS } from './sign-in-throttle';

describe('dev-idp environment', () => {
  it('has defaults for a local run: short access tokens, sign-in limits, the test token endpoint off', () => {
    expect(readEnv({})).toEqual({
      PORT: 8090,
      HOST: '127.0.0.1',
      AUDIENCE: DEFAULT_AUDIENCE,
      REDIRECT_URIS: [...DEFAULT_REDIRECT_URIS],
      ACCESS_TOKEN_TTL_SECONDS: ACCESS_TOKEN_LIFETIME_SECONDS,
      SIGN_IN_MAX_FAILURES_PER_ACCOUNT: DEFAULT_SIGN_IN_LIMITS.perAccount.max,
      SIGN_IN_MAX_FAILURES_PER_ADDRESS: DEFAULT_SIGN_IN_LIMITS.perAddress.max,
      SIGN_IN_WINDOW_SECONDS: DEFAULT_SIGN_IN_LIMITS.perAccount.windowSeconds,
      ENABLE_TEST_TOKEN_ENDPOINT: false,
    });
    expect(ACCESS_TOKEN_LIFETIME_SECONDS).toBeLessThanOrEqual(15 * 60);
  });

  it('reads every variable', () => {
    expect(
      readEnv({
        PORT: '9000',
        HOST: '0.0.0.0',
        ISSUER: 'http://idp.example:9000',
        AUDIENCE: 'https://api.example',
        DATA_DIR: '/var/lib/dev-idp',
        REDIRECT_URIS: 'http://a.example/handleLogin, http://b.example/handleLogin',
        ACCESS_TOKEN_TTL_SECONDS: '120',
        BACKCHANNEL_LOGOUT_URI: 'http://gateway:8080/oidc/backchannel-logout',
        REDIS_URL: 'redis://redis:6379',
        SIGN_IN_MAX_FAILURES_PER_ACCOUNT: '3',
        SIGN_IN_MAX_FAILURES_PER_ADDRESS: '10',
        SIGN_IN_WINDOW_SECONDS: '60',
        ENABLE_TEST_TOKEN_ENDPOINT: 'true',
      }),
    ).toEqual({
      PORT: 9000,
      HOST: '0.0.0.0',
      ISSUER: 'http://idp.example:9000',
      AUDIENCE: 'https://api.example',
      DATA_DIR: '/var/lib/dev-idp',
      REDIRECT_URIS: ['http://a.example/handleLogin', 'http://b.example/handleLogin'],
      ACCESS_TOKEN_TTL_SECONDS: 120,
      BACKCHANNEL_LOGOUT_URI: 'http://gateway:8080/oidc/backchannel-logout',
      REDIS_URL: 'redis://redis:6379',
      SIGN_IN_MAX_FAILURES_PER_ACCOUNT: 3,
      SIGN_IN_MAX_FAILURES_PER_ADDRESS: 10,
      SIGN_IN_WINDOW_SECONDS: 60,
      ENABLE_TEST_TOKEN_ENDPOINT: true,
    });
  });

  it('rejects what it cannot use', () => {
    expect(() => readEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => readEnv({ ISSUER: 'localhost:8090' })).toThrow(/ISSUER/);
    expect(() => readEnv({ ENABLE_TEST_TOKEN_ENDPOINT: 'yes' })).toThrow(/ENABLE_TEST_TOKEN_ENDPOINT/);
    expect(() => readEnv({ REDIS_URL: 'http://redis' })).toThrow(/REDIS_URL/);
    expect(() => readEnv({ SIGN_IN_MAX_FAILURES_PER_ACCOUNT: '0' })).toThrow(/SIGN_IN_MAX_FAILURES_PER_ACCOUNT/);
  });
});

describe('dev-idp configuration', () => {
  const configOf = (env: Record<string, string>) => devIdpConfigOf(readEnv(env));

  it('names http://localhost:<PORT> as issuer by default, and leaves it to the bound URL with PORT 0', () => {
    expect(configOf({}).issuer).toBe('http://localhost:8090');
    expect(configOf({ PORT: '0' }).issuer).toBeUndefined();
    expect(configOf({ PORT: '0', ISSUER: 'http://idp.example' }).issuer).toBe('http://idp.example');
  });

  it('registers the SPA with the redirect URIs and the back-channel logout URI, and one window for both limits', () => {
    const config = configOf({
      REDIRECT_URIS: 'http://a.example/handleLogin',
      BACKCHANNEL_LOGOUT_URI: 'http://gateway:8080/oidc/backchannel-logout',
      SIGN_IN_MAX_FAILURES_PER_ACCOUNT: '3',
      SIGN_IN_WINDOW_SECONDS: '60',
      DATA_DIR: 'relative/data',
    });
    expect(config.clients).toEqual([
      {
        clientId: WEB_CLIENT_ID,
        clientName: 'Verific',
        redirectUris: ['http://a.example/handleLogin'],
        backchannelLogoutUri: 'http://gateway:8080/oidc/backchannel-logout',
      },
    ]);
    expect(config.signInLimits).toEqual({
      perAccount: { max: 3, windowSeconds: 60 },
      perAddress: { max: DEFAULT_SIGN_IN_LIMITS.perAddress.max, windowSeconds: 60 },
    });
    expect(config.dataDir).toBe(path.resolve('relative/data'));
    expect(config.logLevel).toBe('info');
  });

  it('keeps no folder unless DATA_DIR is given', () => {
    expect(configOf({})).not.toHaveProperty('dataDir');
  });

  it('asks the offices service for its accounts when OFFICES_URL and INTERNAL_API_TOKEN are given, both or neither', () => {
    expect(configOf({})).not.toHaveProperty('accountDirectory');
    const token = 'internal-token-0123456789';
    expect(configOf({ OFFICES_URL: 'http://offices:8081', INTERNAL_API_TOKEN: token }).accountDirectory).toEqual({
      officesUrl: 'http://offices:8081',
      internalApiToken: token,
    });
    expect(() => readEnv({ OFFICES_URL: 'http://offices:8081' })).toThrow(/INTERNAL_API_TOKEN/);
    expect(() => readEnv({ INTERNAL_API_TOKEN: token })).toThrow(/OFFICES_URL/);
    expect(() => readEnv({ OFFICES_URL: 'http://offices:8081', INTERNAL_API_TOKEN: 'short' })).toThrow(/INTERNAL_API_TOKEN/);
  });
});
