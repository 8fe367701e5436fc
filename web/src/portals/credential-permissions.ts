/**
 * Who may do what with portal credentials: the rule the portals service applies, from contracts. The page hides
 * what the service would refuse.
 */
import { CREDENTIAL_EDIT_ROLES, CREDENTIAL_USE_ROLES, hasAnyRole } from '@dv/contracts';

export function mayUseCredentials(roles: readonly string[]): boolean {
  return hasAnyRole(roles, CREDENTIAL_USE_ROLES);
}

export function mayEditCredentials(roles: readonly string[]): boolean {
  return hasAnyRole(roles, CREDENTIAL_EDIT_ROLES);
}
