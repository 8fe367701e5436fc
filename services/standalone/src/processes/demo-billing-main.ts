/** The billing service as its own process, with the demo offices' subscriptions in the Stripe sandbox. */
import { loadBillingConfig, startBilling } from '@dv/billing';
import { demoBillingOffices } from '../demo-seed';
import { exitOnStartFailure } from './exit-on-failure';

startBilling({ config: loadBillingConfig(process.env), sandboxOffices: demoBillingOffices(), handleSignals: true }).catch(
  exitOnStartFailure,
);
