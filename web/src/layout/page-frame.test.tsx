import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeSession, ROLE_CLAIMS } from '../test-support/fake-session';
import { renderApp } from '../test-support/render-app';
import { narrowScreenQuery } from './use-narrow-screen';

/** antd's md breakpoint: below it is a phone. */
const PHONE_QUERY = narrowScreenQuery(768);

/** A window whose media queries answer as a phone (narrow) or a desktop would. */
function screenOf(narrow: boolean) {
  const original = window.matchMedia.bind(window);
  window.matchMedia = (query: string) =>
    ({
      matches: narrow && query === PHONE_QUERY,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
  return () => {
    window.matchMedia = original;
  };
}

describe('page frame on a phone and on a desktop', () => {
  let restore: () => void = () => undefined;
  afterEach(() => restore());

  it('shows the menu beside the page on a desktop, with no menu button', async () => {
    restore = screenOf(false);
    renderApp(fakeSession(ROLE_CLAIMS.staff!), '/plan');
    await screen.findByRole('navigation', { name: 'Main menu' });
    expect(screen.queryByRole('button', { name: 'Open menu' })).toBeNull();
  });

  it('folds the menu into a drawer that the header button opens and Escape closes, focus going back', async () => {
    restore = screenOf(true);
    const user = userEvent.setup();
    renderApp(fakeSession(ROLE_CLAIMS.staff!), '/plan');
    const button = await screen.findByRole('button', { name: 'Open menu' });
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
    expect(button).toHaveAttribute('aria-expanded', 'false');

    button.focus();
    await user.keyboard('{Enter}');
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    const nav = within(drawer).getByRole('navigation', { name: 'Main menu' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'New Verification' })).toHaveFocus());
    // The menu's rules hold in the drawer too: pages open in a new tab, the current one is disabled.
    expect(within(nav).getByRole('link', { name: 'New Verification' })).toHaveAttribute('target', '_blank');
    expect(within(nav).getByText('Plan Search')).toHaveAttribute('aria-current', 'page');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(button).toHaveAttribute('aria-expanded', 'false'));
    await waitFor(() => expect(button).toHaveFocus());
  });

  it('closes the drawer when Bug report opens its popover', async () => {
    restore = screenOf(true);
    const user = userEvent.setup();
    renderApp(fakeSession(ROLE_CLAIMS.staff!), '/plan');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    await user.click(within(drawer).getByText('Bug report'));
    // (antd names every dialog's title 'test-id' under jest, so the popover is found by its title text.)
    const popover = await screen.findByRole('dialog', { name: (_, element) => element.textContent?.startsWith('Bug report') ?? false });
    expect(within(popover).getByLabelText('Title')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});
