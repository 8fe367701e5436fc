/**
 * Where a user adds the portal credential a waiting source job needs: office managers on their settings page's
 * credentials tab (SPEC: /dental-office-settings?tab=1), company staff on /management/portal-credentials for
 * the ticket's office; other users cannot, and are told whom to ask.
 */
import { hasAnyRole, pageRoles, PATHS, PORTAL_CREDENTIALS_TAB } from '@dv/contracts';

export function credentialPageFor(roles: readonly string[], officeId: string): string | null {
  if (hasAnyRole(roles, pageRoles(PATHS.dentalOfficeSettings))) return `${PATHS.dentalOfficeSettings}?tab=${PORTAL_CREDENTIALS_TAB}`;
  if (hasAnyRole(roles, pageRoles(PATHS.managementPortalCredentials))) {
    return `${PATHS.managementPortalCredentials}?office=${encodeURIComponent(officeId)}`;
  }
  return null;
}
