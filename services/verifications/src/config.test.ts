import { ConfigError } from '@dv/kit';
import { clearinghouseSettings, loadVerificationsConfig, providerSettings } from './config';

const REQUIRED = { OIDC_ISSUER: 'http://localhost:8090', OIDC_AUDIENCE: 'https://api.verific.local', OIDC_JWKS_URL: 'http://localhost:8090/jwks' };

it('has defaults for everything but the identity provider', () => {
  const config = loadVerificationsConfig(REQUIRED);
  expect(config).toMatchObject({
    port: 8085,
    host: '127.0.0.1',
    jobConcurrency: 8,
    portalResultTimeoutMs: 120_000,
    clearinghouse: { name: 'sandbox', authHeader: 'authorization', authScheme: 'Bearer' },
    provider: { npi: '1234567893' },
  });
  expect(clearinghouseSettings(config).url).toBeUndefined();
});

it('reads a real clearinghouse and the provider', () => {
  const config = loadVerificationsConfig({
    ...REQUIRED,
    CLEARINGHOUSE_URL: 'https://clearinghouse.example/eligibility',
    CLEARINGHOUSE_API_KEY: 'secret-key-1',
    CLEARINGHOUSE_NAME: 'changeHealthcare',
    PROVIDER_NPI: '1999999984',
    PROVIDER_NAME: 'BRIGHT SMILE',
    PROVIDER_TAX_ID: '94-1234567',
    JOB_CONCURRENCY: '16',
  });
  expect(clearinghouseSettings(config)).toMatchObject({ url: 'https://clearinghouse.example/eligibility', apiKey: 'secret-key-1', name: 'changeHealthcare' });
  expect(providerSettings(config)).toEqual({ npi: '1999999984', name: 'BRIGHT SMILE', taxId: '941234567' });
  expect(config.jobConcurrency).toBe(16);
});

it('names every bad variable, never a value', () => {
  let error: unknown;
  try {
    loadVerificationsConfig({ ...REQUIRED, CLEARINGHOUSE_URL: 'https://clearinghouse.example', PROVIDER_NPI: '123', JOB_CONCURRENCY: '0' });
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(ConfigError);
  const variables = (error as ConfigError).problems.map((problem) => problem.variable);
  expect(variables).toEqual(expect.arrayContaining(['PROVIDER_NPI', 'JOB_CONCURRENCY', 'CLEARINGHOUSE_API_KEY']));
});

it('finds the identity provider keys through OIDC_ISSUER when OIDC_JWKS_URL is not set', () => {
  const { OIDC_ISSUER, OIDC_AUDIENCE } = REQUIRED;
  const config = loadVerificationsConfig({ OIDC_ISSUER, OIDC_AUDIENCE });
  expect(config).toMatchObject({ oidcIssuer: OIDC_ISSUER, oidcAudience: OIDC_AUDIENCE });
  expect(config.oidcJwksUrl).toBeUndefined();
});

it('takes the offices directory with its internal token, never one without the other', () => {
  const directory = { OFFICES_URL: 'http://offices:8081', INTERNAL_API_TOKEN: 'internal-token-0123456789' };
  expect(loadVerificationsConfig({ ...REQUIRED, ...directory })).toMatchObject({ officesUrl: 'http://offices:8081', internalApiToken: directory.INTERNAL_API_TOKEN });
  expect(() => loadVerificationsConfig({ ...REQUIRED, OFFICES_URL: directory.OFFICES_URL })).toThrow(/INTERNAL_API_TOKEN/);
  expect(() => loadVerificationsConfig({ ...REQUIRED, INTERNAL_API_TOKEN: directory.INTERNAL_API_TOKEN })).toThrow(/OFFICES_URL/);
});
