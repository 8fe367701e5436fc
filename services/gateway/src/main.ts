/**
 * The gateway as its own process: `node services/gateway/dist/main.js`, configured by the environment (see
 * config.ts and the README), closing gracefully on SIGTERM.
 */
import { runService } from '@dv/kit';
import { gatewayService } from './app';

runService(gatewayService);
