import { BILLING_MESSAGES, MESSAGES, VALIDATION_MESSAGES, type VerificationListItem } from '@dv/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { fakeSession, ROLE_CLAIMS } from '../../test-support/fake-session';
import { renderInApp } from '../../test-support/render-app';
import { duplicateTitle } from './duplicate-verification-dialog';
import { CREATED_ID, fakeVerificationsGateway, OFFICE_NAME, type FakeVerificationsGateway } from './fake-verifications-gateway';
import { NewVerificationPage } from './new-verification-page';

const TEXT_LABELS = ['Patient first name', 'Patient last name', 'Patient date of birth', 'Member ID'];
const SUBSCRIBER_LABELS = ['Subscriber first name', 'Subscriber last name', 'Subscriber date of birth'];

/** The ticket page is another screen: a stand-in shows where Verify and "Open it" lead. */
function TicketStandIn() {
  const { pathname } = useLocation();
  return <p data-testid="ticket">{pathname}</p>;
}

/** The page as the app mounts it (session, office, query cache, router), with the fake gateway behind it. */
async function openPage(gateway: FakeVerificationsGateway = fakeVerificationsGateway(), entry = '/verification') {
  const user = userEvent.setup();
  renderInApp(
    fakeSession(ROLE_CLAIMS.staff!),
    entry,
    <Routes>
      <Route path="/verification" element={<NewVerificationPage />} />
      <Route path="/verification/:id" element={<TicketStandIn />} />
    </Routes>,
    gateway.fetch,
  );
  await screen.findByRole('heading', { level: 1, name: 'New Verification' });
  const location = () => screen.queryByTestId('ticket')?.textContent ?? '/verification';
  return { user, gateway, location };
}

/** The form item around a field: where its error shows. */
function itemOf(label: string): HTMLElement {
  const item = screen.getByLabelText(label).closest<HTMLElement>('.dv-form-item');
  if (!item) throw new Error(`${label} has no form item`);
  return item;
}

async function enter(user: UserEvent, label: string, text: string) {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  await user.click(input);
  await user.paste(text);
}

async function choose(user: UserEvent, comboboxName: string, title: string) {
  await user.click(screen.getByRole('combobox', { name: comboboxName }));
  const options = await screen.findAllByTitle(title);
  await user.click(options.find((option) => option.classList.contains('ant-select-item-option')) ?? options[0]!);
}

async function chooseCarrier(user: UserEvent, typed: string, name: string) {
  const carrier = screen.getByRole('combobox', { name: 'Carrier' });
  await user.click(carrier);
  await user.type(carrier, typed);
  await user.click(await screen.findByTitle(name));
}

async function fillPatient(user: UserEvent) {
  await enter(user, 'Patient first name', 'Ana');
  await enter(user, 'Patient last name', 'Silva');
  await enter(user, 'Patient date of birth', '02/14/1990');
  await enter(user, 'Member ID', 'AET-555');
  await chooseCarrier(user, 'aetna', 'Aetna Dental');
}

function existingTicket(overrides: Partial<VerificationListItem> = {}): VerificationListItem {
  const now = new Date().toISOString();
  return {
    id: '6a1c2b7e-0d4f-4f0e-9a51-3c7b8e2f1a90',
    officeId: 'office-demo-1',
    status: 'Pending',
    ticketStatus: 'Open',
    patient: { firstName: 'ana', lastName: 'SILVA', dob: '02/14/1990', memberId: 'AET-555' },
    carrier: { payerId: '60054', name: 'Aetna Dental', payerKey: 'AETNA' },
    createdAt: now,
    updatedAt: now,
    readyAt: null,
    submittedAt: null,
    planScore: null,
    jobs: [],
    ...overrides,
  };
}

