import { type ManagedBugReport, MESSAGES } from '@dv/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeSession, ROLE_CLAIMS } from '../test-support/fake-session';
import { renderApp } from '../test-support/render-app';
import { fakeBugsGateway, managedReport } from './fake-bugs-gateway';

const PNG = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], { type: 'image/png' });
const PDF = new Blob(['%PDF-1.7'], { type: 'application/pdf' });

const WITH_IMAGE = managedReport({
  id: 'bug-7',
  title: 'Plan search freezes',
  description: 'Searching Delta Dental spins forever.\nThen the page reloads.',
  type: 'Technical bug',
  url: '/plan/42?tab=1',
  officeId: 'office-demo-2',
  creationDate: '2025-03-12T12:00:00.000Z',
  attachment: { mime: 'image/png', size: 2048, fileName: 'screen.png' },
});

// jsdom has no object URLs; each made and revoked is recorded.
const objectUrls = { made: [] as Blob[], revoked: [] as string[] };
beforeAll(() => {
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => `blob:http://localhost/${objectUrls.made.push(blob)}`,
    revokeObjectURL: (url: string) => objectUrls.revoked.push(url),
  });
});
beforeEach(() => {
  objectUrls.made = [];
  objectUrls.revoked = [];
});

/** jsdom's Blob has no arrayBuffer(). */
function bytesOf(blob: Blob): Promise<number[]> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve([...new Uint8Array(reader.result as ArrayBuffer)]);
    reader.readAsArrayBuffer(blob);
  });
}

function openReport(report: ManagedBugReport, attachments: Record<string, Blob> = {}) {
  const gateway = fakeBugsGateway({ reports: [report], attachments });
  const view = renderApp(fakeSession(ROLE_CLAIMS.agent!), `/management/bugs/${report.id}`, gateway.fetch);
  return { gateway, view };
}

/** The value cell next to a label of the report's table. */
const field = (label: string) =>
  screen.getByText(label, { selector: 'th, th *' }).closest('th')!.nextElementSibling as HTMLElement;

describe('/management/bugs/{id}', () => {
  it('shows the report: type, title, reporter, office, page, dates and explanation', async () => {
    openReport(WITH_IMAGE, { 'bug-7': PNG });
    expect(await screen.findByRole('heading', { level: 2, name: 'Plan search freezes' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Bug Report' })).toBeInTheDocument();
    expect(field('Type')).toHaveTextContent('Technical bug');
    expect(field('Status')).toHaveTextContent('Unsolved');
    expect(field('Reported by')).toHaveTextContent('staff@demo.test');
    await waitFor(() => expect(field('Office')).toHaveTextContent('Bright Smiles Dental – Oak Ave'));
    expect(field('Reported on')).toHaveTextContent(/^03\/12\/2025 \d\d:\d\d (AM|PM)$/);
    expect(field('Solved on')).toHaveTextContent('Not solved yet');
    expect(within(field('Page')).getByRole('link', { name: '/plan/42?tab=1' })).toHaveAttribute('href', '/plan/42?tab=1');
    expect(field('Explanation').textContent).toBe('Searching Delta Dental spins forever.\nThen the page reloads.');
  });

  it('previews an image attachment from its bytes, read with the token, and offers it for download', async () => {
    const { gateway, view } = openReport(WITH_IMAGE, { 'bug-7': PNG });
    const image = await screen.findByRole('img', { name: 'Attachment screen.png' });
    expect(image).toHaveAttribute('src', 'blob:http://localhost/1');
    expect(objectUrls.made[0]?.type).toBe('image/png');
    expect(await bytesOf(objectUrls.made[0]!)).toEqual(await bytesOf(PNG));
    const download = screen.getByRole('link', { name: 'Download screen.png' });
    expect(download).toHaveAttribute('href', 'blob:http://localhost/1');
    expect(download).toHaveAttribute('download', 'screen.png');
    expect(screen.getByText('(2 KB)')).toBeInTheDocument();
    const [call] = gateway.callsTo('GET', '/api/management/bugs/bug-7/attachment');
    expect(call?.headers.Authorization).toBe('Bearer token');

    view.unmount();
    expect(objectUrls.revoked).toEqual(['blob:http://localhost/1']);
  });

  it('shows a PDF attachment in a frame', async () => {
    const report = { ...WITH_IMAGE, attachment: { mime: 'application/pdf', size: 8, fileName: 'letter.pdf' } } as const;
    openReport(report, { 'bug-7': PDF });
    const frame = await screen.findByTitle('Attachment letter.pdf');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', 'blob:http://localhost/1');
    expect(objectUrls.made[0]?.type).toBe('application/pdf');
    expect(screen.queryByRole('img', { name: /Attachment/ })).not.toBeInTheDocument();
  });

  it('says when there is no attachment and asks for none', async () => {
    const { gateway } = openReport({ ...WITH_IMAGE, attachment: null });
    expect(await screen.findByText('No attachment was sent with this report.')).toBeInTheDocument();
    expect(gateway.callsTo('GET', '/api/management/bugs/bug-7/attachment')).toHaveLength(0);
  });

  it('marks it solved with the solving date, and reopens it', async () => {
    const user = userEvent.setup({ delay: null });
    const { gateway } = openReport(WITH_IMAGE, { 'bug-7': PNG });
    await user.click(await screen.findByRole('button', { name: 'Mark as solved' }));
    expect(await screen.findByRole('button', { name: 'Reopen' })).toBeInTheDocument();
    expect(gateway.callsTo('PATCH', '/api/management/bugs/bug-7')[0]?.body).toEqual({ solved: true });
    expect(field('Status')).toHaveTextContent('Solved');
    expect(field('Solved on')).toHaveTextContent(/^03\/15\/2025 \d\d:\d\d (AM|PM)$/);
    expect(screen.getByText(MESSAGES.CHANGES_SAVED)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reopen' }));
    expect(await screen.findByRole('button', { name: 'Mark as solved' })).toBeInTheDocument();
    expect(gateway.callsTo('PATCH', '/api/management/bugs/bug-7')[1]?.body).toEqual({ solved: false });
    expect(field('Solved on')).toHaveTextContent('Not solved yet');
  });

  it('shows the generic error bar when solving fails', async () => {
    const user = userEvent.setup({ delay: null });
    const { gateway } = openReport({ ...WITH_IMAGE, attachment: null });
    await screen.findByRole('button', { name: 'Mark as solved' });
    gateway.failManagement(500);
    await user.click(screen.getByRole('button', { name: 'Mark as solved' }));
    expect(await screen.findByText(MESSAGES.GENERIC_ERROR)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark as solved' })).toBeInTheDocument();
  });

  it('says when the report does not exist', async () => {
    const gateway = fakeBugsGateway({ reports: [] });
    renderApp(fakeSession(ROLE_CLAIMS.admin!), '/management/bugs/nope', gateway.fetch);
    expect(await screen.findByText('This bug report does not exist.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the list' })).toHaveAttribute('href', '/management/bugs');
  });
});
