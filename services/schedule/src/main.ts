/** The schedule service as its own process: configuration from the environment, graceful shutdown on SIGTERM. */
import { runService } from '@dv/kit';
import { scheduleService } from './app';

runService(scheduleService);
