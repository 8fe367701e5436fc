/** The offices service as its own process: configuration from the environment, graceful shutdown on SIGTERM. */
import { runService } from '@dv/kit';
import { officesService } from './app';

runService(officesService);
