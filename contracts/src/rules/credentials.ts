/** Which credential statuses need the user's attention (SPEC section 4), and who may do what with credentials. */
import { CREDENTIAL_STATUSES_NEEDING_ATTENTION, type PortalCredentialStatus, type Role } from '../enums';
import { type PortalCredential } from '../entities/portal';
import { COMPANY_ROLES, MANAGER_ROLES, OFFICE_ROLES } from './roles';

/** Read credentials, retry a login, answer MFA: every office and company role. */
export const CREDENTIAL_USE_ROLES: readonly Role[] = [...OFFICE_ROLES, ...COMPANY_ROLES];
/**
 * Add, edit, delete: the office's managers (who reach the credentials tab of /dental-office-settings) and company
 * users (who reach /management/portal-credentials).
 */
export const CREDENTIAL_EDIT_ROLES: readonly Role[] = [...MANAGER_ROLES, ...COMPANY_ROLES];

/** invalid, failed and mfaRequired need attention; any other status takes the credential off the list. */
export function statusNeedsAttention(status: PortalCredentialStatus): boolean {
  return (CREDENTIAL_STATUSES_NEEDING_ATTENTION as readonly PortalCredentialStatus[]).includes(status);
}

/** A credential needs attention when either provider's status does. */
export function credentialNeedsAttention(credential: Pick<PortalCredential, 'dentalXChange' | 'portalAi'>): boolean {
  return [credential.dentalXChange, credential.portalAi].some(
    (provider) => provider !== null && provider !== undefined && statusNeedsAttention(provider.status),
  );
}
