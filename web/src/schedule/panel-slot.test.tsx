/**
 * The appointment panel's chunk failing to load (a deployment replaced it, the network dropped): the drawer still
 * shows the appointment's verifications with their ways on, and closes. Its own file, since the app loads the
 * chunk once: here the module throws as a missing chunk would.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeSession, ROLE_CLAIMS } from '../test-support/fake-session';
import { renderApp } from '../test-support/render-app';
import { appointment, coverage, fakeScheduleGateway, READY } from './fake-schedule-gateway';

jest.mock('./appointment/appointment-panel', () => {
  throw new Error('no such module');
});

const DAY = '2026-06-16';
const patient = { id: 'p-ruth', firstName: 'Ruth', lastName: 'Fischer', dob: '10/14/1962', newPatient: false };
const ruth = appointment({ id: 'appt-ruth', start: '10:30', patient, coverages: [coverage({ verification: READY })], chip: 'ready' });

it('without the panel’s module, the panel links to the verification or verifies', async () => {
  const gateway = fakeScheduleGateway({ [DAY]: { appointments: [ruth, appointment({ id: 'appt-maria', start: '09:30' })] } });
  renderApp(fakeSession(ROLE_CLAIMS.staff!), `/schedule/${DAY}?appointment=appt-ruth`, gateway.fetch);
  const user = userEvent.setup();
  const drawer = await screen.findByRole('dialog', { name: 'Ruth Fischer, 10:30 AM' });
  expect(await within(drawer).findByTestId('appointment-panel-fallback')).toBeInTheDocument();
  expect(within(drawer).getByRole('link', { name: 'Open verification of Fischer, Ruth' })).toHaveAttribute('href', '/verification/ver-ready?appointment=appt-ruth');
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  await user.click(screen.getByRole('link', { name: 'Lopez, Maria' }));
  const again = await screen.findByRole('dialog', { name: 'Maria Lopez, 9:30 AM' });
  await user.click(await within(again).findByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
});
