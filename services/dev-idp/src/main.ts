/**
 * Runs the development identity provider on its own: `node services/dev-idp/dist/main.js`.
 * Environment: PORT (8090), HOST (127.0.0.1), ISSUER (http://localhost:<PORT>), AUDIENCE, DATA_DIR,
 * REDIRECT_URIS, ACCESS_TOKEN_TTL_SECONDS, BACKCHANNEL_LOGOUT_URI, REDIS_URL, SIGN_IN_MAX_FAILURES_PER_ACCOUNT,
 * SIGN_IN_MAX_FAILURES_PER_ADDRESS, SIGN_IN_WINDOW_SECONDS, ENABLE_TEST_TOKEN_ENDPOINT (false).
 */
import { createDevIdp, WEB_CLIENT_ID } from './app';
import { readEnv } from './config';
import { createConsoleLogger, errorFields } from './logger';

async function main() {
  const env = readEnv(process.env);
  const logger = createConsoleLogger('info');
  const idp = createDevIdp({
    issuer: env.ISSUER ?? `http://localhost:${env.PORT}`,
    port: env.PORT,
    host: env.HOST,
    audience: env.AUDIENCE,
    clients: [
      {
        clientId: WEB_CLIENT_ID,
        clientName: 'Verific',
        redirectUris: env.REDIRECT_URIS,
        ...(env.BACKCHANNEL_LOGOUT_URI === undefined ? {} : { backchannelLogoutUri: env.BACKCHANNEL_LOGOUT_URI }),
      },
    ],
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
    signInLimits: {
      perAccount: { max: env.SIGN_IN_MAX_FAILURES_PER_ACCOUNT, windowSeconds: env.SIGN_IN_WINDOW_SECONDS },
      perAddress: { max: env.SIGN_IN_MAX_FAILURES_PER_ADDRESS, windowSeconds: env.SIGN_IN_WINDOW_SECONDS },
    },
    ...(env.REDIS_URL === undefined ? {} : { redisUrl: env.REDIS_URL }),
    enableTestTokenEndpoint: env.ENABLE_TEST_TOKEN_ENDPOINT,
    ...(env.DATA_DIR === undefined ? {} : { dataDir: env.DATA_DIR }),
    logger,
  });
  await idp.start();

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    idp.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error(errorFields(error), 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
