/**
 * The development identity provider as its own process: `node services/dev-idp/dist/main.js`, configured by the
 * environment (config.ts), shut down gracefully on SIGTERM and SIGINT.
 */
import { runService } from '@dv/kit';
import { devIdpService } from './app';

runService(devIdpService);
