/**
 * Issue 18's rule: no route of SPEC section 2 opens the under-construction page. Every route of contracts' ROUTES,
 * private or public, has a page of its own in the route table; only /under-construction shows that page. A route
 * added to contracts without its page, or wired to the under-construction page, fails here.
 */
import { PATHS, ROUTES } from '@dv/contracts';
import { PAGES } from './route-table';

const UNDER_CONSTRUCTION = PAGES[PATHS.underConstruction];

describe('every route has its own page', () => {
  it('the under-construction page is in the table, at its own path', () => {
    expect(UNDER_CONSTRUCTION).toBeDefined();
  });

  it.each(ROUTES.filter((route) => route.path !== PATHS.underConstruction).map((route) => [route.path, route.label, route.private ? 'private' : 'public'] as const))(
    '%s (%s, %s)',
    (path) => {
      const page = PAGES[path];
      expect({ path, hasPage: page !== undefined }).toEqual({ path, hasPage: true });
      expect({ path, underConstruction: page === UNDER_CONSTRUCTION }).toEqual({ path, underConstruction: false });
    },
  );

  it('the table names no path that is not a route', () => {
    const routes = new Set(ROUTES.map((route) => route.path));
    expect(Object.keys(PAGES).filter((path) => !routes.has(path))).toEqual([]);
  });
});
