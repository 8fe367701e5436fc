import path from 'node:path';
import { ConfigError } from '@dv/kit';
import { loadBugsConfig } from './config';

const required = {
  OIDC_ISSUER: 'https://id.example.com/',
  OIDC_AUDIENCE: 'https://api.example.com',
  OIDC_JWKS_URL: 'https://id.example.com/.well-known/jwks.json',
};

describe('bugs configuration', () => {
  it('defaults: loopback port 8084, ./data, embedded store and bus, no office lookups', () => {
    expect(loadBugsConfig(required)).toEqual({
      port: 8084,
      host: '127.0.0.1',
      dataDir: path.resolve('./data'),
      mongodbUri: undefined,
      kafkaBrokers: undefined,
      busUrl: undefined,
      appliedEventsRetentionMs: 7 * 24 * 60 * 60 * 1000,
      oidcIssuer: 'https://id.example.com/',
      oidcAudience: 'https://api.example.com',
      oidcJwksUrl: 'https://id.example.com/.well-known/jwks.json',
      officesUrl: undefined,
      internalApiToken: undefined,
      logLevel: 'info',
    });
  });

  it('reads every variable', () => {
    const config = loadBugsConfig({
      ...required,
      PORT: '9000',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/bugs',
      MONGODB_URI: 'mongodb://db:27017/bugs?replicaSet=rs0',
      KAFKA_BROKERS: 'k1:9092, k2:9092',
      OFFICES_URL: 'http://offices:8081',
      INTERNAL_API_TOKEN: 'internal-token-0123456789',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      dataDir: '/var/lib/bugs',
      mongodbUri: 'mongodb://db:27017/bugs?replicaSet=rs0',
      kafkaBrokers: ['k1:9092', 'k2:9092'],
      officesUrl: 'http://offices:8081',
      logLevel: 'warn',
    });
  });

  it('names every bad or missing variable, never its value', () => {
    let error: unknown;
    try {
      loadBugsConfig({ OIDC_ISSUER: 'not a url', PORT: '70000', INTERNAL_API_TOKEN: 'short-secret' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const variables = (error as ConfigError).problems.map((problem) => problem.variable);
    // OIDC_JWKS_URL is optional (issue 14): the keys are found through the issuer's discovery document.
    expect(variables).toEqual(expect.arrayContaining(['PORT', 'OIDC_ISSUER', 'OIDC_AUDIENCE', 'INTERNAL_API_TOKEN']));
    expect(variables).not.toContain('OIDC_JWKS_URL');
    expect((error as Error).message).not.toContain('short-secret');
  });

  it('the offices URL and the internal token go together', () => {
    expect(() => loadBugsConfig({ ...required, OFFICES_URL: 'http://offices:8081' })).toThrow(/OFFICES_URL/);
    expect(() => loadBugsConfig({ ...required, INTERNAL_API_TOKEN: 'internal-token-0123456789' })).toThrow(/OFFICES_URL/);
  });
});
