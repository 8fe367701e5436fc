/**
 * Who works bug reports: company users (roles given as a list, the kit's `companyUser`) holding one of
 * contracts' BUG_MANAGER_ROLES, the roles of the /management page (agent, admin, superadministrator; SPEC
 * section 2 gives /management/bugs no roles of its own). A god user has no /management page and office users
 * never see other people's reports: both get 403. Every role may file a report.
 */
import { BUG_MANAGER_ROLES, hasAnyRole } from '@dv/contracts';
import { Forbidden, Unauthorized, type Actor, type RequestGuard } from '@dv/kit';

const NOT_ALLOWED = 'Your role does not allow this';

export function canManageBugReports(actor: Actor): boolean {
  return actor.companyUser && hasAnyRole(actor.roles, BUG_MANAGER_ROLES);
}

export function assertCanManageBugReports(actor: Actor): void {
  if (!canManageBugReports(actor)) throw new Forbidden(NOT_ALLOWED);
}

/** A route hook (after authentication, before the body is read or validated) applying the same rule. */
export const bugManagersOnly: RequestGuard = (request, _reply, done) => {
  if (!request.actor) done(new Unauthorized());
  else if (!canManageBugReports(request.actor)) done(new Forbidden(NOT_ALLOWED));
  else done();
};
