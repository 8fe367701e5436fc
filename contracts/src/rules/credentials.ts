/** Which credential statuses need the user's attention (SPEC section 4), and who may do what with credentials. */
import { CREDENTIAL_STATUSES_NEEDING_ATTENTION, type PortalCredentialStatus, type Role } from '../enums';
import { type PortalCredential } from '../entities/portal';
import { COMPANY_ROLES, OFFICE_ROLES } from './roles';
import { PATHS, pagesRoles } from './routes';

/**
 * Read credentials, retry a login, answer MFA: every office and company role (the header's notification popover
 * shows the current office's credentials on every private page).
 */
export const CREDENTIAL_USE_ROLES: readonly Role[] = [...OFFICE_ROLES, ...COMPANY_ROLES];
/** The pages that add, edit and delete credentials (SPEC section 2). */
export const CREDENTIAL_PAGES: readonly string[] = [PATHS.dentalOfficeSettings, PATHS.managementPortalCredentials];
/**
 * Add, edit, delete: the roles of those pages: the office's managers (the credentials tab of
 * /dental-office-settings) and the /management roles (/management/portal-credentials); not the goduser, whose
 * only page is /correction.
 */
export const CREDENTIAL_EDIT_ROLES: readonly Role[] = pagesRoles(CREDENTIAL_PAGES);

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
