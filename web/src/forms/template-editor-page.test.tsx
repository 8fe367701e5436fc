/**
 * The template editor (/management/form): the default template opens; a question is added, moved up by keyboard
 * (the focus stays on the moved question), given a condition on another question and saved with the version read;
 * the service's problems show under their fields; a stale version says so.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type FormTemplateUpdateInput } from '@dv/contracts';
import { fakeSession, ROLE_CLAIMS } from '../test-support/fake-session';
import { renderApp } from '../test-support/render-app';
import { DEMO_QUESTIONS, fakeFormsGateway } from './fake-forms-gateway';

function openEditor(path = '/management/form') {
  const gateway = fakeFormsGateway();
  const view = renderApp(fakeSession(ROLE_CLAIMS.superadministrator!), path, gateway.fetch);
  return { gateway, view };
}

const card = (name: string) => screen.getByRole('group', { name: new RegExp(`^\\d+\\. ${name}$`) });
const sent = (gateway: ReturnType<typeof fakeFormsGateway>) => gateway.callsTo('PUT', '/api/management/form-templates/tpl-default').at(-1)?.body as FormTemplateUpdateInput;

describe('the template editor', () => {
  it('adds a question, moves it up by keyboard, gives it a condition and saves the whole template', async () => {
    const user = userEvent.setup({ delay: null });
    const { gateway } = openEditor();
    expect(await screen.findByRole('heading', { level: 1, name: 'Forms' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Template name' })).toHaveValue('Verification form');

    await user.selectOptions(screen.getByRole('combobox', { name: "New question's type" }), 'Text');
    await user.click(screen.getByRole('button', { name: 'Add question' }));
    const added = card('New question');
    await user.clear(within(added).getByRole('textbox', { name: 'Label' }));
    await user.type(within(added).getByRole('textbox', { name: 'Label' }), 'Ortho notes');
    const key = within(card('Ortho notes')).getByRole('textbox', { name: 'Key' });
    await user.clear(key);
    await user.type(key, 'orthoNotes');

    // Up, by keyboard: the focus stays on the moved question's Up button.
    within(card('Ortho notes')).getByRole('button', { name: 'Move Ortho notes up' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(within(card('Ortho notes')).getByRole('button', { name: 'Move Ortho notes up' })));
    expect(screen.getByRole('group', { name: `${DEMO_QUESTIONS.length}. Ortho notes` })).toBeInTheDocument();

    const notes = card('Ortho notes');
    await user.click(within(notes).getByRole('checkbox', { name: 'Show only when another question is answered' }));
    await user.selectOptions(within(notes).getByRole('combobox', { name: 'Question' }), 'Orthodontics covered (orthoCovered)');
    expect(within(notes).getByRole('checkbox', { name: 'Yes' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save template' }));

    await waitFor(() => expect(sent(gateway)).toBeDefined());
    const body = sent(gateway);
    expect(body.version).toBe(3);
    expect(body.questions.map((question) => question.key)).toEqual([...DEMO_QUESTIONS.slice(0, -1).map((question) => question.key), 'orthoNotes', 'callNotes']);
    expect(body.questions.at(-2)).toEqual({ key: 'orthoNotes', label: 'Ortho notes', type: 'textField', options: { multiline: false, maxLength: 500 }, condition: { question: 'orthoCovered', values: [true] } });
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
  });

  it("shows the service's problems under their fields, and a stale version", async () => {
    const user = userEvent.setup({ delay: null });
    const { gateway } = openEditor();
    await screen.findByRole('textbox', { name: 'Template name' });
    gateway.failNext({ status: 400, message: 'Invalid request', details: [{ path: 'questions.0.target', message: 'Not a plan field a form can fill' }] });
    await user.click(screen.getByRole('button', { name: 'Save template' }));
    expect(await within(card('Annual maximum')).findByText('Not a plan field a form can fill')).toBeInTheDocument();
    expect(screen.getByText('Not saved: see the problems below.')).toBeInTheDocument();

    gateway.failNext({ status: 409, message: 'It was changed meanwhile: reload to see the change, then make yours again' });
    await user.click(screen.getByRole('button', { name: 'Save template' }));
    expect(await screen.findByText(/Not saved: It was changed meanwhile/)).toBeInTheDocument();
  });

  it('removes a question and what named it', async () => {
    const user = userEvent.setup({ delay: null });
    const { gateway } = openEditor();
    await screen.findByRole('textbox', { name: 'Template name' });
    await user.click(within(card('Orthodontics covered')).getByRole('button', { name: 'Remove Orthodontics covered' }));
    await user.click(screen.getByRole('button', { name: 'Save template' }));
    await waitFor(() => expect(sent(gateway)).toBeDefined());
    const block = sent(gateway).questions.find((question) => question.key === 'orthodontics');
    expect(block).toEqual({ key: 'orthodontics', label: 'Orthodontics', type: 'conditionalBlock', options: {} });
  });

  it('says when the template does not exist', async () => {
    openEditor('/management/form?template=nope');
    expect(await screen.findByText('Form template not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All templates' })).toHaveAttribute('href', '/management/form-templates');
  });
});
