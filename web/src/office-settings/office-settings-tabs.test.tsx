import { FeeSchedule, NPI_MESSAGES, REGISTRATION_MESSAGES } from '@dv/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { fakeSession, ROLE_CLAIMS } from '../test-support/fake-session';
import { fakeSockets } from '../test-support/fake-socket';
import { renderApp } from '../test-support/render-app';
import { DUPLICATE_CODE } from './fee-schedule-tab';
import { fakeOfficeSettingsGateway, MAIN_ST, OAK_AVE, type FakeOfficeSettingsOptions } from './fake-office-settings-gateway';
import { FRESH_DAYS_LABEL } from './freshness-tab';
import { OUTSOURCING_LABEL, OUTSOURCING_READ_ONLY } from './outsourcing-tab';
import { NO_SCHEDULE_TITLE, SCHEDULE_READ_ONLY } from './schedule-gate';

function setUp(tab: string, { role = 'staffmanager', ...options }: FakeOfficeSettingsOptions & { role?: string } = {}) {
  const gateway = fakeOfficeSettingsGateway(options);
  const view = renderApp(fakeSession(ROLE_CLAIMS[role]!), `/dental-office-settings?tab=${tab}`, gateway.fetch, fakeSockets().create);
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  return { gateway, user, ...view };
}

const form = (name: string) => screen.findByRole('form', { name }, { timeout: 5_000 });
const saved = () => screen.findByText('Your changes has been saved.');

