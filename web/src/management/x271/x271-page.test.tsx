import { X271_PREVIEW_MAX_CHARS, type X271Preview } from '@dv/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { type FetchFn } from '../../http/http-client';
import { fakeSession, ROLE_CLAIMS } from '../../test-support/fake-session';
import { jsonReply } from '../../test-support/json-reply';
import { fakeGateway, renderApp } from '../../test-support/render-app';
import { CARRIERS } from '../../verification/new/fake-verifications-gateway';
import { fixtureDetail } from '../../verification/ticket/testing/workspace-fixture';
import { X271_PREVIEW_PATH } from './x271-api';
import { segmentsOf } from './x12-text';

/** A sandbox-like 271 written for the test: an active member with an annual maximum. */
const ACTIVE_271 = [
  'ISA*00*          *00*          *ZZ*SANDBOXCH      *ZZ*DENTALVERIFY   *261124*2102*^*00501*000000017*0*T*:~',
  'GS*HB*SANDBOXCH*DENTALVERIFY*20261124*2102*17*X*005010X279A1~',
  'ST*271*0001*005010X279A1~',
  'BHT*0022*11*DV17*20261124*2102~',
  'HL*1**20*1~',
  'NM1*PR*2*DELTA DENTAL OF CALIFORNIA*****PI*77777~',
  'HL*2*1*21*1~',
  'NM1*1P*2*BRIGHT SMILES*****XX*1234567893~',
  'HL*3*2*22*0~',
  'NM1*IL*1*DOE*JANE****MI*DD100~',
  'EB*1*IND*35~',
  'EB*F*IND*35***23*1500~',
  'SE*10*0001~',
  'GE*1*17~',
  'IEA*1*000000017~',
].join('\n');

const DETAIL = fixtureDetail();
const MAPPED: X271Preview = {
  plan: DETAIL.plan,
  patient: DETAIL.patient,
  warnings: ['GROUP_NUMBER_MISSING'],
  rejections: [],
  notes: ['EB*F*IND*35***23*1500: the maximum is read as the annual maximum'],
};
const REJECTED: X271Preview = {
  plan: null,
  patient: null,
  warnings: [],
  rejections: [{ code: '75', reason: 'Subscriber/insured not found', loop: '2100C', followUp: 'Please correct and resubmit' }],
  notes: [],
};

type Reply = { status: number; body: unknown };

function gateway(first: Reply = { status: 200, body: MAPPED }) {
  const sent: unknown[] = [];
  let reply: Reply | Promise<Reply> = first;
  const fetch: FetchFn = (url, init) => {
    const path = url.split('?')[0];
    if (path === '/api/carriers') return Promise.resolve(jsonReply(CARRIERS));
    if (path === X271_PREVIEW_PATH && init.method === 'POST') {
      sent.push(JSON.parse(init.body as string));
      return Promise.resolve(reply).then(({ body, status }) => jsonReply(body, status));
    }
    return fakeGateway(url, init);
  };
  return { fetch, sent, answer: (next: Reply | Promise<Reply>) => void (reply = next) };
}

async function open(reply?: Reply, role = 'admin') {
  const fake = gateway(reply);
  const user = userEvent.setup({ delay: null });
  const view = renderApp(fakeSession(ROLE_CLAIMS[role]!), '/management/verification', fake.fetch);
  // The shell's reads (flags, offices) and the carriers settle before the test acts, inside waitFor's act.
  await waitFor(() => expect(view.services.queryClient.isFetching()).toBe(0));
  return { ...fake, user, view };
}

const box = () => screen.getByRole('textbox', { name: '271 (X12)' });

async function paste(user: UserEvent, text: string) {
  await user.click(await screen.findByRole('textbox', { name: '271 (X12)' }));
  await user.paste(text);
}

describe('segments of a pasted 271', () => {
  it('splits by the terminator its ISA declares, without the line breaks after it', () => {
    const segments = segmentsOf(ACTIVE_271);
    expect(segments).toHaveLength(15);
    expect(segments[1]).toBe('GS*HB*SANDBOXCH*DENTALVERIFY*20261124*2102*17*X*005010X279A1');
    expect(segments.at(-1)).toBe('IEA*1*000000017');
  });

  it('takes another terminator, a line break as terminator, and text without an ISA', () => {
    const isa = ACTIVE_271.split('\n')[0]!.replace(/~$/, '');
    expect(segmentsOf(`${isa}!ST*271*1!SE*1*1!`)).toEqual([isa, 'ST*271*1', 'SE*1*1']);
    expect(segmentsOf(`${isa}\nST*271*1\r\nSE*1*1\n`)).toEqual([isa, 'ST*271*1', 'SE*1*1']);
    expect(segmentsOf('  EB*1~EB*F~\n')).toEqual(['EB*1', 'EB*F']);
    expect(segmentsOf('   ')).toEqual([]);
  });
});

