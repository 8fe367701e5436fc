import { CORRECTION_MESSAGES, type CorrectionTicket, VALIDATION_MESSAGES, validateTicket } from '@dv/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { type FetchFn } from '../http/http-client';
import { fakeSession, ROLE_CLAIMS } from '../test-support/fake-session';
import { jsonReply } from '../test-support/json-reply';
import { fakeGateway, renderApp } from '../test-support/render-app';
import { EDITOR_LABEL, NOTE_LABEL, SAVE_ACTION, STORED_LABEL, VALID_MESSAGE, VALIDATE_ACTION } from './correction-editor';
import { FIND_ACTION, TICKET_ID_LABEL } from './correction-page';
import { JSON_INVALID } from './document-check';

const WRAPPER = {
  patient: { history: [], historyStatus: 'Unknown', coverageStatus: 'unknown' },
  plan: null,
  ticket: {
    integrationPatientInfo: { patientFirstName: 'Ada', patientLastName: 'Byron', patientDOB: '12/10/1985', patientMemberId: 'AB123', patientRelationToSubscriber: 'Self' },
    resolvedDate: null,
    draft: [],
    status: 'Pending',
    verificPlusInteralId: 'ticket-1',
    schemaVersion: 3,
  },
  schemaVersion: 3,
};

function ticketOf(document: unknown, version: number, corrections: CorrectionTicket['corrections'] = []): CorrectionTicket {
  return {
    id: 'ticket-1',
    officeId: 'office-demo-1',
    status: 'Pending',
    createdAt: '2026-11-02T15:00:00.000Z',
    updatedAt: '2026-11-02T15:00:00.000Z',
    version,
    schemaVersion: 3,
    document,
    problems: [],
    corrections,
  };
}

/** The correction service as the page meets it: one ticket of the goduser's organization, 409 on a stale version. */
function correctionGateway(options: { stale?: boolean } = {}) {
  let ticket = ticketOf(WRAPPER, 2);
  const puts: unknown[] = [];
  const fetch: FetchFn = (url, init) => {
    const path = url.split('?')[0] ?? url;
    const one = /^\/api\/correction\/tickets\/([^/]+)$/.exec(path);
    if (!one) return fakeGateway(url, init);
    if (decodeURIComponent(one[1]!) !== 'ticket-1') return Promise.resolve(jsonReply({ statusCode: 404, error: 'Not Found', message: CORRECTION_MESSAGES.notFound }, 404));
    if (init.method === 'PUT') {
      const body = JSON.parse(init.body as string) as { document: unknown; note: string; expectedVersion: number };
      puts.push(body);
      if (options.stale) return Promise.resolve(jsonReply({ statusCode: 409, error: 'Conflict', message: CORRECTION_MESSAGES.stale }, 409));
      const record = { id: 'c1', at: '2026-11-03T10:00:00.000Z', userId: 'user-goduser', userEmail: 'goduser@demo.test', ticketId: 'ticket-1', note: body.note, fromVersion: 2, toVersion: 3, fields: ['ticket.status'], fieldCount: 1 };
      ticket = ticketOf(body.document, 3, [record]);
    }
    return Promise.resolve(jsonReply(ticket));
  };
  return { fetch, puts };
}

function setUp(options: { stale?: boolean; path?: string } = {}) {
  const gateway = correctionGateway(options);
  const view = renderApp(fakeSession(ROLE_CLAIMS.goduser!), options.path ?? '/correction', gateway.fetch);
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  return { user, gateway, ...view };
}

/** The editor's text replaced at once (typing a whole ticket key by key would take the test's time). */
function replaceText(editor: HTMLElement, text: string) {
  fireEvent.change(editor, { target: { value: text } });
}

