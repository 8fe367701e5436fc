import { type ManagedOffice, type OfficeIntegrationStatus } from '@dv/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type FetchFn } from '../../http/http-client';
import { fakeSession, ROLE_CLAIMS } from '../../test-support/fake-session';
import { jsonReply } from '../../test-support/json-reply';
import { fakeGateway, renderApp } from '../../test-support/render-app';
import { integrationOf, integrationStateOf } from './integration-state';

function office(id: string, name: string, overrides: Partial<ManagedOffice> = {}, schedule: ManagedOffice['settings']['scheduleIntegration'] = null): ManagedOffice {
  return { id, orgId: 'org-demo', name, groupId: null, planType: 'standard', integration: null, settings: { id, scheduleIntegration: schedule, ableToFullfillForm: false }, ...overrides };
}

const nexHealth = (subdomain: string | null, pmsType = 'dentrix') => ({ type: 'nexHealth' as const, pmsType, integration: subdomain === null ? {} : { subdomain } });

function status(officeId: string, overrides: Partial<OfficeIntegrationStatus> = {}): OfficeIntegrationStatus {
  return {
    officeId,
    source: 'nexHealth',
    lastSuccessAt: '2026-03-02T09:00:00.000Z',
    lastSuccessDay: '2026-03-02',
    lastAppointments: 12,
    lastErrorAt: null,
    lastError: null,
    failuresSinceSuccess: 0,
    ...overrides,
  };
}

describe('the state of an integration', () => {
  const connected = office('o1', 'Main St', {}, nexHealth('main-st'));
  it.each([
    ['an inactive office', office('o', 'x', { active: false }, nexHealth('a')), undefined, 'Office inactive'],
    ['no integration', office('o', 'x'), undefined, 'Not configured'],
    ['no subdomain', office('o', 'x', {}, nexHealth(null)), undefined, 'Incomplete'],
    ['a freemium office', office('o', 'x', { planType: 'freemium' }, nexHealth('a')), undefined, 'No schedule on its plan'],
    ['never read', connected, undefined, 'Not read yet'],
    ['read by NexHealth', connected, status('o1'), 'Connected'],
    ['read by the sandbox', connected, status('o1', { source: 'sandbox' }), 'Sandbox'],
    ['failing since', connected, status('o1', { lastErrorAt: '2026-03-02T10:00:00.000Z', lastError: 'NexHealth could not be reached', failuresSinceSuccess: 3 }), 'Failing'],
    ['failed before the last success', connected, status('o1', { lastErrorAt: '2026-03-01T10:00:00.000Z', lastError: 'x' }), 'Connected'],
  ] as const)('%s', (_name, theOffice, theStatus, label) => {
    expect(integrationStateOf(theOffice, theStatus).label).toBe(label);
  });

  it('says why a read fails, and how often in a row', () => {
    const failing = status('o1', { lastSuccessAt: null, lastErrorAt: '2026-03-02T10:00:00.000Z', lastError: 'NexHealth refused the API key', failuresSinceSuccess: 2 });
    expect(integrationStateOf(office('o1', 'x', {}, nexHealth('a')), failing).detail).toBe('NexHealth refused the API key (2 failed reads in a row)');
  });

  it("takes the subdomain from the schedule settings, else from the office's integration", () => {
    expect(integrationOf(office('o', 'x', { integration: { subdomain: 'from-office' } }, nexHealth(null))).subdomain).toBe('from-office');
    expect(integrationOf(office('o', 'x', { integration: { subdomain: 'from-office' } }, nexHealth('from-settings'))).subdomain).toBe('from-settings');
  });
});

describe('/management/integrations', () => {
  const OFFICES = [office('office-demo-1', 'Bright Smiles – Main St', {}, nexHealth('bright-main')), office('office-demo-2', 'Bright Smiles – Oak Ave', { planType: 'freemium' })];

  function gateway(statusReply: { status: number; body: unknown }) {
    const calls: string[] = [];
    const fetch: FetchFn = (url, init) => {
      const path = url.split('?')[0];
      if (path === '/api/management/offices') {
        calls.push(url);
        const search = new URLSearchParams(url.split('?')[1]).get('search')?.toLowerCase();
        const items = OFFICES.filter((item) => search === undefined || item.name.toLowerCase().includes(search));
        return Promise.resolve(jsonReply({ items, total: items.length, page: 1, pageSize: 20 }));
      }
      if (path === '/api/management/integrations/status') {
        calls.push(url);
        return Promise.resolve(jsonReply(statusReply.body, statusReply.status));
      }
      return fakeGateway(url, init);
    };
    return { fetch, calls };
  }

  const row = (id: string) =>
    waitFor(() => {
      const found = document.querySelector(`[data-testid="integration-row-${id}"]`);
      expect(found).not.toBeNull();
      return found as HTMLElement;
    });

  it("shows each office's settings beside what the schedule saw, asking for the offices of the page", async () => {
    const { fetch, calls } = gateway({ status: 200, body: { sandboxPractice: true, offices: [status('office-demo-1', { source: 'sandbox' })] } });
    renderApp(fakeSession(ROLE_CLAIMS.admin!), '/management/integrations', fetch);
    const main = await row('office-demo-1');
    expect(within(main).getByText('NexHealth')).toBeInTheDocument();
    expect(within(main).getByText('bright-main')).toBeInTheDocument();
    await waitFor(() => expect(within(main).getByText('Sandbox')).toBeInTheDocument());
    expect(within(main).getByText(/12 appointments/)).toBeInTheDocument();
    expect(within(await row('office-demo-2')).getByText('Not configured')).toBeInTheDocument();
    expect(screen.getByText('Sandbox practice')).toBeInTheDocument();
    expect(calls).toContain('/api/management/integrations/status?officeIds=office-demo-1%2Coffice-demo-2');
  });

  it('searches the offices, and shows the settings alone when the schedule cannot answer', async () => {
    const user = userEvent.setup();
    const { fetch } = gateway({ status: 503, body: { statusCode: 503, message: 'Service unavailable' } });
    renderApp(fakeSession(ROLE_CLAIMS.superadministrator!), '/management/integrations', fetch);
    expect(await screen.findByText("The schedule's status could not be read: the settings are shown alone.")).toBeInTheDocument();
    expect(within(await row('office-demo-1')).getByText('Not read yet')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search offices' }), 'oak{Enter}');
    await waitFor(() => expect(document.querySelector('[data-testid="integration-row-office-demo-1"]')).toBeNull());
    expect(await row('office-demo-2')).toBeInTheDocument();
  });

  it('is not an agent page', async () => {
    const { fetch } = gateway({ status: 200, body: { sandboxPractice: false, offices: [] } });
    const view = renderApp(fakeSession(ROLE_CLAIMS.agent!), '/management/integrations', fetch);
    await waitFor(() => expect(view.location()).toBe('/unauthorized'));
  });
});
