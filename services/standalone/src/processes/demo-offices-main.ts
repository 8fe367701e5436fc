/** The offices service as its own process, with the demo organization seeded as the standalone product seeds it. */
import { loadOfficesConfig, startOffices } from '@dv/offices';
import { demoSeed } from '../demo-seed';
import { exitOnStartFailure } from './exit-on-failure';

startOffices({ config: loadOfficesConfig(process.env), seed: demoSeed(), handleSignals: true }).catch(exitOnStartFailure);
