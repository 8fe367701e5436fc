import { NPI_MESSAGES, OfficeRegistrationInput, REGISTRATION_MESSAGES, type SessionClaimsInput } from '@dv/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { type SessionState } from '../auth/session-controller';
import { type FetchFn } from '../http/http-client';
import { claims, fakeSession, type FakeSession, ROLE_CLAIMS } from '../test-support/fake-session';
import { jsonReply } from '../test-support/json-reply';
import { fakeGateway, renderApp } from '../test-support/render-app';
import { REGISTER_ACTION, REGISTER_TITLE, SIGN_IN_AGAIN } from './register-do-page';

const NEW_OFFICE = 'office-new-1';
const PRACTICE = 'Lakeside Family Dentistry';

/** The registration service as the page meets it: the contract's check (400 with the issues), then 201. */
function registrationGateway() {
  const bodies: unknown[] = [];
  let registered = false;
  const fetch: FetchFn = (url, init) => {
    const path = url.split('?')[0] ?? url;
    if (path === '/api/registration/office' && init.method === 'POST') {
      const body: unknown = JSON.parse(init.body as string);
      bodies.push(body);
      const parsed = OfficeRegistrationInput.safeParse(body);
      if (!parsed.success) {
        const details = parsed.error.issues.map((issue) => ({ location: 'body', path: issue.path.join('.'), message: issue.message }));
        return Promise.resolve(jsonReply({ statusCode: 400, error: 'Bad Request', message: 'Invalid request', details }, 400));
      }
      registered = true;
      return Promise.resolve(jsonReply({ officeId: NEW_OFFICE, name: parsed.data.name, planType: 'freemium', role: 'staffmanager' }, 201));
    }
    if (path === '/api/dentaloffice/user/all' && registered) {
      return Promise.resolve(jsonReply([{ id: NEW_OFFICE, name: PRACTICE, scheduleIntegration: null, outsource: null, paymentType: null, ableToFullfillForm: false }]));
    }
    return fakeGateway(url, init);
  };
  return { fetch, bodies };
}

/** A registering user's session whose silent renewal brings the new office and role (or fails). */
function registeringSession(renewal: 'works' | 'fails' = 'works'): FakeSession & { refreshes: number } {
  // Two hours left: no user action asks for a renewal of its own (SPEC section 9: under one hour).
  const base = fakeSession(ROLE_CLAIMS.doregistration!, 7_200_000);
  const listeners = new Set<() => void>();
  let state: SessionState = base.getState();
  const renewed: SessionClaimsInput = { ...ROLE_CLAIMS.doregistration, roles: { [NEW_OFFICE]: ['staffmanager'] }, allowedOfficeIds: [NEW_OFFICE], officeId: NEW_OFFICE };
  const session = {
    ...base,
    refreshes: 0,
    getState: () => state,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    refresh: () => {
      session.refreshes += 1;
      if (renewal === 'fails') return Promise.reject(new Error('No refresh token'));
      state = { status: 'signedIn', accessToken: 'renewed', expiresAt: Date.now() + 7_200_000, claims: claims(renewed), canRefresh: true };
      listeners.forEach((listener) => listener());
      return Promise.resolve();
    },
  };
  return session;
}

async function fillPractice(user: ReturnType<typeof userEvent.setup>, form: HTMLElement, npi: string) {
  await user.type(within(form).getByRole('textbox', { name: /Practice name/ }), PRACTICE);
  await user.type(within(form).getByRole('textbox', { name: /^NPI/ }), npi);
  await user.type(within(form).getByRole('textbox', { name: /Tax ID/ }), '12-3456789');
  await user.type(within(form).getByRole('textbox', { name: /^Phone/ }), '(312) 555-0142');
  await user.type(within(form).getByRole('textbox', { name: /Street address/ }), '100 Lake Shore Dr');
  await user.type(within(form).getByRole('textbox', { name: /^City/ }), 'Chicago');
  await user.selectOptions(within(form).getByRole('combobox', { name: /State/ }), 'IL');
  await user.type(within(form).getByRole('textbox', { name: /ZIP code/ }), '60601');
}

function setUp(session: FakeSession, gateway = registrationGateway()) {
  const view = renderApp(session, '/register-do', gateway.fetch);
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  return { user, gateway, ...view };
}

describe('/register-do', () => {
  it("names every missing field with the service's message, the first one focused", async () => {
    const { user } = setUp(registeringSession());
    const form = await screen.findByRole('form', { name: REGISTER_TITLE }, { timeout: 5_000 });
    await user.click(within(form).getByRole('button', { name: REGISTER_ACTION }));
    const name = within(form).getByRole('textbox', { name: /Practice name/ });
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByRole('textbox', { name: /^NPI/ })).toHaveAccessibleDescription(expect.stringContaining(NPI_MESSAGES.format));
    expect(within(form).getByRole('textbox', { name: /Tax ID/ })).toHaveAccessibleDescription(expect.stringContaining(REGISTRATION_MESSAGES.taxId));
    expect(within(form).getByRole('textbox', { name: /ZIP code/ })).toHaveAccessibleDescription(expect.stringContaining(REGISTRATION_MESSAGES.zipCode));
  });

  it('registers the practice, renews the session silently and goes on to the verification page with the new office', async () => {
    const session = registeringSession();
    const { user, gateway, location } = setUp(session);
    const form = await screen.findByRole('form', { name: REGISTER_TITLE }, { timeout: 5_000 });
    await fillPractice(user, form, '1245319590');
    await user.click(within(form).getByRole('button', { name: REGISTER_ACTION }));
    // The NPI's check digit, in the contract's words, under the field.
    expect(await within(form).findByText(NPI_MESSAGES.checkDigit)).toBeInTheDocument();
    expect(session.refreshes).toBe(0);

    const npi = within(form).getByRole('textbox', { name: /^NPI/ });
    await user.clear(npi);
    await user.type(npi, '1245319599{Enter}');
    await waitFor(() => expect(location()).toBe('/verification'));
    expect(session.refreshes).toBe(1);
    expect(gateway.bodies.at(-1)).toEqual({
      name: PRACTICE,
      npi: '1245319599',
      taxId: '12-3456789',
      phone: '(312) 555-0142',
      address: { street1: '100 Lake Shore Dr', city: 'Chicago', state: 'IL', zipCode: '60601' },
    });
    // The header names the new office: the offices were read again with the renewed session.
    expect(await screen.findByText(PRACTICE, { selector: '.dv-office-name *, .dv-office-name' }, { timeout: 5_000 })).toBeInTheDocument();
  });

  it('asks to sign in again when the session cannot be renewed here', async () => {
    const session = registeringSession('fails');
    const { user, location } = setUp(session);
    const form = await screen.findByRole('form', { name: REGISTER_TITLE }, { timeout: 5_000 });
    await fillPractice(user, form, '1245319599');
    await user.click(within(form).getByRole('button', { name: REGISTER_ACTION }));
    await user.click(await screen.findByRole('button', { name: SIGN_IN_AGAIN }));
    expect(session.calls.signIn).toEqual(['/verification']);
    expect(location()).toBe('/register-do');
  });

  it('is not a page for an office user', async () => {
    const { location } = setUp(fakeSession(ROLE_CLAIMS.staff!));
    await waitFor(() => expect(location()).toBe('/unauthorized'));
  });
});
