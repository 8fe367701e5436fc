/**
 * Pure rules about credential statuses: no I/O, so tests call them directly.
 */
import {
  PORTAL_PROVIDERS,
  type CredentialChangedPayload,
  type PortalCredential,
  type PortalCredentialStatus,
  type PortalProvider,
} from '@dv/contracts';
import { type CredentialDocument, type ProviderStates } from './credentials.store';

/** Most in need of the user first: the overall status is the first that any provider has. */
const ATTENTION_ORDER: readonly PortalCredentialStatus[] = ['mfaRequired', 'invalid', 'failed', 'inProgress', 'valid'];

/** The credential's one status (events, notification list): valid only when every provider is valid. */
export function overallStatus(providers: ProviderStates): PortalCredentialStatus {
  const statuses = PORTAL_PROVIDERS.flatMap((name) => (providers[name] ? [providers[name].status] : []));
  return ATTENTION_ORDER.find((status) => statuses.includes(status)) ?? 'inProgress';
}

export function providerNames(providers: ProviderStates): PortalProvider[] {
  return PORTAL_PROVIDERS.filter((name) => providers[name] !== undefined);
}

/** Providers waiting for an MFA code. */
export function providersAwaitingMfa(providers: ProviderStates): PortalProvider[] {
  return providerNames(providers).filter((name) => providers[name]?.status === 'mfaRequired');
}

/** A provider's status as the API shows it; null when the provider does not log in to this portal. */
function providerView(providers: ProviderStates, name: PortalProvider): { status: PortalCredentialStatus } | null {
  const state = providers[name];
  return state ? { status: state.status } : null;
}

/** The credential as the API returns it: no password, no ciphertext, no attempt bookkeeping. */
export function credentialView(document: CredentialDocument): PortalCredential {
  return {
    id: document._id,
    portalId: document.portalId,
    username: document.username,
    dentalXChange: providerView(document.providers, 'dentalXChange'),
    portalAi: providerView(document.providers, 'portalAi'),
  };
}

/** The `portal-credential.changed` payload: ids and statuses, and the audience (office, organization). */
export function credentialChangedPayload(document: CredentialDocument): CredentialChangedPayload {
  return {
    credentialId: document._id,
    status: overallStatus(document.providers),
    dentalXChange: providerView(document.providers, 'dentalXChange'),
    portalAi: providerView(document.providers, 'portalAi'),
    orgId: document.orgId,
    officeId: document.officeId,
  };
}

/** The first problem a provider reported, for the answer to a retry. */
export function firstProblem(
  providers: ProviderStates,
): { status: 'invalid' | 'failed'; message: string | undefined } | undefined {
  for (const status of ['invalid', 'failed'] as const) {
    const name = providerNames(providers).find((candidate) => providers[candidate]?.status === status);
    if (name) return { status, message: providers[name]?.message };
  }
  return undefined;
}
