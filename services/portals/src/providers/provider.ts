/**
 * The port to portal-automation providers: the systems that log in to a carrier portal with an office's
 * credential and read a patient's eligibility and benefits there. Each provider (contracts' PORTAL_PROVIDERS:
 * dentalXChange, portalAi) logs in on its own and so has its own status per credential.
 *
 * Adapters: the sandbox (sandbox.ts, simulated portals with deterministic rules) for the embedded default; the
 * production adapters (dentalxchange.ts, portal-ai.ts) implement the same port against the providers' APIs.
 * A password reaches an adapter as a `Secret` and nowhere else.
 */
import {
  type PayerKey,
  type Portal,
  type PortalData,
  type PortalPatientIdentifiers,
  type PortalProvider,
} from '@dv/contracts';
import { type Secret } from '../crypto/secret';

/** What a login ended with. `message` is for people (a tooltip); it never contains the password. */
export type LoginOutcome =
  | { readonly status: 'valid' }
  | { readonly status: 'mfaRequired'; readonly message?: string }
  | { readonly status: 'invalid'; readonly message: string }
  | { readonly status: 'failed'; readonly message: string };

export type LoginOutcomeStatus = LoginOutcome['status'];

/** The answer to an MFA code: decided now, decided later (the outcome arrives as a status change), or refused. */
export type MfaOutcome =
  | { readonly kind: 'accepted' }
  | { readonly kind: 'pending'; readonly outcome: Promise<LoginOutcome> }
  | { readonly kind: 'rejected'; readonly message: string };

export interface LoginRequest {
  readonly portal: Portal;
  readonly credentialId: string;
  readonly officeId: string;
  readonly username: string;
  readonly password: Secret;
}

export interface MfaRequest {
  readonly portal: Portal;
  readonly credentialId: string;
  readonly officeId: string;
  readonly username: string;
  readonly code: Secret;
}

/** Who to look up, for which payer: what a portal data request names (no verification or office ids). */
export interface PatientDataRequest {
  readonly payer: { readonly payerId: string; readonly name: string; readonly payerKey: PayerKey };
  readonly patient: PortalPatientIdentifiers;
}

/**
 * What reading a patient's data ended with. `notFound`: the portal answered, and has no such patient under this
 * payer (final); `failed`: the portal could not be read now (unreachable, session lost). Messages are for people.
 */
export type PatientDataOutcome =
  | { readonly status: 'ok'; readonly data: PortalData }
  | { readonly status: 'notFound'; readonly message: string }
  | { readonly status: 'failed'; readonly message: string };

export interface PortalProviderAdapter {
  readonly name: PortalProvider;
  /** True for an adapter that talks to simulated portals (the UI shows a 'sandbox' badge). */
  readonly sandbox: boolean;
  /** Whether this provider logs in to the portal at all (portalAi: only the AI portals). */
  supports(portal: Portal): boolean;
  /** Logs in; rejects only when aborted (shutdown) or on a fault, which counts as `failed`. */
  login(request: LoginRequest, signal: AbortSignal): Promise<LoginOutcome>;
  /** Hands the code of a pending MFA challenge to the portal. */
  submitMfaCode(request: MfaRequest, signal: AbortSignal): Promise<MfaOutcome>;
  /**
   * Reads the patient's eligibility, benefits and history at the portal with the credential (whose login this
   * provider reported valid), in the portal's own terms (contracts PortalData). Rejects only when aborted
   * (shutdown) or on a fault, which counts as `failed`.
   */
  fetchPatientData(credential: LoginRequest, request: PatientDataRequest, signal: AbortSignal): Promise<PatientDataOutcome>;
}
