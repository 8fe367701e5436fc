/**
 * The recommendations card on the verification page: hidden while the flag is off (by the app's flags or the
 * service's answer), "No recommendations" when nothing is missing, the list most urgent first, and each action:
 * outsourcing with the server's answer, the carrier's phone, the portal of the organization's catalogue in a new
 * tab, a failed portal source run again, customization for managers only. Once the ticket is outsourced and
 * being worked, its status stands in place of the outsourcing buttons: no second request is offered.
 */
import { type TicketStatus, type VerificationDetail, type VerificationRecommendations } from '@dv/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type FetchFn } from '../../http/http-client';
import { fakeSession, ROLE_CLAIMS } from '../../test-support/fake-session';
import { jsonReply } from '../../test-support/json-reply';
import { renderApp } from '../../test-support/render-app';
import { phoneText } from './recommendations-card';
import { fixtureDetail } from './testing/workspace-fixture';

type Call = { method: string; path: string; body: unknown };

const FLAG_ON = [{ name: 'RECOMMENDATIONS_ENABLED', type: 'none', value: null, isActive: true }];
const PORTALS = [{ id: 'deltadental', name: 'Delta Dental Provider Tools', url: 'https://www.deltadentalins.com/dentists', carriers: [] }];

/** As the service answers: most urgent first. */
const REPLY: Omit<VerificationRecommendations, 'verificationId'> = {
  enabled: true,
  sourcesWorking: false,
  recommendations: [
    {
      code: 'MISSING_PLAN_STATUS',
      category: 'eligibilityMissing',
      severity: 'HIGH',
      actions: [
        { action: 'OUTSOURCE_ELIGIBILITY', priority: 2 },
        { action: 'CONTACT_CARRIER', priority: 4, phone: '8005550199' },
        { action: 'EXTRACT_PORTAL_DATA_WITH_API', priority: 5, jobId: 'job-portal' },
        { action: 'CHECK_CARRIER_PORTAL', priority: 6, portalId: 'deltadental' },
      ],
      message: 'The sources did not say whether the plan is active: confirm the coverage before the appointment.',
    },
    {
      code: 'PARTIAL_HISTORY',
      category: 'eligibilityMissing',
      severity: 'LOW',
      actions: [{ action: 'OUTSOURCE_BREAKDOWN', priority: 1 }],
      message: 'The procedure history is partial: some frequency limits may already be used.',
    },
    {
      code: 'TREATMENT_PLAN_DISABLED',
      category: 'other',
      severity: 'LOW',
      actions: [{ action: 'GO_TO_CUSTOMIZATION', priority: 3 }],
      message: 'The treatment plan is turned off: planned procedures are not checked against the plan.',
    },
  ],
};

interface ApiOptions {
  readonly flags?: unknown[];
  readonly reply?: Partial<Omit<VerificationRecommendations, 'verificationId'>>;
  readonly outsource?: { status: number; body: unknown };
}