describe('/correction', () => {
  it('finds a ticket by id, keeps it in the address and shows its stored document read-only', async () => {
    const { user, location } = setUp();
    await user.type(await screen.findByRole('textbox', { name: TICKET_ID_LABEL }, { timeout: 5_000 }), 'ticket-1');
    await user.click(screen.getByRole('button', { name: FIND_ACTION }));
    const stored = await screen.findByRole('textbox', { name: `${STORED_LABEL} (read-only)` });
    expect(stored).toHaveAttribute('readonly');
    expect(JSON.parse((stored as HTMLTextAreaElement).value)).toEqual(WRAPPER);
    expect(screen.getByText('What the version 3 validator says: no problem.')).toBeInTheDocument();
    expect(location()).toBe('/correction?ticket=ticket-1');
  });

  it('says when no ticket of the organization has the id', async () => {
    const { user } = setUp();
    await user.type(await screen.findByRole('textbox', { name: TICKET_ID_LABEL }, { timeout: 5_000 }), 'ticket-of-another-org{Enter}');
    expect(await screen.findByText(CORRECTION_MESSAGES.notFound)).toBeInTheDocument();
  });

  it("validates with the contracts' validators, and sends nothing they refuse", async () => {
    const { user, gateway } = setUp({ path: '/correction?ticket=ticket-1' });
    const editor = await screen.findByRole('textbox', { name: EDITOR_LABEL }, { timeout: 5_000 });

    replaceText(editor, '{ "patient": ');
    await user.click(screen.getByRole('button', { name: VALIDATE_ACTION }));
    expect(await screen.findByText(new RegExp(JSON_INVALID))).toBeInTheDocument();
    expect(editor).toHaveAttribute('aria-invalid', 'true');

    replaceText(editor, JSON.stringify({ ...WRAPPER, patient: { ...WRAPPER.patient, coverageStatus: 'maybe' } }, null, 2));
    await user.click(screen.getByRole('button', { name: VALIDATE_ACTION }));
    expect(await screen.findByText(VALIDATION_MESSAGES.wrongCoverageStatus)).toBeInTheDocument();
    expect(screen.getByText('patient.coverageStatus')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: new RegExp(NOTE_LABEL.replace('?', '\\?')) }), 'Coverage fixed');
    await user.click(screen.getByRole('button', { name: SAVE_ACTION }));
    expect(gateway.puts).toEqual([]);
  });

  it('saves a valid correction with its note and the version it was made on, then shows it recorded', async () => {
    const { user, gateway } = setUp({ path: '/correction?ticket=ticket-1' });
    const editor = await screen.findByRole('textbox', { name: EDITOR_LABEL }, { timeout: 5_000 });
    const corrected = { ...WRAPPER, ticket: { ...WRAPPER.ticket, status: 'Open' } };
    expect(validateTicket(corrected, 3)).toEqual({ ok: true });
    replaceText(editor, JSON.stringify(corrected));
    await user.click(screen.getByRole('button', { name: VALIDATE_ACTION }));
    expect(await screen.findByText(VALID_MESSAGE)).toBeInTheDocument();

    // No note: said under the note, nothing sent.
    await user.click(screen.getByRole('button', { name: SAVE_ACTION }));
    const note = screen.getByRole('textbox', { name: new RegExp(NOTE_LABEL.replace('?', '\\?')) });
    expect(note).toHaveAccessibleDescription(CORRECTION_MESSAGES.noteRequired);
    await waitFor(() => expect(note).toHaveFocus());
    expect(gateway.puts).toEqual([]);

    await user.type(note, 'Ticket reopened: the payer called back');
    await user.click(screen.getByRole('button', { name: SAVE_ACTION }));
    expect(await screen.findByText('Your changes has been saved.')).toBeInTheDocument();
    expect(gateway.puts).toEqual([{ document: corrected, note: 'Ticket reopened: the payer called back', expectedVersion: 2 }]);
    const history = await screen.findByRole('region', { name: 'Corrections made' });
    expect(within(history).getByText(/Ticket reopened: the payer called back/)).toBeInTheDocument();
    expect(within(history).getByText('Changed: ticket.status')).toBeInTheDocument();
  });

  it('says the ticket changed meanwhile when the service answers 409', async () => {
    const { user } = setUp({ stale: true, path: '/correction?ticket=ticket-1' });
    const editor = await screen.findByRole('textbox', { name: EDITOR_LABEL }, { timeout: 5_000 });
    replaceText(editor, JSON.stringify({ ...WRAPPER, ticket: { ...WRAPPER.ticket, status: 'Open' } }));
    await user.type(screen.getByRole('textbox', { name: new RegExp(NOTE_LABEL.replace('?', '\\?')) }), 'late');
    await user.click(screen.getByRole('button', { name: SAVE_ACTION }));
    expect(await screen.findByText(CORRECTION_MESSAGES.stale)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Read the ticket again' })).toBeInTheDocument();
  });

  it('is the goduser’s page only', async () => {
    const view = renderApp(fakeSession(ROLE_CLAIMS.superadministrator!), '/correction');
    await waitFor(() => expect(view.location()).toBe('/unauthorized'));
  });
});
