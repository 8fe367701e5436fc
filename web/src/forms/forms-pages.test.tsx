/**
 * The forms' other pages: the rules (a new rule entered as its question and field take it), the template list
 * (a new template opens in the editor), the office's and the organization's customizations (what the
 * organization hides stays hidden for the office; without the privilege the global one is read only).
 */
import { type FormRuleInput } from '@dv/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeSession, ROLE_CLAIMS } from '../test-support/fake-session';
import { renderApp } from '../test-support/render-app';
import { fakeFormsGateway } from './fake-forms-gateway';

function open(role: string, path: string, options: Parameters<typeof fakeFormsGateway>[0] = {}) {
  const gateway = fakeFormsGateway(options);
  const view = renderApp(fakeSession(ROLE_CLAIMS[role]!), path, gateway.fetch);
  return { gateway, view };
}

describe('/management/rules', () => {
  it('adds a rule: a payer key, a question answered yes, a field and its value', async () => {
    const user = userEvent.setup({ delay: null });
    const { gateway } = open('superadministrator', '/management/rules');
    expect(await screen.findByText('No rules yet.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'New rule' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'New rule' }));
    const form = screen.getByRole('form', { name: 'New rule' });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Payer key' }), 'DELTA_DENTAL');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'When the question' }), 'Orthodontics covered (orthoCovered)');
    await user.click(within(form).getByRole('radio', { name: 'Yes' }));
    await user.type(within(form).getByRole('combobox', { name: 'It sets the plan field' }), 'plan.benefits.adaCodes.CAT:Orthodontics.benefitLevel');
    await user.type(within(form).getByRole('textbox', { name: 'Value it sets' }), '50');
    await user.click(within(form).getByRole('button', { name: 'Add rule' }));
    await waitFor(() => expect(gateway.callsTo('POST', '/api/management/form-rules')).toHaveLength(1));
    const body = gateway.callsTo('POST', '/api/management/form-rules')[0]!.body as FormRuleInput;
    expect(body).toEqual({ payer: { payerKey: 'DELTA_DENTAL' }, questionKey: 'orthoCovered', answer: true, field: 'plan.benefits.adaCodes.CAT:Orthodontics.benefitLevel', value: 50 });
    expect(await screen.findByRole('button', { name: 'Orthodontics covered is Yes' })).toBeInTheDocument();
  });

  it('says what is missing before sending anything', async () => {
    const user = userEvent.setup({ delay: null });
    const { gateway } = open('superadministrator', '/management/rules');
    await waitFor(() => expect(screen.getByRole('button', { name: 'New rule' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'New rule' }));
    const form = screen.getByRole('form', { name: 'New rule' });
    await user.type(within(form).getByRole('combobox', { name: 'It sets the plan field' }), 'plan.payer.name');
    await user.click(within(form).getByRole('button', { name: 'Add rule' }));
    expect(within(form).getByText('Give the answer that fires the rule')).toBeInTheDocument();
    expect(within(form).getByText(/Name a plan field a form can fill/)).toBeInTheDocument();
    expect(gateway.callsTo('POST', '/api/management/form-rules')).toHaveLength(0);
  });
});

describe('/management/form-templates', () => {
  it('lists the templates, the default marked, and opens a new one in the editor', async () => {
    const user = userEvent.setup({ delay: null });
    const { view } = open('superadministrator', '/management/form-templates');
    const row = await screen.findByRole('link', { name: 'Verification form' });
    expect(row).toHaveAttribute('href', '/management/form?template=tpl-default');
    expect(screen.getByText('default')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: "New template's name" }), 'Short form');
    await user.click(screen.getByRole('button', { name: 'New template' }));
    await waitFor(() => expect(view.location()).toBe('/management/form?template=tpl-2'));
    expect(await screen.findByRole('textbox', { name: 'Template name' })).toHaveValue('Short form');
  });
});

describe('customization', () => {
  it("an office's manager hides a question; what the organization hides stays hidden", async () => {
    const user = userEvent.setup({ delay: null });
    const { gateway } = open('staffmanager', '/customization/verification');
    gateway.state.hidden.global = ['callNotes'];
    const notes = await screen.findByRole('checkbox', { name: 'Show Notes from the call' });
    expect(notes).toBeDisabled();
    expect(notes).not.toBeChecked();
    expect(screen.getByText('Hidden for every office by the organization')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Show Orthodontics covered' }));
    expect(screen.getByText('Shown only after Orthodontics covered, which is hidden')).toBeInTheDocument();
    expect(screen.getByText('Hidden with its block, Orthodontics')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(gateway.callsTo('PUT', '/api/customization/verification')).toHaveLength(1));
    expect(gateway.callsTo('PUT', '/api/customization/verification')[0]!.body).toEqual({ hiddenQuestions: ['orthoCovered'], version: 0 });
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
  });

  it('the landing page counts the questions that show', async () => {
    const { gateway } = open('staffmanager', '/customization');
    gateway.state.hidden.office = ['annualMax'];
    expect(await screen.findByText(/6 of 7 show for this office/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Verification form' })).toHaveAttribute('href', '/customization/verification');
  });

  it('the global customization is read only without editGlobalCustomization', async () => {
    open('admin', '/management/customization');
    expect(await screen.findByText("You may read the organization's customization")).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Show Annual maximum' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('with the privilege, the global customization is saved', async () => {
    const user = userEvent.setup({ delay: null });
    const { gateway } = open('admin', '/management/customization', { mayEditGlobal: true });
    await user.click(await screen.findByRole('checkbox', { name: 'Show Annual maximum' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(gateway.callsTo('PUT', '/api/management/customization/verification')[0]?.body).toEqual({ hiddenQuestions: ['annualMax'], version: 0 }));
  });
});
