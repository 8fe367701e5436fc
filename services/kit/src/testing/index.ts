// @dv/kit/testing: what tests of every workspace use; never imported by production code.
export { createDiscoverableTestIssuer, createTestIssuer, type SignOptions, type TestIssuer, type TestIssuerOptions } from './test-issuer';
export { containerRuntimeAvailable, serverAvailability, type ServerAvailability } from './container-runtime';
export { settle, waitFor } from './wait-for';
export { captureSpans, type SpanCapture } from './span-capture';
export { captureLogLines, type LogCapture } from './log-capture';
export { redisAvailability, TEST_REDIS_URL } from './redis-availability';
export { hasPrototypeKey } from './prototype-keys';
export { nestedJsonCases, nestedJsonText, type JsonContainer, type NestedJson } from './nested-json';
export { exited, forkTs, messageOfType, nextMessage, outputOf } from './fork-ts';
export {
  createServiceHarness,
  type CallOptions,
  type CollectedEvents,
  type HttpMethod,
  type ServiceHarness,
  type ServiceHarnessOptions,
} from './service-harness';
export {
  outboxStatuses,
  startServiceProcess,
  startServiceUnderTest,
  type ServiceEnding,
  type ServiceProcess,
  type ServiceUnderTest,
  type ServiceUnderTestOptions,
} from './service-process';
export { TEST_OFFICE_ORGS, TEST_USERS, testOfficeBelongsToOrg, type TestUserName } from './test-tenants';