function fakeApi(ticket: VerificationDetail, { flags = FLAG_ON, reply = {}, outsource = { status: 201, body: {} } }: ApiOptions = {}) {
  const calls: Call[] = [];
  const fetch: FetchFn = (url, init) => {
    const path = url.split('?')[0] ?? url;
    const method = init.method ?? 'GET';
    calls.push({ method, path, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
    if (path === '/api/features') return Promise.resolve(jsonReply(flags));
    if (path === '/api/dentaloffice/user/all' || path === '/api/portals/credentials') return Promise.resolve(jsonReply([]));
    if (/^\/api\/dentaloffice\/[^/]+$/.test(path)) return Promise.resolve(jsonReply({ id: 'office-demo-1', planType: 'standard' }));
    if (path === '/api/portals') return Promise.resolve(jsonReply(PORTALS));
    const base = `/api/verifications/${ticket.id}`;
    if (path === `${base}/recommendations`) return Promise.resolve(jsonReply({ verificationId: ticket.id, ...REPLY, ...reply }));
    if (path === `${base}/outsource`) return Promise.resolve(jsonReply(outsource.body, outsource.status));
    if (path === base || path.startsWith(`${base}/jobs/`)) return Promise.resolve(jsonReply(ticket));
    return Promise.resolve(jsonReply({ statusCode: 404, error: 'Not Found', message: 'Route not found' }, 404));
  };
  return { calls, fetch };
}

function renderCard(options: ApiOptions = {}, role = 'staff') {
  const ticket = fixtureDetail();
  const api = fakeApi(ticket, options);
  const view = renderApp(fakeSession(ROLE_CLAIMS[role]!), `/verification/${ticket.id}`, api.fetch);
  return { ...view, api, ticket };
}

const card = async () => within(await screen.findByTestId('recommendations'));

/** The card on a ticket the office outsourced, now in `status`. */
function renderOutsourced(status: TicketStatus) {
  const ticket = fixtureDetail((draft) => {
    Object.assign(draft.ticket, { status, requesterId: 'user-staff' });
  });
  renderApp(fakeSession(ROLE_CLAIMS.staff!), `/verification/${ticket.id}`, fakeApi(ticket).fetch);
}

const OUTSOURCE_BUTTON = { name: /^Outsource (breakdown|eligibility)$/ };

describe('the recommendations card', () => {
  it("lists the recommendations in the service's order (most urgent first), each with its severity and message", async () => {
    renderCard();
    const items = await (await card()).findAllByTestId('recommendation');
    expect(items.map((item) => item.dataset.code)).toEqual(['MISSING_PLAN_STATUS', 'PARTIAL_HISTORY', 'TREATMENT_PLAN_DISABLED']);
    expect(items[0]).toHaveTextContent('High');
    expect(items[0]).toHaveTextContent('The sources did not say whether the plan is active');
    expect(items[1]).toHaveTextContent('Low');
  });

  it("calls the carrier at the phone its answer gave, and opens the catalogue's portal in a new tab", async () => {
    renderCard();
    const first = (await (await card()).findAllByTestId('recommendation'))[0]!;
    const call = within(first).getByRole('link', { name: 'Contact carrier: (800) 555-0199' });
    expect(call).toHaveAttribute('href', 'tel:8005550199');
    const portal = await within(first).findByRole('link', { name: /^Check carrier portal: Delta Dental Provider Tools/ });
    expect(portal).toHaveAttribute('href', 'https://www.deltadentalins.com/dentists');
    expect(portal).toHaveAttribute('target', '_blank');
    expect(portal).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('outsources with the type of the action and the message as the note, and says it was sent', async () => {
    const { api, ticket } = renderCard();
    const first = (await (await card()).findAllByTestId('recommendation'))[0]!;
    await userEvent.click(within(first).getByRole('button', { name: 'Outsource eligibility' }));
    expect(await within(first).findByText(/Sent to the company's agents/)).toBeInTheDocument();
    expect(api.calls).toContainEqual({
      method: 'POST',
      path: `/api/verifications/${ticket.id}/outsource`,
      body: { type: 'Re-verification', note: REPLY.recommendations[0]!.message },
    });
  });

  it("shows the server's reason when outsourcing is refused", async () => {
    const message = 'Outsourcing is not enabled for this office. Ask your account administrator to enable it in the office settings.';
    renderCard({ outsource: { status: 403, body: { statusCode: 403, error: 'Forbidden', message } } });
    const items = await (await card()).findAllByTestId('recommendation');
    await userEvent.click(within(items[1]!).getByRole('button', { name: 'Outsource breakdown' }));
    expect(await within(items[1]!).findByText(message)).toBeInTheDocument();
  });

  it('runs a failed portal source again', async () => {
    const { api, ticket } = renderCard();
    const first = (await (await card()).findAllByTestId('recommendation'))[0]!;
    await userEvent.click(within(first).getByRole('button', { name: 'Extract portal data' }));
    expect(await within(first).findByText(/The portal source runs again/)).toBeInTheDocument();
    expect(api.calls).toContainEqual({ method: 'POST', path: `/api/verifications/${ticket.id}/jobs/job-portal/retry`, body: undefined });
  });

  it('leaves out what the role cannot do: no outsourcing for company users, customization for managers only', async () => {
    renderCard({}, 'agent');
    const items = await (await card()).findAllByTestId('recommendation');
    expect(within(items[0]!).queryByRole('button', { name: /^Outsource/ })).toBeNull();
    expect(within(items[2]!).queryByRole('button', { name: 'Go to customization' })).toBeNull();
  });

  it('takes a manager to the verification form customization', async () => {
    const view = renderCard({}, 'staffmanager');
    const items = await (await card()).findAllByTestId('recommendation');
    await userEvent.click(within(items[2]!).getByRole('button', { name: 'Go to customization' }));
    await waitFor(() => expect(view.location()).toBe('/customization/verification'));
  });

  it('once outsourced and being worked, shows the status in place of the outsourcing buttons', async () => {
    renderOutsourced('Pending');
    const items = await (await card()).findAllByTestId('recommendation');
    for (const item of items.slice(0, 2)) {
      expect(within(item).getByTestId('recommendation-outsourced')).toHaveTextContent('Outsourced: Pending');
      expect(within(item).queryByRole('button', OUTSOURCE_BUTTON)).toBeNull();
    }
    // The other actions stay; a recommendation without an outsourcing action says nothing of it.
    expect(within(items[0]!).getByRole('link', { name: 'Contact carrier: (800) 555-0199' })).toBeInTheDocument();
    expect(within(items[2]!).queryByTestId('recommendation-outsourced')).toBeNull();
  });

  it('offers a request again where the service takes one (the agent sent it back)', async () => {
    renderOutsourced('Needs additional Info');
    expect(await (await card()).findByRole('button', { name: 'Outsource eligibility' })).toBeInTheDocument();
    // The status still shows beside the button.
    expect(screen.getAllByTestId('recommendation-outsourced')[0]).toHaveTextContent('Outsourced: Needs additional Info');
  });

  it('an archived ticket shows its status and no outsourcing button', async () => {
    renderOutsourced('Archived');
    const items = await (await card()).findAllByTestId('recommendation');
    expect(within(items[1]!).getByTestId('recommendation-outsourced')).toHaveTextContent('Outsourced: Archived');
    expect(within(items[1]!).queryByRole('button', OUTSOURCE_BUTTON)).toBeNull();
  });

  it('after one request, no outsourcing button is left to send a second', async () => {
    const ticket = fixtureDetail();
    const reply = { status: 'Open', requests: [{ requester: { id: 'user-staff', email: null } }] };
    const api = fakeApi(ticket, { outsource: { status: 200, body: reply } });
    const fetch: typeof api.fetch = async (url, init) => {
      const answer = await api.fetch(url, init);
      // The service's ticket is outsourced from now on.
      if (url.endsWith('/outsource')) Object.assign(ticket.ticket, { status: 'Open', requesterId: 'user-staff' });
      return answer;
    };
    renderApp(fakeSession(ROLE_CLAIMS.staff!), `/verification/${ticket.id}`, fetch);
    const items = await (await card()).findAllByTestId('recommendation');
    await userEvent.click(within(items[0]!).getByRole('button', { name: 'Outsource eligibility' }));
    expect(await within(items[0]!).findByText(/Sent to the company's agents/)).toBeInTheDocument();
    await waitFor(() => expect(within(items[1]!).getByTestId('recommendation-outsourced')).toHaveTextContent('Outsourced: Open'));
    expect(screen.queryByRole('button', OUTSOURCE_BUTTON)).toBeNull();
    expect(api.calls.filter((call) => call.path.endsWith('/outsource'))).toHaveLength(1);
  });

  it('says "No recommendations" when nothing is missing', async () => {
    renderCard({ reply: { recommendations: [] } });
    expect(await (await card()).findByText('No recommendations')).toBeInTheDocument();
  });

  it('waits for the sources before recommending', async () => {
    renderCard({ reply: { sourcesWorking: true, recommendations: [] } });
    expect(await (await card()).findByText('Recommendations appear once the sources have answered.')).toBeInTheDocument();
  });

  it('is hidden while the flag is off, and never asks', async () => {
    const { api } = renderCard({ flags: [] });
    expect(await screen.findByTestId('benefit-breakdown')).toBeInTheDocument();
    expect(screen.queryByTestId('recommendations')).toBeNull();
    expect(api.calls.some((call) => call.path.endsWith('/recommendations'))).toBe(false);
  });

  it("is hidden when the service's flag says off", async () => {
    const { api } = renderCard({ reply: { enabled: false, recommendations: [] } });
    await waitFor(() => expect(api.calls.some((call) => call.path.endsWith('/recommendations'))).toBe(true));
    await waitFor(() => expect(screen.queryByTestId('recommendations')).toBeNull());
  });

  it('says so when the reply is not the recommendations, with a way to try again', async () => {
    renderCard({ reply: { recommendations: 'none' as never } });
    expect(await (await card()).findByText('The recommendations could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('formats US phone numbers and leaves others as given', () => {
    expect(phoneText('8005550199')).toBe('(800) 555-0199');
    expect(phoneText('1-800-555-0199')).toBe('(800) 555-0199');
    expect(phoneText('+44 20 7946 0958')).toBe('+44 20 7946 0958');
  });
});
