import { ATTACHMENT_MAX_BYTES, BUG_ATTACHMENT_TYPE_MESSAGE, MESSAGES } from '@dv/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { useState } from 'react';
import { createAppServices } from '../app/app-services';
import { ServicesContext } from '../app/services-context';
import { InfoBar, InfoBarProvider } from '../info-bar/info-bar';
import { fakeSession, ROLE_CLAIMS } from '../test-support/fake-session';
import { renderApp } from '../test-support/render-app';
import { BugReportPopover } from './bug-report-popover';
import { fakeBugsGateway } from './fake-bugs-gateway';

// The smallest PNG there is: signature, a 1x1 IHDR, one IDAT, IEND.
const PNG_BYTES = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
  (char) => char.charCodeAt(0),
);

function pngFile(name = 'screen.png'): File {
  return new File([PNG_BYTES], name, { type: 'image/png' });
}

/** The popover's dialog (antd's ids are all 'test-id' under jest, so it cannot be found by its name). */
async function findPopover() {
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('Bug report')).toBeInTheDocument();
  return dialog;
}

/** The popover alone with the info bar, an 'Open' button standing in for the menu item, and a signed-in client. */
function PopoverHarness() {
  const [open, setOpen] = useState(true);
  return (
    <InfoBarProvider>
      <InfoBar />
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <BugReportPopover open={open} onClose={() => setOpen(false)} />
    </InfoBarProvider>
  );
}

async function openPopover() {
  const gateway = fakeBugsGateway();
  const services = createAppServices({ fetch: gateway.fetch });
  services.runtime.session = fakeSession(ROLE_CLAIMS.staff!);
  services.runtime.currentOfficeId = 'office-demo-1';
  render(
    <ServicesContext.Provider value={services}>
      <AntApp>
        <PopoverHarness />
      </AntApp>
    </ServicesContext.Provider>,
  );
  const dialog = await findPopover();
  return { gateway, dialog };
}

async function reopen(user: UserEvent) {
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  await user.click(screen.getByRole('button', { name: 'Open' }));
  return findPopover();
}

async function chooseType(user: UserEvent, type: string) {
  await user.click(screen.getByRole('combobox', { name: 'Type' }));
  await user.click(await screen.findByTitle(type));
}

/** Pasted, not typed: every keystroke re-measures the autosizing explanation, which jsdom makes slow. */
async function enter(user: UserEvent, label: string, text: string) {
  await user.click(screen.getByLabelText(label));
  await user.paste(text);
}

async function fillRequired(user: UserEvent) {
  await chooseType(user, 'Technical bug');
  await enter(user, 'Title', 'Plan search freezes');
  await enter(user, 'Explanation', 'Searching Delta Dental spins forever.');
}

const send = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Send' }));

