/**
 * Issue 13 item 11, for every role of contracts' ROLES: the start page is a page the role opens, a forbidden page
 * ends on /unauthorized (or /register-do) with Sign out in reach, and Unauthorized shows inside the frame with a
 * button that leads to a page the role opens, never back to itself.
 */
import { matchRoute, PATHS, resolveRedirect, type Role, ROLES, ROUTES } from '@dv/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { START_PAGE_ACTION } from '../pages/unauthorized-page';
import { fakeSession, ROLE_CLAIMS } from '../test-support/fake-session';
import { renderApp } from '../test-support/render-app';
import { accessFor } from './access';

/** The seeded user of this role, signed in, and what the routing rules say about a path for them. */
function userOf(role: Role) {
  const input = ROLE_CLAIMS[role];
  if (!input) throw new Error(`No seeded user for ${role}`);
  const session = fakeSession(input);
  // No office stored: the first allowed office is current (SPEC section 6).
  const access = accessFor(session.getState(), input.allowedOfficeIds?.[0] ?? null);
  const mayOpen = (path: string) =>
    matchRoute(path)?.path !== PATHS.unauthorized &&
    resolveRedirect({ path, loggedIn: true, roles: access.roles, inRegistration: access.inRegistration }) === null;
  return { session, access, mayOpen };
}

/** A page of ROUTES the role may not open (the first one without parameters). */
function forbiddenPageOf(role: Role): string {
  const { mayOpen } = userOf(role);
  const route = ROUTES.find((candidate) => candidate.private && !candidate.path.includes('{') && !mayOpen(candidate.path));
  if (!route) throw new Error(`${role} opens every page`);
  return route.path;
}

async function settlesOn(app: ReturnType<typeof renderApp>, accept: (path: string) => boolean): Promise<string> {
  await waitFor(() => expect(accept(app.location())).toBe(true));
  return app.location();
}

describe('every role has a way on (issue 13 item 11)', () => {
  it('has a seeded user for every role of ROLES', () => {
    expect(Object.keys(ROLE_CLAIMS).sort()).toEqual([...ROLES].sort());
  });

  it.each(ROLES)('%s: / leads to a start page the role opens', async (role) => {
    const { session, mayOpen } = userOf(role);
    const app = renderApp(session, PATHS.home);
    const start = await settlesOn(app, (path) => path !== PATHS.home);
    expect({ role, start, allowed: mayOpen(start) }).toEqual({ role, start, allowed: true });
    app.unmount();
  });

  it.each(ROLES)('%s: a forbidden page ends with Sign out in reach', async (role) => {
    const { session } = userOf(role);
    const forbidden = forbiddenPageOf(role);
    const app = renderApp(session, forbidden);
    const end = await settlesOn(app, (path) => path !== forbidden);
    expect([PATHS.unauthorized, PATHS.registerDo]).toContain(end);
    expect(await screen.findByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    app.unmount();
  });

  it.each(ROLES)('%s: Unauthorized shows in the frame and its button leads to a page the role opens', async (role) => {
    const { session, mayOpen } = userOf(role);
    const user = userEvent.setup();
    const app = renderApp(session, PATHS.unauthorized);
    expect(await screen.findByRole('heading', { name: 'Unauthorized' })).toBeInTheDocument();
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    // One main landmark: the frame's.
    expect(screen.getAllByRole('main')).toHaveLength(1);

    const link = screen.getByRole('link', { name: START_PAGE_ACTION });
    const target = link.getAttribute('href') ?? '';
    expect({ role, target, allowed: mayOpen(target) }).toEqual({ role, target, allowed: true });
    await user.click(within(link).getByRole('button'));
    expect(await settlesOn(app, (path) => path !== PATHS.unauthorized)).toBe(target);
    app.unmount();
  });

  it('leaves a signed-out visitor on Unauthorized without a frame, the button leading to the sign-in', async () => {
    renderApp(fakeSession(null), PATHS.unauthorized);
    expect(await screen.findByRole('heading', { name: 'Unauthorized' })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.getByRole('link', { name: START_PAGE_ACTION })).toHaveAttribute('href', PATHS.home);
  });
});
