// @dv/portals: portals catalogue, encrypted portal credentials, login / retry / MFA through providers, portal data.

export {
  portalsService,
  providersFor,
  startPortals,
  type PortalsOptions,
  type RunningPortals,
  type StartPortalsOptions,
} from './app';
export {
  DEFAULT_PORTAL_DATA_LOGIN_WAIT_MS,
  DEFAULT_PORTAL_DATA_WAIT_DAYS,
  loadPortalsConfig,
  loadRewrapConfig,
  PortalsEnv,
  type KeySettings,
  type RewrapConfig,
  type PortalsConfig,
} from './config';
export { type KeyRotationRoute } from './keys';
export { preparePortalsStore } from './store-setup';
export { DEFAULT_PORTALS } from './catalogue/default-portals';
export {
  createKeyring,
  decodeKeyMaterial,
  generateKeyEncryptionKey,
  KeyEncryptionKey,
  type Keyring,
} from './crypto/keyring';
export { rewrapDataKeys, type RewrapOptions, type RewrapReport } from './crypto/rewrap-data-keys';
export { rotateKeyFile, type RotateKeyFileOptions, type RotationResult } from './crypto/rotate-key-file';
export { runRewrap } from './rewrap';
export { SANDBOX_MESSAGES, SANDBOX_RULES, sandboxLoginOutcome, sandboxPatientData, sandboxProviders } from './providers/sandbox';
export {
  daysBefore,
  SANDBOX_PORTAL_MEMBERS,
  sandboxPortalMember,
  type SandboxPortalMember,
  type SandboxPortalPerson,
} from './providers/sandbox-portal-data';
export type {
  LoginOutcome,
  MfaOutcome,
  PatientDataOutcome,
  PatientDataRequest,
  PortalProviderAdapter,
} from './providers/provider';
export { PORTAL_DATA_MESSAGES } from './portal-data/portal-data-decision';
export { portalForPayer } from './portal-data/portal-for-payer';
export { PORTAL_DATA_REQUESTS_COLLECTION } from './portal-data/portal-requests.store';
