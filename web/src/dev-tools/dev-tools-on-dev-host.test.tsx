/**
 * @jest-environment-options {"url": "http://localhost:3000/"}
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeSession, ROLE_CLAIMS } from '../test-support/fake-session';
import { renderApp } from '../test-support/render-app';

describe('the app on the Vite dev server (localhost:3000)', () => {
  it('opens the developer tools from its pages, with the session token', async () => {
    expect(window.location.host).toBe('localhost:3000');
    renderApp(fakeSession(ROLE_CLAIMS.staff!), '/plan');
    await screen.findByRole('navigation', { name: 'Main menu' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Developer tools' }));
    const drawer = await screen.findByRole('dialog', { name: 'Developer tools' });
    expect(within(drawer).getByText('token')).toBeInTheDocument();
  });
});