describe('/management/verification', () => {
  it('asks for a 271 with its size limit, and says nothing is stored', async () => {
    await open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Verification' })).toBeInTheDocument();
    expect(screen.getByText(/Nothing is stored/)).toBeInTheDocument();
    await waitFor(() => expect(box()).toHaveAccessibleDescription(`0 of at most ${X271_PREVIEW_MAX_CHARS.toLocaleString('en-US')} characters`));
    expect(await screen.findByRole('combobox', { name: 'Carrier (optional)' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: "As the carrier's catalogue says" })).toBeChecked();
    expect(screen.queryByText(/under construction/i)).toBeNull();
  });

  it('previews a pasted 271: the plan with the annual maximum, the remaining amounts, notes and segments', async () => {
    const { user, sent } = await open();
    await paste(user, ACTIVE_271);
    await user.click(screen.getByRole('button', { name: 'Preview' }));

    const heading = await screen.findByRole('heading', { level: 2, name: 'Preview' });
    await waitFor(() => expect(heading).toHaveFocus());
    // Only what the user chose: the service reads the carrier and the coinsurance convention from the 271.
    expect(sent).toEqual([{ x12: ACTIVE_271 }]);
    expect(screen.getByText(/Nothing was stored/)).toBeInTheDocument();
    const plan = screen.getByTestId('x271-plan');
    const amounts = within(plan).getByText('Annual maximum').closest('tr')!;
    expect(amounts).toHaveTextContent('$1,500.00');
    expect(amounts).toHaveTextContent('Remaining: $1,110.00');
    expect(within(plan).getByRole('table', { name: 'Procedure codes' })).toBeInTheDocument();
    expect(screen.getByText('The 271 states no group number.')).toBeInTheDocument();
    expect(screen.getByText(/the maximum is read as the annual maximum/)).toBeInTheDocument();
    expect(within(screen.getByTestId('x271-patient')).getByRole('table', { name: 'Service history' })).toBeInTheDocument();
    expect(screen.getByRole('tree', { name: 'The mapped plan' })).toBeInTheDocument();
    const segments = screen.getByRole('list', { name: /Segments as pasted/ });
    expect(within(segments).getAllByRole('listitem')).toHaveLength(15);
    expect(within(segments).getByText('EB*F*IND*35***23*1500')).toBeInTheDocument();
    expect(screen.queryByTestId('x271-rejections')).toBeNull();
  });

  it('says it is working while the service maps, the box and the button disabled', async () => {
    const { user, answer } = await open();
    let release: (reply: Reply) => void = () => undefined;
    answer(new Promise<Reply>((resolve) => (release = resolve)));
    await paste(user, ACTIVE_271);
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByRole('button', { name: 'Previewing…' })).toBeDisabled();
    expect(box()).toBeDisabled();
    release({ status: 200, body: MAPPED });
    await screen.findByTestId('x271-plan');
    expect(screen.getByRole('button', { name: 'Preview' })).toBeEnabled();
    expect(box()).toBeEnabled();
  });

  it('sends the carrier picked and the coinsurance convention chosen', async () => {
    const { user, sent } = await open();
    await paste(user, ACTIVE_271);
    const carrier = await screen.findByRole('combobox', { name: 'Carrier (optional)' });
    await user.click(carrier);
    await user.type(carrier, 'delta');
    await user.click(await screen.findByTitle('Delta Dental of California'));
    await user.click(screen.getByRole('radio', { name: "EB08 is the insurer's share (inverted)" }));
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByRole('heading', { level: 2, name: 'Preview' });
    expect(sent).toEqual([{ x12: ACTIVE_271, payerId: '77777', invertCoinsurance: true }]);

    await user.click(screen.getByRole('radio', { name: "EB08 is the patient's share (the X12 standard)" }));
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ x12: ACTIVE_271, payerId: '77777', invertCoinsurance: false });
  });

  it('shows a rejected 271 with its AAA code and reason first, and no plan', async () => {
    const { user } = await open({ status: 200, body: REJECTED });
    await paste(user, ACTIVE_271);
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const rejections = await screen.findByTestId('x271-rejections');
    expect(rejections).toHaveTextContent('Rejected by the payer: no plan was mapped');
    expect(rejections).toHaveTextContent('AAA 75 Subscriber/insured not found');
    expect(rejections).toHaveTextContent('(loop 2100C, the subscriber)');
    expect(rejections).toHaveTextContent('Please correct and resubmit.');
    expect(screen.queryByTestId('x271-plan')).toBeNull();
    expect(screen.getByRole('list', { name: /Segments as pasted/ })).toBeInTheDocument();
  });

  it('refuses an empty box and one over the limit before sending anything', async () => {
    const { user, sent } = await open();
    await user.click(await screen.findByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(box()).toHaveAttribute('aria-invalid', 'true'));
    expect(box()).toHaveAccessibleDescription(expect.stringContaining('This field is required'));

    fireEvent.change(box(), { target: { value: 'E'.repeat(X271_PREVIEW_MAX_CHARS + 1) } });
    expect(await screen.findByText('900,001 of at most 900,000 characters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(box()).toHaveAccessibleDescription(expect.stringContaining('At most 900,000 characters: this one has 900,001.')));
    expect(sent).toEqual([]);
  });

  it("shows the service's 400 under the box, and a refused carrier under the carrier", async () => {
    const malformed = { statusCode: 400, error: 'Bad Request', message: 'Malformed X12: no ISA segment', details: [{ location: 'body', path: 'x12', message: 'no ISA segment' }] };
    const { user, view } = await open({ status: 400, body: malformed });
    await paste(user, 'hello');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(box()).toHaveAccessibleDescription(expect.stringContaining('Malformed X12: no ISA segment')));
    expect(box()).toHaveValue('hello');
    expect(screen.queryByRole('heading', { level: 2, name: 'Preview' })).toBeNull();
    view.unmount();

    const unknown = { statusCode: 400, error: 'Bad Request', message: 'Invalid request', details: [{ location: 'body', path: 'payerId', message: 'Unknown carrier' }] };
    const second = await open({ status: 400, body: unknown });
    await paste(second.user, ACTIVE_271);
    await second.user.click(screen.getByRole('button', { name: 'Preview' }));
    const carrier = await screen.findByRole('combobox', { name: 'Carrier (optional)' });
    await waitFor(() => expect(carrier).toHaveAccessibleDescription('Unknown carrier'));
    expect(box()).not.toHaveAttribute('aria-invalid');
  });

  it('leaves no result of an earlier text behind a failed preview', async () => {
    const { user, answer } = await open();
    await paste(user, ACTIVE_271);
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByTestId('x271-plan');
    answer({ status: 400, body: { statusCode: 400, error: 'Bad Request', message: 'Malformed X12: no ISA segment' } });
    await user.clear(box());
    await user.type(box(), 'hello');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(box()).toHaveAccessibleDescription(expect.stringContaining('Malformed X12: no ISA segment')));
    expect(screen.queryByRole('heading', { level: 2, name: 'Preview' })).toBeNull();
    expect(screen.queryByTestId('x271-plan')).toBeNull();
  });

  it('says so when the reply is not a preview', async () => {
    const { user } = await open({ status: 200, body: { plan: 'nothing' } });
    await paste(user, ACTIVE_271);
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(box()).toHaveAccessibleDescription(expect.stringContaining('form this page does not know')));
    expect(screen.queryByRole('heading', { level: 2, name: 'Preview' })).toBeNull();
  });

  it('loads a 271 from a file in the browser, and refuses a file too large to hold one', async () => {
    const { user, sent } = await open();
    await screen.findByRole('button', { name: 'Load a file…' });
    const input = screen.getByTestId('x271-file');
    await user.upload(input, new File([ACTIVE_271], 'answer.x12', { type: 'text/plain' }));
    await waitFor(() => expect(box()).toHaveValue(ACTIVE_271));
    expect(screen.getByText('Loaded from answer.x12')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.upload(input, new File(['E'.repeat(X271_PREVIEW_MAX_CHARS * 4 + 1)], 'huge.edi', { type: 'text/plain' }));
    await waitFor(() => expect(box()).toHaveAccessibleDescription(expect.stringContaining('huge.edi is too large')));
    expect(box()).toHaveValue(ACTIVE_271);
  });

  it('is for admins and super administrators only', async () => {
    const { view } = await open(undefined, 'agent');
    await screen.findByRole('heading', { name: /unauthorized/i });
    expect(view.location()).toBe('/unauthorized');
  });
});
