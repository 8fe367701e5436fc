import { type VerificationSources, type VerificationSourceView, type X12SegmentView } from '@dv/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { validTicketV3 } from '../../../../contracts/src/testing/fixtures';
import { type FetchFn } from '../../http/http-client';
import { fakeSession, ROLE_CLAIMS } from '../../test-support/fake-session';
import { fakeGateway, renderApp } from '../../test-support/render-app';
import { jsonReply } from '../../test-support/json-reply';

const ID = '0b7c2f61-1a2b-4c3d-9e8f-001122334455';
const SOURCES_PATH = `/api/verifications/${ID}/sources`;


const segment = (index: number, text: string, loop: string | null, loopName: string | null, extra: Partial<X12SegmentView> = {}): X12SegmentView => ({
  index,
  id: text.split('*')[0]!,
  text,
  loop,
  loopName,
  elements: text
    .split('*')
    .slice(1)
    .map((value, i) => ({ position: `${text.split('*')[0]}${String(i + 1).padStart(2, '0')}`, name: `Element ${i + 1}`, value, meaning: null })),
  explanation: null,
  ...extra,
});

const EB_DIAGNOSTIC = segment(5, 'EB*A*IND*23*****0****Y', '2110C', 'Subscriber Eligibility or Benefit Information', {
  elements: [
    { position: 'EB01', name: 'Eligibility or Benefit Information Code', value: 'A', meaning: 'Co-insurance' },
    { position: 'EB02', name: 'Coverage Level Code', value: 'IND', meaning: 'Individual' },
    { position: 'EB03', name: 'Service Type Code', value: '23', meaning: 'Diagnostic Dental' },
    { position: 'EB04', name: 'Insurance Type Code', value: '', meaning: null },
  ],
  explanation: 'Co-insurance, individual, Diagnostic Dental, patient pays 0% (plan pays 100%), in network',
});

const job = (overrides: Partial<VerificationSourceView['job']> & Pick<VerificationSourceView['job'], 'id' | 'source' | 'sourceName'>) => ({
  status: 'done' as const,
  outcome: 'success' as const,
  reason: null,
  attempts: 1,
  createdAt: '2025-03-14T15:09:26.000Z',
  startedAt: '2025-03-14T15:09:26.000Z',
  finishedAt: '2025-03-14T15:09:28.000Z',
  durationMs: 2000,
  ...overrides,
});

const CLEARINGHOUSE: VerificationSourceView = {
  job: job({ id: 'job-ch', source: 'clearinghouse', sourceName: 'sandbox' }),
  raw: {
    kind: 'x12',
    text: 'ISA*00*...~',
    segments: [
      segment(0, 'ISA*00*          *00*          *ZZ*77777          *ZZ*1234567893     *240520*1500*^*00501*000000905*0*P*:', null, null),
      segment(1, 'HL*1**20*1', '2000A', 'Information Source Level'),
      segment(2, 'NM1*PR*2*DELTA DENTAL OF CALIFORNIA*****PI*77777', '2100A', 'Information Source Name'),
      segment(3, 'HL*3*2*22*0', '2000C', 'Subscriber Level'),
      segment(4, 'NM1*IL*1*LOPEZ*MARIA****MI*DD100200300', '2100C', 'Subscriber Name'),
      EB_DIAGNOSTIC,
      segment(6, 'IEA*1*000000905', null, null),
    ],
  },
  mapped: { plan: validTicketV3.plan!, patient: validTicketV3.patient },
  notes: ['EB at segment 31: out of network; kept as a caveat'],
};

const PORTAL: VerificationSourceView = {
  job: job({ id: 'job-portal', source: 'portal', sourceName: 'deltadental' }),
  raw: {
    kind: 'portal',
    data: {
      patient: { eligibility: 'Active', history: [{ procedureCode: 'D0120', serviceDate: '01/21/2024' }] },
      plan: { planName: 'DELTA DENTAL PPO', annualMaximum: 1500, benefits: [{ service: 'Diagnostic & Preventive', coveragePercent: 100 }] },
    },
  },
  mapped: null,
  notes: [],
};

const WAITING: VerificationSourceView = {
  job: job({ id: 'job-waiting', source: 'portal', sourceName: 'metdental', status: 'credentialPending', outcome: null, reason: 'No credential for a portal serving this carrier', finishedAt: null, durationMs: null }),
  raw: null,
  mapped: null,
  notes: [],
};

