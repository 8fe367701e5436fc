/** The billing service as its own process: configuration from the environment, graceful shutdown on SIGTERM. */
import { runService } from '@dv/kit';
import { billingService } from './app';

runService(billingService);