describe('the Office details tab', () => {
  it("shows the office's name read-only and saves what changed, normalized, after the service's refusal is fixed", async () => {
    const { gateway, user } = setUp('0');
    const details = await form('Office details');
    expect(within(details).getByText('Bright Smiles Dental – Main St')).toBeInTheDocument();
    expect(within(details).queryByRole('textbox', { name: /Practice name/ })).not.toBeInTheDocument();

    const npi = within(details).getByRole('textbox', { name: /^NPI/ });
    await user.type(npi, '1245319590');
    await user.type(within(details).getByRole('textbox', { name: /Tax ID/ }), '123456789');
    await user.click(within(details).getByRole('button', { name: 'Save' }));
    // The service's message, under the field, which gets the focus.
    expect(await within(details).findByText(NPI_MESSAGES.checkDigit)).toBeInTheDocument();
    expect(npi).toHaveAttribute('aria-invalid', 'true');
    expect(npi).toHaveAccessibleDescription(expect.stringContaining(NPI_MESSAGES.checkDigit));
    await waitFor(() => expect(npi).toHaveFocus());

    await user.clear(npi);
    await user.type(npi, '1245319599{Enter}');
    expect(await saved()).toBeInTheDocument();
    expect(gateway.bodiesOf('PATCH', `/api/management/offices/${MAIN_ST}/details`)).toEqual([
      { npi: '1245319590', taxId: '123456789' },
      { npi: '1245319599', taxId: '123456789' },
    ]);
    // The answer as the service normalized it.
    await waitFor(() => expect(within(details).getByRole('textbox', { name: /Tax ID/ })).toHaveValue('12-3456789'));
    expect(npi).not.toHaveAttribute('aria-invalid');
  });

  it('sends the address whole, and names a refused part of it', async () => {
    const { gateway, user } = setUp('0');
    const details = await form('Office details');
    await user.type(within(details).getByRole('textbox', { name: /Street address/ }), '12 Main St');
    await user.type(within(details).getByRole('textbox', { name: /^City/ }), 'Springfield');
    await user.selectOptions(within(details).getByRole('combobox', { name: /State/ }), 'IL');
    await user.type(within(details).getByRole('textbox', { name: /ZIP code/ }), '6270');
    await user.click(within(details).getByRole('button', { name: 'Save' }));
    expect(await within(details).findByText(REGISTRATION_MESSAGES.zipCode)).toBeInTheDocument();
    expect(gateway.bodiesOf('PATCH', `/api/management/offices/${MAIN_ST}/details`)).toEqual([
      { address: { street1: '12 Main St', city: 'Springfield', state: 'IL', zipCode: '6270' } },
    ]);
  });

  it('says so instead of sending nothing, and draws the details read-only for whoever may not change them', async () => {
    const first = setUp('0');
    await first.user.click(within(await form('Office details')).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Nothing has changed: there is nothing to save.')).toBeInTheDocument();
    expect(first.gateway.bodiesOf('PATCH', `/api/management/offices/${MAIN_ST}/details`)).toEqual([]);
    first.unmount();

    setUp('0', { editable: { details: false, settings: [] } });
    const details = await form('Office details');
    expect(within(details).getByRole('note')).toHaveTextContent("Only the office's managers change its details.");
    expect(within(details).getByRole('textbox', { name: /^NPI/ })).toHaveAttribute('readonly');
    expect(within(details).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});

describe('the Integration and Outsourcing tabs', () => {
  it('lets a manager change the schedule integration, keeping the rest of its data, and checks the subdomain first', async () => {
    const { gateway, user } = setUp('2');
    const integration = await form('Integration');
    expect(within(integration).getByRole('combobox', { name: 'Schedule integration' })).toHaveValue('nexHealth');
    expect(within(integration).getByRole('combobox', { name: 'Practice management system' })).toHaveValue('dentrix');
    const subdomain = within(integration).getByRole('textbox', { name: 'Integration subdomain' });
    expect(subdomain).toHaveValue('bright-smiles-main');

    await user.clear(subdomain);
    await user.type(subdomain, 'bright smiles');
    await user.click(within(integration).getByRole('button', { name: 'Save' }));
    expect(await within(integration).findByText('Must be a DNS label (letters, digits, hyphens)')).toBeInTheDocument();
    expect(gateway.bodiesOf('PATCH', `/api/management/offices/${MAIN_ST}/settings`)).toEqual([]);

    await user.clear(subdomain);
    await user.type(subdomain, 'bright-smiles-2');
    await user.selectOptions(within(integration).getByRole('combobox', { name: 'Practice management system' }), 'openDental');
    await user.click(within(integration).getByRole('button', { name: 'Save' }));
    expect(await saved()).toBeInTheDocument();
    expect(gateway.bodiesOf('PATCH', `/api/management/offices/${MAIN_ST}/settings`)).toEqual([
      { scheduleIntegration: { type: 'nexHealth', pmsType: 'openDental', integration: { practiceId: 77, subdomain: 'bright-smiles-2' } } },
    ]);
  });

  it('clears the integration when the office has none', async () => {
    const { gateway, user } = setUp('2');
    const integration = await form('Integration');
    await user.selectOptions(within(integration).getByRole('combobox', { name: 'Schedule integration' }), '');
    expect(within(integration).getByRole('combobox', { name: 'Practice management system' })).toBeDisabled();
    await user.click(within(integration).getByRole('button', { name: 'Save' }));
    expect(await saved()).toBeInTheDocument();
    expect(gateway.bodiesOf('PATCH', `/api/management/offices/${MAIN_ST}/settings`)).toEqual([{ scheduleIntegration: null }]);
  });

  it('shows a manager whether the office outsources, read-only: the company decides', async () => {
    const { gateway } = setUp('3');
    const outsourcing = await form('Outsourcing');
    expect(within(outsourcing).getByRole('note')).toHaveTextContent(OUTSOURCING_READ_ONLY);
    expect(within(outsourcing).getByRole('checkbox', { name: OUTSOURCING_LABEL })).toBeChecked();
    expect(within(outsourcing).getByRole('checkbox', { name: OUTSOURCING_LABEL })).toBeDisabled();
    expect(within(outsourcing).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(gateway.bodiesOf('PATCH', `/api/management/offices/${MAIN_ST}/settings`)).toEqual([]);
  });

  it('saves outsourcing for whoever the service lets change it', async () => {
    const { gateway, user } = setUp('3', { editable: { details: true, settings: ['scheduleIntegration', 'outsource'] } });
    const outsourcing = await form('Outsourcing');
    await user.click(within(outsourcing).getByRole('checkbox', { name: OUTSOURCING_LABEL }));
    await user.click(within(outsourcing).getByRole('button', { name: 'Save' }));
    expect(await saved()).toBeInTheDocument();
    expect(gateway.bodiesOf('PATCH', `/api/management/offices/${MAIN_ST}/settings`)).toEqual([{ outsource: { outsourceEnabled: false } }]);
  });
});

describe('the Fee schedule and Batch verification tabs', () => {
  it('adds a fee by keyboard, refuses a code listed twice here and a malformed one as the service says', async () => {
    const { gateway, user } = setUp('4');
    const fees = await form('Fee schedule');
    expect(within(fees).getByRole('textbox', { name: 'Fee of D1110' })).toHaveValue('120');

    await user.click(within(fees).getByRole('button', { name: 'Add a fee' }));
    const code = within(fees).getByRole('textbox', { name: 'Procedure code of the new row' });
    await waitFor(() => expect(code).toHaveFocus());
    await user.keyboard('D1110');
    await user.click(within(fees).getByRole('button', { name: 'Save' }));
    expect(await within(fees).findByText(DUPLICATE_CODE)).toBeInTheDocument();
    expect(gateway.bodiesOf('PUT', '/api/schedule/fees')).toEqual([]);

    await user.clear(code);
    await user.type(code, 'D11');
    await user.type(within(fees).getByRole('textbox', { name: 'Fee of D11' }), '99');
    await user.click(within(fees).getByRole('button', { name: 'Save' }));
    // The contract's own message for a key it refuses, as the schedule service answers it.
    const refusal = FeeSchedule.safeParse({ fees: { D11: 99 } });
    expect(await within(fees).findByText(refusal.error!.issues[0]!.message)).toBeInTheDocument();
    expect(within(fees).getByRole('textbox', { name: 'Procedure code of D11' })).toHaveAttribute('aria-invalid', 'true');

    await user.clear(within(fees).getByRole('textbox', { name: 'Procedure code of D11' }));
    await user.type(within(fees).getByRole('textbox', { name: 'Procedure code of the new row' }), 'D2740');
    await user.click(within(fees).getByRole('button', { name: 'Remove D0120' }));
    await user.click(within(fees).getByRole('button', { name: 'Save' }));
    expect(await saved()).toBeInTheDocument();
    expect(gateway.fees()).toEqual({ D1110: 120, D2740: 99 });
  });

  it("shows a group manager the fees and the freshness window read-only", async () => {
    setUp('4', { role: 'groupmanager' });
    const fees = await form('Fee schedule');
    expect(within(fees).getByRole('note')).toHaveTextContent(SCHEDULE_READ_ONLY);
    expect(within(fees).getByRole('textbox', { name: 'Fee of D1110' })).toHaveAttribute('readonly');
    expect(within(fees).queryByRole('button', { name: 'Add a fee' })).not.toBeInTheDocument();
    expect(within(fees).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Batch verification' }));
    const batch = await form('Batch verification');
    expect(within(batch).getByRole('textbox', { name: FRESH_DAYS_LABEL })).toHaveAttribute('readonly');
    expect(within(batch).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('changes the freshness window, keeping the other schedule settings, with the service’s message for a wrong one', async () => {
    const { gateway, user } = setUp('5');
    const batch = await form('Batch verification');
    const days = within(batch).getByRole('textbox', { name: FRESH_DAYS_LABEL });
    expect(days).toHaveValue('7');
    await user.clear(days);
    await user.type(days, '400{Enter}');
    expect(await within(batch).findByText(/365/)).toBeInTheDocument();
    expect(days).toHaveAttribute('aria-invalid', 'true');
    await user.clear(days);
    await user.type(days, '14{Enter}');
    expect(await saved()).toBeInTheDocument();
    expect(gateway.scheduleSettings()).toEqual({ freshDays: 14, nightlyRun: false, nightlyHour: 19, timeZone: 'America/New_York', concurrency: 3, treatmentPlanMode: 'nextAppointment' });
  });

  it('asks the schedule nothing for an office without the Appointment Schedule', async () => {
    const { gateway, user, services } = setUp('4', { role: 'groupmanager' });
    await form('Fee schedule');
    services.runtime.currentOfficeId = OAK_AVE;
    const switcher = await screen.findByRole('combobox', { name: /office/i }, { timeout: 5_000 });
    await user.click(switcher);
    await user.click(await screen.findByText('Bright Smiles Dental – Oak Ave', { selector: '.ant-select-item-option-content' }));
    expect(await screen.findByText(NO_SCHEDULE_TITLE, {}, { timeout: 5_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Batch verification' }));
    expect(await screen.findAllByText(NO_SCHEDULE_TITLE)).toHaveLength(2);
    expect(gateway.calls.filter((call) => call.path.startsWith('/api/schedule') && call.method === 'GET')).toHaveLength(1);
  });
});

describe('an office switch on the page', () => {
  // Every read is started again by the switch while the old office's tab is still there: each must still name
  // the office it reads, or the new office's roles (or its missing schedule) would refuse it with a 403.
  it("asks each office's reads with that office's header", async () => {
    const { gateway, user } = setUp('0', { role: 'groupmanager' });
    await form('Office details');
    await user.click(screen.getByRole('tab', { name: 'Integration' }));
    await form('Integration');
    await user.click(await screen.findByRole('combobox', { name: /office/i }, { timeout: 5_000 }));
    await user.click(await screen.findByText('Bright Smiles Dental – Oak Ave', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(gateway.callsTo(`/api/management/offices/${OAK_AVE}`).length).toBeGreaterThan(0));
    const offices = gateway.callsTo('/api/management/offices/');
    expect(offices.filter((call) => !call.path.startsWith(`/api/management/offices/${call.office}`))).toEqual([]);
  });
});
