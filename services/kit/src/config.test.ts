import { z } from 'zod';
import { ConfigError, envBoolean, envList, envPort, loadConfig } from './config';

const Schema = z.object({
  PORT: envPort.default(8080),
  ISSUER_URL: z.url(),
  AUDIENCE: z.string().min(1),
  KAFKA_BROKERS: envList.optional(),
  SANDBOX: envBoolean.default(false),
});

describe('loadConfig', () => {
  it('returns typed values with defaults and conversions', () => {
    expect(
      loadConfig(Schema, {
        ISSUER_URL: 'https://id.example.test/',
        AUDIENCE: 'api',
        KAFKA_BROKERS: 'k1:9092, k2:9092,',
        SANDBOX: 'true',
        UNRELATED: 'ignored',
      }),
    ).toEqual({
      PORT: 8080,
      ISSUER_URL: 'https://id.example.test/',
      AUDIENCE: 'api',
      KAFKA_BROKERS: ['k1:9092', 'k2:9092'],
      SANDBOX: true,
    });
  });

  it('lists every bad or missing variable in one error, without their values', () => {
    let thrown: unknown;
    try {
      loadConfig(Schema, { PORT: 'eighty', ISSUER_URL: 'not a url s3cr3t', SANDBOX: 'false' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    const error = thrown as ConfigError;
    expect(error.problems.map((problem) => problem.variable).sort()).toEqual(['AUDIENCE', 'ISSUER_URL', 'PORT']);
    expect(error.problems.find((problem) => problem.variable === 'AUDIENCE')?.problem).toMatch(/^missing/);
    expect(error.message).toMatch(/^Invalid environment configuration:\n/);
    expect(error.message).toContain('  - PORT: ');
    expect(error.message).toContain('  - AUDIENCE: missing');
    expect(error.message).not.toContain('s3cr3t');
  });

  it("reads 'false' as false (unlike z.coerce.boolean)", () => {
    expect(loadConfig(z.object({ FLAG: envBoolean }), { FLAG: 'false' })).toEqual({ FLAG: false });
    expect(() => loadConfig(z.object({ FLAG: envBoolean }), { FLAG: 'yes' })).toThrow(
      /FLAG: expected 'true' or 'false'/,
    );
  });

  it('reads process.env when no environment is given', () => {
    process.env.DV_KIT_CONFIG_TEST = 'present';
    try {
      expect(loadConfig(z.object({ DV_KIT_CONFIG_TEST: z.string() }))).toEqual({ DV_KIT_CONFIG_TEST: 'present' });
    } finally {
      delete process.env.DV_KIT_CONFIG_TEST;
    }
  });
});
