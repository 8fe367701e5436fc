/**
 * How a credential's provider statuses read and change (SPEC section 4), as pure functions of the contracts'
 * types: the chips a card shows, the overall status, and a socket change applied to the cached list.
 */
import {
  type CredentialChangeEvent,
  PORTAL_PROVIDERS,
  type PortalCredential,
  type PortalCredentialStatus,
  type PortalProvider,
} from '@dv/contracts';

export type ProviderStatus = { provider: PortalProvider; status: PortalCredentialStatus };

/** One entry per provider that logs in with the credential; a provider that does not apply has none. */
export function providerStatuses(credential: Pick<PortalCredential, 'dentalXChange' | 'portalAi'>): ProviderStatus[] {
  return PORTAL_PROVIDERS.flatMap((provider) => {
    const state = credential[provider];
    return state ? [{ provider, status: state.status }] : [];
  });
}

/** Most in need of the user first, as the server ranks them; valid only when every provider is. */
const BY_NEED: readonly PortalCredentialStatus[] = ['mfaRequired', 'invalid', 'failed', 'inProgress', 'valid'];

/** The credential's overall status; null when no provider logs in with it. */
export function overallStatus(credential: Pick<PortalCredential, 'dentalXChange' | 'portalAi'>): PortalCredentialStatus | null {
  const statuses = providerStatuses(credential).map((entry) => entry.status);
  return BY_NEED.find((status) => statuses.includes(status)) ?? null;
}

/**
 * The credential after a change event: the providers' statuses when the event names them, else the overall
 * status for every provider that applies (the server sends both; older events only the overall status).
 */
export function applyChange(credential: PortalCredential, change: CredentialChangeEvent): PortalCredential {
  const next: PortalCredential = { ...credential };
  for (const provider of PORTAL_PROVIDERS) {
    if (change[provider] !== undefined) next[provider] = change[provider];
    else if (credential[provider]) next[provider] = { status: change.status };
  }
  return next;
}

/** The cached list with the change applied; the same list when the credential is not in it. */
export function applyChangeToList(list: readonly PortalCredential[], change: CredentialChangeEvent): PortalCredential[] {
  if (!list.some((credential) => credential.id === change.credentialId)) return list as PortalCredential[];
  return list.map((credential) => (credential.id === change.credentialId ? applyChange(credential, change) : credential));
}

/** The list with this credential in place of the one with its id, or added. */
export function upsertCredential(list: readonly PortalCredential[] | undefined, credential: PortalCredential): PortalCredential[] {
  const others = (list ?? []).filter((candidate) => candidate.id !== credential.id);
  const index = (list ?? []).findIndex((candidate) => candidate.id === credential.id);
  if (index < 0) return [...others, credential];
  return [...others.slice(0, index), credential, ...others.slice(index)];
}
