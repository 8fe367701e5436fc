/** How the management pages name roles, privileges and a user's offices. */
import { type ManagedUser, type Role, type UserPrivilege } from '@dv/contracts';

export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  superadministrator: 'Super administrator',
  admin: 'Admin',
  agent: 'Agent',
  goduser: 'God user',
  staffmanager: 'Staff manager',
  staff: 'Staff',
  groupmanager: 'Group manager',
  groupmember: 'Group member',
  doregistration: 'Registering an office',
};

export const PRIVILEGE_LABELS: Readonly<Record<UserPrivilege, string>> = {
  editGlobalCustomization: 'May edit the global customization',
  editGlobalCarriers: 'May edit the global carriers',
};

export function roleNames(roles: readonly Role[]): string {
  return roles.length === 0 ? 'No role' : roles.map((role) => ROLE_LABELS[role]).join(', ');
}

/** 'Admin' for roles given as a list; 'Staff manager at Main St; Staff at Oak Ave' for roles keyed by office. */
export function rolesSummary(user: Pick<ManagedUser, 'roles'>, officeName: (id: string) => string): string {
  if (Array.isArray(user.roles)) return roleNames(user.roles);
  const entries = Object.entries(user.roles);
  if (entries.length === 0) return 'No role';
  return entries.map(([officeId, roles]) => `${roleNames(roles)} at ${officeName(officeId)}`).join('; ');
}
