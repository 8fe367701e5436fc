/** The environment of the standalone dev-idp process, validated. */
import { z } from 'zod';
import { DEFAULT_ACCESS_TOKEN_TTL_SECONDS, DEFAULT_AUDIENCE, DEFAULT_REDIRECT_URIS } from './app';
import { DEFAULT_SIGN_IN_LIMITS } from './sign-in-throttle';

const httpUrl = () => z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

const flag = z
  .enum(['true', 'false', '1', '0'])
  .default('false')
  .transform((value) => value === 'true' || value === '1');

export const DevIdpEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8090),
  HOST: z.string().min(1).default('127.0.0.1'),
  ISSUER: httpUrl().optional(),
  AUDIENCE: z.url().default(DEFAULT_AUDIENCE),
  /** Keys and sessions are kept here when set; otherwise each start has new keys and no sessions. */
  DATA_DIR: z.string().min(1).optional(),
  /** Comma-separated sign-in callbacks of the SPA client. */
  REDIRECT_URIS: z
    .string()
    .optional()
    .transform((value) => (value ? value.split(',').map((uri) => uri.trim()).filter(Boolean) : [...DEFAULT_REDIRECT_URIS]))
    .pipe(z.array(httpUrl()).min(1)),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(1).default(DEFAULT_ACCESS_TOKEN_TTL_SECONDS),
  /** Where the SPA client's sessions end are told (the gateway's back-channel logout endpoint); unset: nowhere. */
  BACKCHANNEL_LOGOUT_URI: httpUrl().optional(),
  /** Failed sign-in attempts are counted here when set (shared, kept over restarts); in memory otherwise. */
  REDIS_URL: z.string().regex(/^rediss?:\/\//, { error: 'must be a redis:// or rediss:// URL' }).optional(),
  SIGN_IN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(DEFAULT_SIGN_IN_LIMITS.perAccount.max),
  SIGN_IN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(DEFAULT_SIGN_IN_LIMITS.perAddress.max),
  /** One window for both counts. */
  SIGN_IN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(DEFAULT_SIGN_IN_LIMITS.perAccount.windowSeconds),
  ENABLE_TEST_TOKEN_ENDPOINT: flag,
});
export type DevIdpEnv = z.infer<typeof DevIdpEnv>;

export function readEnv(env: NodeJS.ProcessEnv): DevIdpEnv {
  const parsed = DevIdpEnv.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid dev-idp environment:\n${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}
