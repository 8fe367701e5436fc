/** The decision on a portal data request, from the office's credential: pure. */
import { type PortalCredentialStatus, type PortalProvider } from '@dv/contracts';
import { type ProviderStates } from '../credentials/credentials.store';
import { nextPortalDataStep, PORTAL_DATA_MESSAGES, type PortalDataSituation } from './portal-data-decision';

const PORTAL = 'Delta Dental Provider Tools';

function providers(statuses: Partial<Record<PortalProvider, PortalCredentialStatus>>, message?: string): ProviderStates {
  return Object.fromEntries(
    Object.entries(statuses).map(([name, status]) => [name, { status, attemptId: 'a1', updatedAt: '2025-01-01T00:00:00.000Z', ...(message ? { message } : {}) }]),
  );
}

const situation = (credential: ProviderStates | null, rest: Partial<PortalDataSituation> = {}): PortalDataSituation => ({
  portal: PORTAL,
  credential,
  open: false,
  loginWaitOver: false,
  ...rest,
});

it('waits for a credential when the office has none', () => {
  expect(nextPortalDataStep(situation(null))).toEqual({ kind: 'wait', status: 'credentialPending', message: PORTAL_DATA_MESSAGES.noCredential(PORTAL) });
  expect(PORTAL_DATA_MESSAGES.noCredential(PORTAL)).toContain('no credential');
});

it('fetches through the providers when every one is logged in', () => {
  expect(nextPortalDataStep(situation(providers({ dentalXChange: 'valid', portalAi: 'valid' })))).toEqual({
    kind: 'fetch',
    providers: ['dentalXChange', 'portalAi'],
  });
});

it('waits for the code when a provider asks for one, even if another is logged in', () => {
  const step = nextPortalDataStep(situation(providers({ dentalXChange: 'valid', portalAi: 'mfaRequired' })));
  expect(step).toEqual({ kind: 'wait', status: 'mfaRequired', message: PORTAL_DATA_MESSAGES.mfaRequired(PORTAL) });
  expect(PORTAL_DATA_MESSAGES.mfaRequired(PORTAL)).toContain('verification code');
});

it('fails a new request on a rejected login, with the reason; keeps an open one waiting for the fix', () => {
  const rejected = providers({ dentalXChange: 'invalid' }, 'The portal rejected the username or password');
  expect(nextPortalDataStep(situation(rejected))).toEqual({
    kind: 'fail',
    message: `The login to the ${PORTAL} portal failed: the portal rejected the username or password`,
  });
  expect(nextPortalDataStep(situation(rejected, { open: true }))).toEqual({
    kind: 'wait',
    status: 'credentialPending',
    message: `The login to the ${PORTAL} portal failed (the portal rejected the username or password): fix the credential on the Portal Credentials page`,
  });
  expect(nextPortalDataStep(situation(providers({ dentalXChange: 'failed' })))).toEqual({
    kind: 'fail',
    message: `The login to the ${PORTAL} portal failed: the portal could not be reached`,
  });
});

it('waits for a login in progress, a new request only as long as it may', () => {
  const logging = providers({ dentalXChange: 'inProgress' });
  expect(nextPortalDataStep(situation(logging))).toEqual({ kind: 'waitForLogin' });
  expect(nextPortalDataStep(situation(logging, { loginWaitOver: true }))).toEqual({
    kind: 'wait',
    status: 'credentialPending',
    message: PORTAL_DATA_MESSAGES.loginSlow(PORTAL),
  });
  expect(nextPortalDataStep(situation(logging, { open: true, loginWaitOver: true }))).toEqual({ kind: 'waitForLogin' });
});
