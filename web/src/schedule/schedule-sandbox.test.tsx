/**
 * @jest-environment-options {"url": "http://localhost:3000/"}
 */
/**
 * The sandbox's controls on the schedule page (issue 16 item 5), on the Vite dev server: shown only while the
 * developer drawer's 'Schedule test' is on (and followed as it is switched), they open a scenario day and reset the
 * day's verifications; a practice-management system that is not the sandbox never shows them.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { writeDevSetting } from '../dev-tools/dev-settings';
import { fakeSession, ROLE_CLAIMS } from '../test-support/fake-session';
import { renderApp } from '../test-support/render-app';
import { appointment, coverage, fakeScheduleGateway, READY } from './fake-schedule-gateway';
import { addDays, todayOf } from './schedule-dates';

const DAY = '2026-06-18';

function open(source: 'sandbox' | 'nexHealth' = 'sandbox') {
  const gateway = fakeScheduleGateway({ [DAY]: { source, appointments: [appointment({ id: 'a1', coverages: [coverage({ verification: READY })], chip: 'ready' })] } });
  const view = renderApp(fakeSession(ROLE_CLAIMS.staff!), `/schedule/${DAY}`, gateway.fetch);
  return { ...view, gateway, user: userEvent.setup() };
}

afterEach(() => writeDevSetting('scheduleTest', false));

describe('the sandbox controls', () => {
  it('are hidden while the switch is off, and follow it', async () => {
    open();
    expect(await screen.findByTestId('sandbox-badge')).toBeInTheDocument();
    expect(screen.queryByTestId('sandbox-controls')).toBeNull();
    act(() => writeDevSetting('scheduleTest', true));
    expect(await screen.findByTestId('sandbox-controls')).toBeInTheDocument();
    act(() => writeDevSetting('scheduleTest', false));
    await waitFor(() => expect(screen.queryByTestId('sandbox-controls')).toBeNull());
  });

  it('reset the day’s verifications and open a scenario day', async () => {
    writeDevSetting('scheduleTest', true);
    const { user, gateway, location } = open();
    const controls = await screen.findByTestId('sandbox-controls');
    expect(await screen.findByText('Ready: active')).toBeInTheDocument();
    await user.click(within(controls).getByRole('button', { name: "Reset this day's verifications" }));
    expect(await within(controls).findByRole('status')).toHaveTextContent("This day's verifications were reset.");
    expect(gateway.calls('POST', '/api/schedule/sandbox/reset')[0]?.body).toEqual({ date: DAY });
    expect(await screen.findByText('Not verified')).toBeInTheDocument();

    const tomorrow = addDays(todayOf(), 1);
    await user.selectOptions(within(controls).getByRole('combobox', { name: 'Scenario day' }), `Tomorrow (${tomorrow})`);
    await waitFor(() => expect(location()).toBe(`/schedule/${tomorrow}`));
  });

  it('never show for a real practice-management system', async () => {
    writeDevSetting('scheduleTest', true);
    open('nexHealth');
    await screen.findByText('Ready: active');
    expect(screen.queryByTestId('sandbox-badge')).toBeNull();
    expect(screen.queryByTestId('sandbox-controls')).toBeNull();
  });
});
