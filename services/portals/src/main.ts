/** The portals service as its own process: configuration from the environment, graceful shutdown on SIGTERM. */
import { runService } from '@dv/kit';
import { portalsService } from './app';

runService(portalsService);
