/**
 * The pages the /management landing page offers: the management sub-pages of ROUTES (SPEC section 2) that open
 * without a parameter, those the user's roles may open, by label. Pages a later release builds are offered too:
 * they open the under-construction page, as the left menu's items do.
 */
import { canAccess, PATHS, type Route, ROUTES } from '@dv/contracts';

const SUB_PAGE_PREFIX = `${PATHS.management}/`;

export function managementPagesFor(roles: readonly string[]): Route[] {
  return ROUTES.filter(
    (route) => route.path.startsWith(SUB_PAGE_PREFIX) && !route.path.includes('{') && canAccess(route.path, roles),
  ).sort((a, b) => a.label.localeCompare(b.label));
}
