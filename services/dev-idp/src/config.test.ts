import { DEFAULT_AUDIENCE, DEFAULT_REDIRECT_URIS } from './app';
import { readEnv } from './config';

describe('dev-idp environment', () => {
  it('has defaults for a local run, with the test token endpoint off', () => {
    expect(readEnv({})).toEqual({
      PORT: 8090,
      HOST: '127.0.0.1',
      AUDIENCE: DEFAULT_AUDIENCE,
      REDIRECT_URIS: [...DEFAULT_REDIRECT_URIS],
      ACCESS_TOKEN_TTL_SECONDS: 3600,
      ENABLE_TEST_TOKEN_ENDPOINT: false,
    });
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
      ENABLE_TEST_TOKEN_ENDPOINT: true,
    });
  });

  it('rejects what it cannot use', () => {
    expect(() => readEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => readEnv({ ISSUER: 'localhost:8090' })).toThrow(/ISSUER/);
    expect(() => readEnv({ ENABLE_TEST_TOKEN_ENDPOINT: 'yes' })).toThrow(/ENABLE_TEST_TOKEN_ENDPOINT/);
  });
});
