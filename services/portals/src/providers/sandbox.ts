/**
 * The sandbox provider adapter: simulated portals with rules a tester can use on purpose (README, "Sandbox").
 *
 * | credential                             | login ends with                                    |
 * |----------------------------------------|----------------------------------------------------|
 * | username contains `down`               | failed (the portal is unreachable)                 |
 * | password is `wrong`                    | invalid                                            |
 * | username contains `mfa`                | mfaRequired                                        |
 * | anything else                          | valid                                              |
 *
 * MFA codes: `123456` is accepted after SANDBOX_MFA_DELAY_MS (the call answers 201 and the result arrives as a
 * status change); `111111` is accepted at once (200); any other code is refused ('Failed to verify MFA code').
 * A login takes SANDBOX_LOGIN_DELAY_MS, during which the credential shows inProgress.
 *
 * Patient data: the sandbox members of sandbox-portal-data.ts, each at the portal of its payer. A member id the
 * portal does not hold, another payer, or a date of birth nobody under the member id has is `notFound` with the
 * portal's message; otherwise the member's data, dated relative to the day of the request.
 */
import { AI_PORTALS, MESSAGES, type Portal, type PortalProvider } from '@dv/contracts';
import {
  type LoginOutcome,
  type LoginRequest,
  type MfaOutcome,
  type MfaRequest,
  type PatientDataOutcome,
  type PatientDataRequest,
  type PortalProviderAdapter,
} from './provider';
import { daysBefore, sandboxPortalMember } from './sandbox-portal-data';

export const SANDBOX_RULES = {
  failedUsernameFragment: 'down',
  invalidPassword: 'wrong',
  mfaUsernameFragment: 'mfa',
  /** Accepted after the MFA delay: the call answers 201. */
  mfaCodeAcceptedLater: '123456',
  /** Accepted at once: the call answers 200 { success: true }. */
  mfaCodeAcceptedNow: '111111',
} as const;

export const SANDBOX_MESSAGES = {
  invalid: 'The portal rejected the username or password',
  failed: 'The portal could not be reached, try again later',
  mfaRequired: 'The portal sent a verification code; enter it to finish the login',
  unknownMember: (portal: string) => `The ${portal} portal has no member with this id`,
  otherPayer: (portal: string) => `The member is not insured by this carrier at the ${portal} portal`,
  noPatient: "No one under this member id has the patient's date of birth",
} as const;

export interface SandboxOptions {
  readonly loginDelayMs: number;
  readonly mfaDelayMs: number;
  /** How long reading a patient's data takes; default 0. */
  readonly dataDelayMs?: number;
  /** The day the data is dated from; default now. */
  readonly now?: () => Date;
}

/** What the sandbox portal shows about the patient: pure (the rules above). */
export function sandboxPatientData(portal: Portal, request: PatientDataRequest, today: Date): PatientDataOutcome {
  const member = sandboxPortalMember(request.patient.memberId);
  if (member === undefined || member.portalId !== portal.id) {
    return { status: 'notFound', message: SANDBOX_MESSAGES.unknownMember(portal.name) };
  }
  if (member.payerId !== request.payer.payerId) return { status: 'notFound', message: SANDBOX_MESSAGES.otherPayer(portal.name) };
  if (!member.people.some((person) => person.dob === request.patient.dob)) return { status: 'notFound', message: SANDBOX_MESSAGES.noPatient };
  return { status: 'ok', data: member.data((days) => daysBefore(today, days)) };
}

/** The rule table as a pure function: what a login with this username and password ends with. */
export function sandboxLoginOutcome(username: string, password: string): LoginOutcome {
  const name = username.toLowerCase();
  if (name.includes(SANDBOX_RULES.failedUsernameFragment)) return { status: 'failed', message: SANDBOX_MESSAGES.failed };
  if (password === SANDBOX_RULES.invalidPassword) return { status: 'invalid', message: SANDBOX_MESSAGES.invalid };
  if (name.includes(SANDBOX_RULES.mfaUsernameFragment)) return { status: 'mfaRequired', message: SANDBOX_MESSAGES.mfaRequired };
  return { status: 'valid' };
}

function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

const isAiPortal = (portal: Portal): boolean => (AI_PORTALS as readonly string[]).includes(portal.id);

export function sandboxProvider(name: PortalProvider, options: SandboxOptions): PortalProviderAdapter {
  return {
    name,
    sandbox: true,
    supports: (portal) => name !== 'portalAi' || isAiPortal(portal),
    async login(request: LoginRequest, signal: AbortSignal): Promise<LoginOutcome> {
      await delay(options.loginDelayMs, signal);
      return sandboxLoginOutcome(request.username, request.password.reveal());
    },
    // eslint-disable-next-line @typescript-eslint/require-await -- the port is asynchronous; the sandbox decides at once
    async submitMfaCode(request: MfaRequest, signal: AbortSignal): Promise<MfaOutcome> {
      const code = request.code.reveal();
      if (code === SANDBOX_RULES.mfaCodeAcceptedNow) return { kind: 'accepted' };
      if (code === SANDBOX_RULES.mfaCodeAcceptedLater) {
        const outcome = delay(options.mfaDelayMs, signal).then((): LoginOutcome => ({ status: 'valid' }));
        return { kind: 'pending', outcome };
      }
      return { kind: 'rejected', message: MESSAGES.MFA_FAILED };
    },
    async fetchPatientData(credential: LoginRequest, request: PatientDataRequest, signal: AbortSignal): Promise<PatientDataOutcome> {
      await delay(options.dataDelayMs ?? 0, signal);
      return sandboxPatientData(credential.portal, request, options.now?.() ?? new Date());
    },
  };
}

/** Both providers, sandboxed. */
export function sandboxProviders(options: SandboxOptions): PortalProviderAdapter[] {
  return [sandboxProvider('dentalXChange', options), sandboxProvider('portalAi', options)];
}
