import { CARRIER_MESSAGES, type SessionClaimsInput } from '@dv/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeSession, ROLE_CLAIMS } from '../../test-support/fake-session';
import { renderApp } from '../../test-support/render-app';
import { checkChange, checkNew, draftOf, fieldOfPath } from './carrier-draft';
import { DEMO_CARRIERS, fakeCarriersGateway } from './fake-carriers-gateway';

const EDITOR: SessionClaimsInput = { ...ROLE_CLAIMS.superadministrator!, editGlobalCarriers: true };

function open(path = '/management/carriers', { privileged = true, claims = EDITOR }: { privileged?: boolean; claims?: SessionClaimsInput } = {}) {
  const gateway = fakeCarriersGateway({ privileged });
  const view = renderApp(fakeSession(claims), path, gateway.fetch);
  return { gateway, view };
}

async function rowOf(payerId: string) {
  return waitFor(() => {
    const row = document.querySelector(`[data-testid="carrier-row-${payerId}"]`);
    expect(row).not.toBeNull();
    return row as HTMLElement;
  });
}

async function panel() {
  return screen.findByRole('form', { name: /carrier/i });
}

describe('the carrier draft', () => {
  it('sends a new carrier as the contract takes it: empty optional texts as none, the address whole or not at all', () => {
    const draft = { ...draftOf(null), payerId: ' ab123 ', name: 'Acme Dental', phone: '', street1: '' };
    expect(checkNew(draft)).toEqual({ ok: true, value: expect.objectContaining({ payerId: 'AB123', phone: null, address: null, eligibility270: true }) });
    const partial = checkNew({ ...draft, city: 'Austin' });
    expect(partial).toEqual({ ok: false, problems: expect.objectContaining({ street1: 'This field is required', state: expect.any(String) }) });
  });

  it('sends only what changed, and nothing when nothing did', () => {
    const delta = DEMO_CARRIERS[0]!;
    expect(checkChange(draftOf(delta), delta)).toEqual({ ok: true, value: null });
    expect(checkChange({ ...draftOf(delta), phone: '800 555 0100' }, delta)).toEqual({ ok: true, value: { phone: '800 555 0100' } });
    expect(checkChange({ ...draftOf(delta), phone: '555-0100' }, delta)).toEqual({ ok: false, problems: { phone: CARRIER_MESSAGES.phone } });
  });

  it('puts a problem under its input', () => {
    expect([fieldOfPath('address.zipCode'), fieldOfPath(['payerId']), fieldOfPath(''), fieldOfPath('address')]).toEqual(['zipCode', 'payerId', 'form', 'street1']);
  });
});

describe('/management/carriers', () => {
  it('lists the catalogue, searches it and opens a carrier from its row', async () => {
    const user = userEvent.setup();
    const { gateway } = open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Carriers' })).toBeInTheDocument();
    expect(within(await rowOf('47009')).getByText("plan's share")).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search carriers' }), 'delta{Enter}');
    await waitFor(() => expect(gateway.callsTo('GET', '/api/management/carriers').at(-1)?.query.get('search')).toBe('delta'));
    await waitFor(() => expect(document.querySelector('[data-testid="carrier-row-47009"]')).toBeNull());

    await user.click(await rowOf('77777'));
    const form = await panel();
    expect(within(form).getByLabelText('Payer id')).toBeDisabled();
    expect(within(form).getByLabelText('Name')).toHaveValue('Delta Dental of California');
  });

  it('shows each problem under its field and sends nothing until the form is right; then only what changed', async () => {
    const user = userEvent.setup();
    const { gateway } = open('/management/carriers?carrier=CX014');
    const form = await panel();
    const phone = within(form).getByLabelText('Phone');
    await user.clear(phone);
    await user.type(phone, '555-0100');
    await user.type(within(form).getByLabelText('Portal link'), 'javascript:alert(1)');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(phone).toHaveAccessibleDescription(CARRIER_MESSAGES.phone);
    expect(within(form).getByLabelText('Portal link')).toHaveAccessibleDescription(CARRIER_MESSAGES.portalUrl);
    expect(gateway.callsTo('PATCH', '/api/management/carriers/CX014')).toHaveLength(0);

    await user.clear(phone);
    await user.type(phone, '(800) 555-0199');
    await user.clear(within(form).getByLabelText('Portal link'));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(gateway.callsTo('PATCH', '/api/management/carriers/CX014').map((call) => call.body)).toEqual([{ phone: '(800) 555-0199' }]));
    expect(within(await rowOf('CX014')).getByText('(800) 555-0199')).toBeInTheDocument();
  });

  it('deactivates and restores a carrier', async () => {
    const user = userEvent.setup();
    const { gateway } = open('/management/carriers?carrier=77777');
    await user.click(within(await panel()).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(within(document.querySelector('[data-testid="carrier-row-77777"]')!).getByText('Inactive')).toBeInTheDocument());
    await user.click(await within(await panel()).findByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(gateway.callsTo('PATCH', '/api/management/carriers/77777').map((call) => call.body)).toEqual([{ active: false }, { active: true }]));
  });

  it("adds a carrier, and says why the service refused one (the payer id's format, a payer id taken)", async () => {
    const user = userEvent.setup();
    const { gateway } = open();
    await user.click(await screen.findByRole('button', { name: 'Add a carrier' }));
    const form = await panel();
    await user.type(within(form).getByLabelText('Payer id'), 'AB-1');
    await user.type(within(form).getByLabelText('Name'), 'Acme Dental');
    await user.click(within(form).getByRole('button', { name: 'Add the carrier' }));
    expect(within(form).getByLabelText('Payer id')).toHaveAccessibleDescription(CARRIER_MESSAGES.payerId);

    await user.clear(within(form).getByLabelText('Payer id'));
    await user.type(within(form).getByLabelText('Payer id'), 'cx014');
    await user.click(within(form).getByRole('button', { name: 'Add the carrier' }));
    expect(await within(form).findByText(CARRIER_MESSAGES.duplicate('CX014'))).toBeInTheDocument();

    await user.clear(within(form).getByLabelText('Payer id'));
    await user.type(within(form).getByLabelText('Payer id'), 'AB123');
    await user.click(within(form).getByRole('button', { name: 'Add the carrier' }));
    await waitFor(() => expect(gateway.callsTo('POST', '/api/management/carriers').at(-1)?.body).toMatchObject({ payerId: 'AB123', name: 'Acme Dental' }));
    expect(await rowOf('AB123')).toBeInTheDocument();
  });

  it('without the editGlobalCarriers privilege: reads, and offers no change', async () => {
    const user = userEvent.setup();
    open('/management/carriers', { privileged: false, claims: ROLE_CLAIMS.superadministrator! });
    await user.click(await rowOf('CX014'));
    const form = await panel();
    expect(within(form).getByText('You can read the catalogue')).toBeInTheDocument();
    expect(within(form).getByLabelText('Phone')).toBeDisabled();
    expect(within(form).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(within(form).queryByRole('button', { name: 'Deactivate' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add a carrier' })).toBeNull();
  });

  it('is the super administrators\' page: an admin is sent to Unauthorized', async () => {
    const { view } = open('/management/carriers', { claims: { ...ROLE_CLAIMS.admin!, editGlobalCarriers: true } });
    await waitFor(() => expect(view.location()).toBe('/unauthorized'));
  });
});