describe('bug report popover', () => {
  beforeEach(() => window.history.replaceState(null, '', '/plan/42?tab=1'));

  it("opens from the left menu's 'Bug report'", async () => {
    const user = userEvent.setup({ delay: null });
    renderApp(fakeSession(ROLE_CLAIMS.staff!), '/verification', fakeBugsGateway().fetch);
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    await user.click(within(nav).getByText('Bug report'));
    expect(await findPopover()).toContainElement(screen.getByLabelText('Title'));
  });

  it("opens by Enter on the menu item, and the key does not go on to press the popover's Close button", async () => {
    const user = userEvent.setup({ delay: null });
    renderApp(fakeSession(ROLE_CLAIMS.staff!), '/verification', fakeBugsGateway().fetch);
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    within(nav).getByRole('button', { name: 'Bug report' }).focus();
    await user.keyboard('{Enter}');
    const popover = await findPopover();
    await within(popover).findByLabelText('Title');
    // A press of Close would have started the closing animation.
    expect(popover.className).not.toMatch(/leave/);
  });

  it("says 'This field is required' under type, title and explanation and sends nothing", async () => {
    const user = userEvent.setup({ delay: null });
    const { gateway, dialog } = await openPopover();
    await send(user);
    expect(await within(dialog).findAllByText(MESSAGES.FIELD_REQUIRED)).toHaveLength(3);
    for (const label of ['Type', 'Title', 'Explanation']) {
      const field = screen.getByLabelText(label);
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(MESSAGES.FIELD_REQUIRED);
    }
    expect(screen.getByLabelText('Type')).toHaveFocus();
    expect(gateway.callsTo('PUT', '/api/bugReports')).toHaveLength(0);

    await enter(user, 'Title', 'x');
    // antd validates a changed field asynchronously: on a loaded machine the message goes a moment after the key
    // (seen taking over a second on a two-core machine running other suites), so the wait is longer than the default.
    // The field's own state is asserted, not a count of the messages in the dialog: the one leaving stays in the
    // DOM until its closing animation ends, which a loaded machine drew out past the wait (CI).
    await waitFor(() => expect(screen.getByLabelText('Title')).not.toHaveAttribute('aria-invalid'), { timeout: 10_000 });
    expect(screen.getByLabelText('Title')).not.toHaveAccessibleDescription(MESSAGES.FIELD_REQUIRED);
    for (const label of ['Type', 'Explanation']) {
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription(MESSAGES.FIELD_REQUIRED);
    }
    expect(gateway.callsTo('PUT', '/api/bugReports')).toHaveLength(0);
  });

  it('leaves the focus on a field clicked while the popover was still opening', async () => {
    const user = userEvent.setup({ delay: null });
    const { dialog } = await openPopover();
    const modal = dialog.closest('.ant-modal') ?? dialog;
    // The opening animation is still running (it ends with the focus moving to Type when nothing has it yet).
    expect(modal.className).toMatch(/ant-zoom-appear/);
    await user.click(screen.getByLabelText('Title'));
    await waitFor(() => expect(modal.className).not.toMatch(/ant-zoom-appear/), { timeout: 10_000 });
    await user.paste('Plan search freezes');
    expect(screen.getByLabelText('Title')).toHaveFocus();
    expect(screen.getByLabelText('Title')).toHaveValue('Plan search freezes');
  });

  it('refuses a file over 5 MB with the too-big message and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const { gateway, dialog } = await openPopover();
    await fillRequired(user);
    const big = new File([new Uint8Array(ATTACHMENT_MAX_BYTES + 1)], 'scan.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText('Attachment file'), big);
    expect(within(dialog).getByText(MESSAGES.FILE_TOO_BIG)).toBeInTheDocument();
    await send(user);
    // The check ran: it sends the focus to the attachment.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Choose another file' })).toHaveFocus());
    expect(within(dialog).getByText(MESSAGES.FILE_TOO_BIG)).toBeInTheDocument();
    expect(gateway.callsTo('PUT', '/api/bugReports')).toHaveLength(0);
  });

  it('refuses a file of the wrong type and sends nothing until it is removed', async () => {
    const user = userEvent.setup({ delay: null, applyAccept: false });
    const { gateway, dialog } = await openPopover();
    await fillRequired(user);
    await user.upload(screen.getByLabelText('Attachment file'), new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' }));
    expect(within(dialog).getByText(BUG_ATTACHMENT_TYPE_MESSAGE)).toBeInTheDocument();
    await send(user);
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Choose another file' })).toHaveFocus());
    expect(gateway.callsTo('PUT', '/api/bugReports')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Remove setup.exe' }));
    expect(within(dialog).queryByText(BUG_ATTACHMENT_TYPE_MESSAGE)).not.toBeInTheDocument();
    await send(user);
    expect(await screen.findByText(MESSAGES.BUG_REPORT_SENT)).toBeInTheDocument();
    const body = gateway.callsTo('PUT', '/api/bugReports')[0]?.body as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['description', 'title', 'type', 'url']);
  });

  it("sends the report with the page address and the attachment, shows progress, then 'Bug report sent!' and clears", async () => {
    const user = userEvent.setup({ delay: null });
    const { gateway, dialog } = await openPopover();
    let answer: (reply: { status: number; body: unknown }) => void = () => undefined;
    gateway.answerSubmit(() => new Promise((resolve) => (answer = resolve)));
    await fillRequired(user);
    await user.upload(screen.getByLabelText('Attachment file'), pngFile());
    expect(within(dialog).getByText('screen.png (70 B)')).toBeInTheDocument();
    await send(user);

    expect(await within(dialog).findByRole('status')).toHaveTextContent('Saving. Wait...');
    expect(screen.getByLabelText('Title')).toBeDisabled();
    // 'Saving' shows while the attachment is still being read: answer only once the call has been made (on a
    // loaded machine answering earlier resolved nothing and the form stayed in 'Saving' for good).
    await waitFor(() => expect(gateway.callsTo('PUT', '/api/bugReports')).toHaveLength(1));
    answer({ status: 201, body: { id: 'bug-1' } });

    expect(await screen.findByText(MESSAGES.BUG_REPORT_SENT)).toBeInTheDocument();
    const [call] = gateway.callsTo('PUT', '/api/bugReports');
    expect(call?.headers).toMatchObject({ Authorization: 'Bearer token', 'Connected-Dental-Office': 'office-demo-1' });
    const body = call?.body as Record<string, string>;
    expect(body).toMatchObject({
      type: 'Technical bug',
      title: 'Plan search freezes',
      description: 'Searching Delta Dental spins forever.',
      url: 'http://localhost/plan/42?tab=1',
      fileMime: 'image/png',
      fileName: 'screen.png',
    });
    expect(body.fileBase64).toMatch(/^data:image\/png;base64,/);
    const sent = Uint8Array.from(atob(body.fileBase64!.split(',')[1]!), (char) => char.charCodeAt(0));
    expect(sent).toEqual(PNG_BYTES);

    await reopen(user);
    expect(screen.getByLabelText('Title')).toHaveValue('');
    expect(screen.getByLabelText('Explanation')).toHaveValue('');
    expect(screen.queryByText('screen.png (70 B)')).not.toBeInTheDocument();
  });

  it("shows the service's field errors at their fields and keeps what was typed", async () => {
    const user = userEvent.setup({ delay: null });
    const { gateway, dialog } = await openPopover();
    gateway.answerSubmit({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'Invalid request',
        details: [
          { location: 'body', path: 'title', message: 'Keep it under 300 characters' },
          { location: 'body', path: 'fileBase64', message: BUG_ATTACHMENT_TYPE_MESSAGE },
          { location: 'body', path: 'url', message: 'Not a page of this application' },
        ],
      },
    });
    await fillRequired(user);
    await user.upload(screen.getByLabelText('Attachment file'), pngFile('exe-in-disguise.png'));
    await send(user);

    expect(await within(dialog).findByText('Keep it under 300 characters')).toBeInTheDocument();
    const title = screen.getByLabelText('Title');
    expect(title).toHaveAccessibleDescription('Keep it under 300 characters');
    expect(title).toHaveFocus();
    expect(within(dialog).getByText(BUG_ATTACHMENT_TYPE_MESSAGE)).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('url: Not a page of this application');
    expect(title).toHaveValue('Plan search freezes');
    expect(screen.getByLabelText('Explanation')).toHaveValue('Searching Delta Dental spins forever.');
    expect(within(dialog).getByText('exe-in-disguise.png (70 B)')).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.BUG_REPORT_SENT)).not.toBeInTheDocument();
  });

  it('shows the generic error bar on any other failure and keeps everything, closed or not, to send again', async () => {
    const user = userEvent.setup({ delay: null });
    const { gateway, dialog } = await openPopover();
    gateway.answerSubmit({ status: 503, body: { statusCode: 503, message: 'Service unavailable' } });
    await fillRequired(user);
    await user.upload(screen.getByLabelText('Attachment file'), pngFile());
    await send(user);

    // In the popover, and in the page's info bar with the advice.
    expect(await screen.findAllByText(MESSAGES.GENERIC_ERROR)).toHaveLength(2);
    expect(screen.getByText(MESSAGES.GENERIC_ERROR_ADVICE)).toBeInTheDocument();
    expect(dialog).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const reopened = await reopen(user);
    expect(within(reopened).getByTitle('Technical bug')).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('Plan search freezes');
    expect(screen.getByLabelText('Explanation')).toHaveValue('Searching Delta Dental spins forever.');
    expect(within(reopened).getByText('screen.png (70 B)')).toBeInTheDocument();

    gateway.answerSubmit({ status: 201, body: { id: 'bug-2' } });
    await send(user);
    expect(await screen.findByText(MESSAGES.BUG_REPORT_SENT)).toBeInTheDocument();
    expect(gateway.callsTo('PUT', '/api/bugReports')).toHaveLength(2);
  });
});
