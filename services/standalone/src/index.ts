// @dv/standalone: the whole product in one process (npm start, end-to-end tests, benchmarks).
export { startStandalone, type RunningStandalone, type StandaloneOptions } from './start';
export { standaloneConfigFromEnv, StandaloneEnv, type StandaloneConfig } from './config';
export { demoSeed } from './demo-seed';
