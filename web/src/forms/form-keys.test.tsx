/**
 * @jest-environment-options {"url": "http://localhost:3000/"}
 */
/**
 * The developer drawer's 'Show form keys' (SPEC section 2, screen 4): on the development host, each question of the
 * ticket's form shows its key beside its label, following the switch while the page is open; off, none does.
 */
import { act, screen, within } from '@testing-library/react';
import { writeDevSetting } from '../dev-tools/dev-settings';
import { fakeSession, ROLE_CLAIMS } from '../test-support/fake-session';
import { renderApp } from '../test-support/render-app';
import { fakeFormsGateway } from './fake-forms-gateway';

afterEach(() => writeDevSetting('showFormKeys', false));

it('shows each question key beside it while the switch is on', async () => {
  writeDevSetting('showFormKeys', true);
  const gateway = fakeFormsGateway();
  renderApp(fakeSession(ROLE_CLAIMS.agent!), `/verification/${gateway.state.ticket.id}`, gateway.fetch);
  const form = await screen.findByRole('form', { name: 'Verification form' }, { timeout: 5_000 });
  expect(within(form).getByText('annualMax', { selector: 'code' })).toBeInTheDocument();
  expect(within(form).getByText('orthoCovered', { selector: 'code' })).toBeInTheDocument();
  expect(within(form).getByText('callNotes', { selector: 'code' })).toBeInTheDocument();

  act(() => writeDevSetting('showFormKeys', false));
  expect(within(form).queryByText('annualMax', { selector: 'code' })).toBeNull();
});
