import { z } from 'zod';

export type Environment = Readonly<Record<string, string | undefined>>;

export interface ConfigProblem {
  readonly variable: string;
  readonly problem: string;
}

/** Thrown at start-up; lists every bad or missing variable at once, never their values (they may be secrets). */
export class ConfigError extends Error {
  readonly problems: readonly ConfigProblem[];

  constructor(problems: readonly ConfigProblem[]) {
    super(`Invalid environment configuration:\n${problems.map((p) => `  - ${p.variable}: ${p.problem}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/**
 * Validates the environment against a zod object schema whose keys are variable names.
 * The environment is passed in so that nothing reads `process.env` behind the caller's back.
 */
export function loadConfig<S extends z.ZodType<object>>(schema: S, env: Environment = process.env): z.output<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue): ConfigProblem => {
    const variable = issue.path.length > 0 ? issue.path.map(String).join('.') : '(environment)';
    const first = issue.path[0];
    const missing = typeof first === 'string' && env[first] === undefined;
    return { variable, problem: missing ? `missing (${issue.message})` : issue.message };
  });
  throw new ConfigError(problems);
}

/** 'true' / 'false' / '1' / '0' (z.coerce.boolean would read 'false' as true). */
export const envBoolean = z
  .enum(['true', 'false', '1', '0'], { message: "expected 'true' or 'false'" })
  .transform((value) => value === 'true' || value === '1');

/** A comma-separated list; blanks are dropped. */
export const envList = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0),
);

/** A TCP port number. */
export const envPort = z.coerce.number().int().min(0).max(65535);