describe('New Verification', () => {
  it('names every input by its label, relation defaulting to Self, and asks the subscriber only when not Self', async () => {
    const { user } = await openPage();
    // The accessible name is the label exactly: no '(optional)' or '*' text inside it.
    for (const label of TEXT_LABELS) expect(screen.getByRole('textbox', { name: label })).toBe(screen.getByLabelText(label));
    expect(screen.getByRole('combobox', { name: 'Relation to subscriber' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Carrier' })).toBeInTheDocument();
    expect(within(itemOf('Relation to subscriber')).getByTitle('Self')).toBeInTheDocument();
    for (const label of SUBSCRIBER_LABELS) expect(screen.queryByLabelText(label)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verify' })).toBeInTheDocument();

    await choose(user, 'Relation to subscriber', 'Spouse');
    for (const label of SUBSCRIBER_LABELS) expect(screen.getByLabelText(label)).toBeInTheDocument();

    await choose(user, 'Relation to subscriber', 'Self');
    await waitFor(() => expect(screen.queryByLabelText('Subscriber first name')).not.toBeInTheDocument());
  });

  it("shows the contract's messages under the fields for empty and invalid input, and sends nothing", async () => {
    const { user, gateway } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    for (const label of ['Patient first name', 'Patient last name', 'Patient date of birth', 'Member ID', 'Carrier']) {
      expect(await within(itemOf(label)).findByText(MESSAGES.FIELD_REQUIRED)).toBeInTheDocument();
    }
    await waitFor(() => expect(screen.getByLabelText('Patient first name')).toHaveFocus());
    expect(screen.getByLabelText('Patient first name')).toHaveAccessibleDescription(MESSAGES.FIELD_REQUIRED);

    await enter(user, 'Patient date of birth', '02/30/1990');
    await enter(user, 'Patient first name', 'Ana');
    expect(within(itemOf('Patient first name')).queryByText(MESSAGES.FIELD_REQUIRED)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await within(itemOf('Patient date of birth')).findByText(VALIDATION_MESSAGES.wrongDate)).toBeInTheDocument();
    expect(gateway.callsTo('POST /api/verifications')).toHaveLength(0);
  });

  it('finds a carrier by a part of its name or of its payer id, any case', async () => {
    const { user } = await openPage();
    const carrier = screen.getByRole('combobox', { name: 'Carrier' });
    await user.click(carrier);
    await user.type(carrier, 'METL');
    expect(await screen.findByTitle('MetLife Dental')).toBeInTheDocument();
    expect(screen.queryByTitle('Aetna Dental')).not.toBeInTheDocument();

    await user.clear(carrier);
    await user.type(carrier, 'cx01');
    expect(await screen.findByTitle('DentaQuest')).toBeInTheDocument();
    expect(screen.queryByTitle('MetLife Dental')).not.toBeInTheDocument();
    await user.click(screen.getByTitle('DentaQuest'));
    expect(within(itemOf('Carrier')).getByText('(CX014)')).toBeInTheDocument();
  });

  it('chooses the carrier the address names (Plan Search: Verify a patient on this plan)', async () => {
    const { user, gateway, location } = await openPage(fakeVerificationsGateway(), '/verification?payerId=77777');
    expect(await within(itemOf('Carrier')).findByText('(77777)')).toBeInTheDocument();
    expect(within(itemOf('Carrier')).getByText('Delta Dental of California')).toBeInTheDocument();
    await enter(user, 'Patient first name', 'Ana');
    await enter(user, 'Patient last name', 'Silva');
    await enter(user, 'Patient date of birth', '02/14/1990');
    await enter(user, 'Member ID', 'DD-555');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(location()).toBe(`/verification/${CREATED_ID}`));
    expect(gateway.callsTo('POST /api/verifications')[0]?.body).toMatchObject({ carrier: { payerId: '77777' } });
  });

  it('creates the ticket with the office name and opens /verification/{id}', async () => {
    const { user, gateway, location } = await openPage();
    await fillPatient(user);
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(location()).toBe(`/verification/${CREATED_ID}`));
    const [check] = gateway.callsTo('GET /api/verifications');
    expect(check?.query.get('memberId')).toBe('AET-555');
    expect(check?.query.get('carrier')).toBe('60054');
    expect(check?.query.get('from')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(gateway.callsTo('POST /api/verifications')[0]?.body).toEqual({
      patient: {
        patientFirstName: 'Ana',
        patientLastName: 'Silva',
        patientDOB: '02/14/1990',
        patientMemberId: 'AET-555',
        patientRelationToSubscriber: 'Self',
      },
      carrier: { payerId: '60054' },
      clientInfo: { name: OFFICE_NAME },
    });
  });

  it("puts a 400's details under their fields, and keeps everything typed on a 500", async () => {
    const gateway = fakeVerificationsGateway();
    gateway.answer('POST /api/verifications', {
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'Invalid request',
        requestId: 'r1',
        details: [{ location: 'body', path: 'patient.patientDOB', message: 'A date of birth cannot be in the future' }],
      },
    });
    const { user, location } = await openPage(gateway);
    await fillPatient(user);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await within(itemOf('Patient date of birth')).findByText('A date of birth cannot be in the future')).toBeInTheDocument();

    gateway.answer('POST /api/verifications', { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Internal Server Error' } });
    await enter(user, 'Patient date of birth', '02/15/1990');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(MESSAGES.GENERIC_ERROR)).toBeInTheDocument();
    expect(screen.getByLabelText('Patient first name')).toHaveValue('Ana');
    expect(screen.getByLabelText('Patient last name')).toHaveValue('Silva');
    expect(screen.getByLabelText('Patient date of birth')).toHaveValue('02/15/1990');
    expect(screen.getByLabelText('Member ID')).toHaveValue('AET-555');
    expect(within(itemOf('Carrier')).getByText('Aetna Dental')).toBeInTheDocument();
    expect(location()).toBe('/verification');
  });

  it("shows a 402's message with the way to the Payment page, and keeps everything typed", async () => {
    const gateway = fakeVerificationsGateway();
    gateway.answer('POST /api/verifications', {
      status: 402,
      body: { statusCode: 402, error: 'Payment Required', message: BILLING_MESSAGES.paymentRequired },
    });
    const { user, location } = await openPage(gateway);
    await fillPatient(user);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(BILLING_MESSAGES.paymentRequired);
    expect(within(alert).getByRole('link', { name: 'Choose a plan on the Payment page' })).toHaveAttribute('href', '/payment');
    expect(screen.getByLabelText('Member ID')).toHaveValue('AET-555');
    expect(location()).toBe('/verification');
  });

  it('offers to open a ticket of the same patient and carrier created today, or to verify again', async () => {
    const gateway = fakeVerificationsGateway();
    gateway.verifications = [existingTicket()];
    const { user, location } = await openPage(gateway);
    await fillPatient(user);
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(duplicateTitle('Aetna Dental'))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Open it' }));
    await waitFor(() => expect(location()).toBe('/verification/6a1c2b7e-0d4f-4f0e-9a51-3c7b8e2f1a90'));
    expect(gateway.callsTo('POST /api/verifications')).toHaveLength(0);
  });

  it('creates anyway on "Verify again"', async () => {
    const gateway = fakeVerificationsGateway();
    gateway.verifications = [existingTicket()];
    const { user, location } = await openPage(gateway);
    await fillPatient(user);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Verify again' }));
    await waitFor(() => expect(location()).toBe(`/verification/${CREATED_ID}`));
    expect(gateway.callsTo('POST /api/verifications')).toHaveLength(1);
  });

  it("does not offer a ticket of today for another patient with the same member id", async () => {
    const gateway = fakeVerificationsGateway();
    gateway.verifications = [existingTicket({ patient: { firstName: 'Bea', lastName: 'Silva', dob: '02/14/1990', memberId: 'AET-555' } })];
    const { user, location } = await openPage(gateway);
    await fillPatient(user);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(location()).toBe(`/verification/${CREATED_ID}`));
    expect(screen.queryByText(duplicateTitle('Aetna Dental'))).not.toBeInTheDocument();
  });

  it('fills the whole form from a sandbox patient, on the sandbox only', async () => {
    const { user } = await openPage(fakeVerificationsGateway({ sandbox: true }));
    expect(await screen.findByText('sandbox')).toBeInTheDocument();
    await choose(user, 'Try a sandbox patient', 'Diego Lopez, Children of Maria Lopez');

    expect(screen.getByLabelText('Patient first name')).toHaveValue('Diego');
    expect(screen.getByLabelText('Patient last name')).toHaveValue('Lopez');
    expect(screen.getByLabelText('Patient date of birth')).toHaveValue('09/30/2014');
    expect(screen.getByLabelText('Member ID')).toHaveValue('MET100200');
    expect(within(itemOf('Relation to subscriber')).getByTitle('Children')).toBeInTheDocument();
    expect(screen.getByLabelText('Subscriber first name')).toHaveValue('Maria');
    expect(screen.getByLabelText('Subscriber last name')).toHaveValue('Lopez');
    expect(screen.getByLabelText('Subscriber date of birth')).toHaveValue('04/12/1985');
    expect(within(itemOf('Carrier')).getByText('MetLife Dental')).toBeInTheDocument();
    expect(screen.getByText('How to try the other cases')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear form' }));
    expect(screen.getByLabelText('Patient first name')).toHaveValue('');
    expect(screen.queryByLabelText('Subscriber first name')).not.toBeInTheDocument();
  });

  it('has no sandbox picker when verifications go to a real clearinghouse', async () => {
    const { gateway } = await openPage();
    await waitFor(() => expect(gateway.callsTo('GET /api/verifications/sandbox/patients')).toHaveLength(1));
    expect(screen.queryByRole('combobox', { name: 'Try a sandbox patient' })).not.toBeInTheDocument();
    expect(screen.queryByText('sandbox')).not.toBeInTheDocument();
  });
});