function gatewayWith(reply: () => Response): FetchFn {
  return (url, init) => {
    const path = url.split('?')[0] ?? url;
    if (path === SOURCES_PATH) return Promise.resolve(reply());
    return fakeGateway(url, init);
  };
}

function openSources(sources: VerificationSourceView[] | (() => Response)) {
  const reply = typeof sources === 'function' ? sources : () => jsonReply({ verificationId: ID, sources } satisfies VerificationSources);
  return renderApp(fakeSession(ROLE_CLAIMS.staffmanager!), `/verification/${ID}/source`, gatewayWith(reply));
}

async function seriousViolations(container: HTMLElement): Promise<string[]> {
  // jsdom draws nothing, so contrast is checked in the browser (theme.test.ts, screenshots), not here.
  const result = await axe.run(container.querySelector<HTMLElement>('.dv-source-page')!, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical' || violation.id === 'landmark-unique')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`);
}

describe('/verification/{id}/source', () => {
  it('shows the 271 segment by segment with loops, the EB row in words, beside the mapped plan and the notes', async () => {
    openSources([CLEARINGHOUSE]);
    const card = await screen.findByRole('region', { name: 'Clearinghouse sandbox' });
    expect(screen.getByRole('heading', { level: 1, name: 'Verification sources' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the verification' })).toHaveAttribute('href', `/verification/${ID}`);
    expect(within(card).getByText('Done')).toBeInTheDocument();

    const raw = within(card).getByRole('region', { name: 'The 271 answer Clearinghouse sandbox' });
    const list = within(raw).getByRole('list', { name: 'Segments of the 271' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(7);
    expect(within(list).getByText('EB*A*IND*23*****0****Y')).toBeInTheDocument();
    expect(within(list).getByText('= Co-insurance, individual, Diagnostic Dental, patient pays 0% (plan pays 100%), in network')).toBeInTheDocument();
    expect(within(list).getAllByText('2110C')[0]).toHaveAttribute('title', '2110C Subscriber Eligibility or Benefit Information');

    const mapped = within(card).getByRole('region', { name: 'What was mapped Clearinghouse sandbox' });
    expect(within(mapped).getByText('Payer').closest('tr')).toHaveTextContent(validTicketV3.plan!.payer.name);
    expect(within(mapped).getByRole('tree', { name: 'The mapped plan' })).toBeInTheDocument();
    expect(within(mapped).getByRole('heading', { name: 'Mapping notes' })).toBeInTheDocument();
    expect(within(mapped).getByText('EB at segment 31: out of network; kept as a caveat')).toBeInTheDocument();
  });

  it('opens a segment\'s elements with the keyboard and filters the list by loop', async () => {
    const user = userEvent.setup({ delay: null });
    openSources([CLEARINGHOUSE]);
    const toggle = await screen.findByRole('button', { name: /EB\*A\*IND\*23/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const table = screen.getByRole('table', { name: /Elements of EB/ });
    const eb03 = within(table).getByRole('rowheader', { name: 'EB03' }).closest('tr')!;
    expect(within(eb03).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Service Type Code', '23', 'Diagnostic Dental']);
    await user.keyboard(' ');
    expect(screen.queryByRole('table', { name: /Elements of EB/ })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Loop' }), '2100C Subscriber Name');
    const list = screen.getByRole('list', { name: 'Segments of the 271' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(within(list).getByText('NM1*IL*1*LOPEZ*MARIA****MI*DD100200300')).toBeInTheDocument();
  });

  it('shows the portal\'s data as a collapsible tree, and says when nothing was mapped', async () => {
    const user = userEvent.setup({ delay: null });
    openSources([PORTAL]);
    const card = await screen.findByRole('region', { name: 'Insurance portal deltadental' });
    const tree = within(card).getByRole('tree', { name: "The portal's data" });
    expect(within(tree).getByText('plan')).toBeInTheDocument();
    expect(within(tree).getByText('planName')).toBeInTheDocument();
    expect(within(tree).getByText('DELTA DENTAL PPO')).toBeInTheDocument();
    // Deeper levels open on demand.
    expect(within(tree).queryByText('Diagnostic & Preventive')).not.toBeInTheDocument();
    await user.click(within(tree).getByText('benefits'));
    await user.click(await within(tree).findByText(/^#1/));
    expect(await within(tree).findByText('Diagnostic & Preventive')).toBeInTheDocument();
    expect(within(card).getByText('Nothing was mapped from this answer.')).toBeInTheDocument();
    expect(within(card).getByText('No notes: nothing was left out.')).toBeInTheDocument();
  });

  it('moves through the portal\'s tree and opens its branches by keyboard', async () => {
    const user = userEvent.setup({ delay: null });
    openSources([PORTAL]);
    const tree = await screen.findByRole('tree', { name: "The portal's data" });
    const patient = within(tree).getByRole('treeitem', { name: 'patient (2 fields)' });
    // One item in the tab order: the first.
    expect(within(tree).getAllByRole('treeitem').filter((item) => item.tabIndex === 0)).toEqual([patient]);
    patient.focus();
    await user.keyboard('{ArrowDown}');
    // jsdom's name computation spaces the label's inline parts ('eligibility : Active'), a browser does not.
    expect(within(tree).getByRole('treeitem', { name: /^eligibility\s?: Active$/ })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    const history = within(tree).getByRole('treeitem', { name: 'history (1 item)' });
    expect(history).toHaveFocus();
    expect(history).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{ArrowRight}');
    expect(history).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowRight}');
    expect(within(tree).getByRole('treeitem', { name: '#1 (2 fields)' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(history).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(history).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{End}');
    expect(within(tree).getByRole('treeitem', { name: 'benefits (1 item)' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(patient).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(patient).toHaveAttribute('aria-expanded', 'false');
    expect(within(tree).queryByText('eligibility')).not.toBeInTheDocument();
  });

  it('says which source has no answer yet, and why', async () => {
    openSources([WAITING]);
    const card = await screen.findByRole('region', { name: 'Insurance portal metdental' });
    expect(within(card).getByText('Needs a portal credential')).toBeInTheDocument();
    expect(within(card).getByText('No answer yet: No credential for a portal serving this carrier')).toBeInTheDocument();
    expect(within(card).getByText('Nothing was mapped: there is no answer.')).toBeInTheDocument();
  });

  it('says when the verification has no sources', async () => {
    openSources([]);
    expect(await screen.findByText('This verification has no sources: no clearinghouse or portal verifies its carrier.')).toBeInTheDocument();
  });

  it('shows a way back when the verification is not found, and a retry when loading failed', async () => {
    const notFound = openSources(() => jsonReply({ statusCode: 404, error: 'Not Found', message: 'Verification not found' }, 404));
    expect(await screen.findByText('This verification does not exist.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to past verifications' })).toHaveAttribute('href', '/past-verifications');
    notFound.unmount();

    let calls = 0;
    openSources(() => {
      calls += 1;
      // The first call and its one retry fail.
      return calls <= 2 ? jsonReply({ statusCode: 500, error: 'Internal Server Error', message: 'boom' }, 500) : jsonReply({ verificationId: ID, sources: [CLEARINGHOUSE] });
    });
    expect(await screen.findByText('The sources could not be loaded.')).toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Clearinghouse sandbox' })).toBeInTheDocument();
  });

  it('shows a skeleton while loading', async () => {
    let answer: (response: Response) => void = () => undefined;
    renderApp(fakeSession(ROLE_CLAIMS.staffmanager!), `/verification/${ID}/source`, (url, init) =>
      (url.split('?')[0] ?? url) === SOURCES_PATH ? new Promise<Response>((resolve) => (answer = resolve)) : fakeGateway(url, init),
    );
    expect((await screen.findByRole('status', { name: 'Loading the sources' })).closest('[aria-busy="true"]')).not.toBeNull();
    answer(jsonReply({ verificationId: ID, sources: [] }));
    expect(await screen.findByText(/has no sources/)).toBeInTheDocument();
  });

  it('has no serious accessibility violations, a segment open', async () => {
    const user = userEvent.setup({ delay: null });
    const { container } = openSources([CLEARINGHOUSE, PORTAL, WAITING]);
    await user.click(await screen.findByRole('button', { name: /EB\*A\*IND\*23/ }));
    expect(await seriousViolations(container)).toEqual([]);
  });
});
