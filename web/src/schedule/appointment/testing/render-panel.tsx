/**
 * Renders the appointment panel as the schedule day page mounts it: inside the app's services, session, office,
 * socket and router (test-support/render-app.tsx), over a fake gateway; the panel's close button calls the
 * returned jest.fn.
 */
import userEvent from '@testing-library/user-event';
import { type FetchFn } from '../../../http/http-client';
import { fakeSession, ROLE_CLAIMS } from '../../../test-support/fake-session';
import { fakeSockets } from '../../../test-support/fake-socket';
import { renderInApp } from '../../../test-support/render-app';
import { AppointmentPanel } from '../appointment-panel';

export function renderPanel(fetch: FetchFn, appointmentId: string) {
  const sockets = fakeSockets();
  const onClose = jest.fn();
  const view = renderInApp(fakeSession(ROLE_CLAIMS.staff!), '/schedule', <AppointmentPanel appointmentId={appointmentId} onClose={onClose} />, fetch, sockets.create);
  return { ...view, sockets, onClose, user: userEvent.setup() };
}
