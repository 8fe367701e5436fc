/** The bugs service as its own process: configuration from the environment, graceful shutdown on SIGTERM. */
import { runService } from '@dv/kit';
import { bugsService } from './app';

runService(bugsService);
