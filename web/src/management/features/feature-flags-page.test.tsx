/**
 * /management/features (issue 18 item 4) in the app's routes over a fake offices service: every flag with its
 * type, an editor by type (none: the switch only; integer: digits only, empty for -1; string; object: a JSON editor
 * that refuses what is not a JSON object, saying why), the switch saving at once, each save saying how it went,
 * and the list read again when the socket says a flag changed.
 */
import { FEATURE_FLAGS, SOCKET_EVENTS, VALIDATION_MESSAGES } from '@dv/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeSession, ROLE_CLAIMS } from '../../test-support/fake-session';
import { connectLatestInAct, fakeSockets } from '../../test-support/fake-socket';
import { renderApp } from '../../test-support/render-app';
import { fakeFeaturesGateway } from './fake-features-gateway';

function open(options: Parameters<typeof fakeFeaturesGateway>[0] = {}) {
  const gateway = fakeFeaturesGateway(options);
  const sockets = fakeSockets();
  const view = renderApp(fakeSession(ROLE_CLAIMS.superadministrator!), '/management/features', gateway.fetch, sockets.create);
  return { gateway, sockets, view };
}

const row = (name: string) => screen.getByTestId(`flag-${name}`);
const valueBox = (name: string) => screen.getByLabelText(`Value of ${name}`);
const save = (name: string) => screen.getByRole('button', { name: `Save ${name}` });
const toggle = (name: string) => screen.getByRole('switch', { name: `${name} active` });

const LOCK = FEATURE_FLAGS.MAINTANANCE_LOCK.name;
const DELAY = FEATURE_FLAGS.ARCHIVISATION_DELAY.name;
const GUIDE = FEATURE_FLAGS.USER_GUIDE_PDF.name;
const ADAPTERS = FEATURE_FLAGS.ADAPTERS_3RD_PARTY.name;
const DOMAINS = FEATURE_FLAGS.DOMAIN_ENV_MAP.name;

describe('/management/features', () => {
  it('lists every flag of the specification with its type, an editor by type and a switch', async () => {
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Feature Flags' })).toBeInTheDocument();
    await screen.findByTestId(`flag-${LOCK}`);
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((tr) => within(tr).getByRole('rowheader').textContent)).toEqual(Object.values(FEATURE_FLAGS).map((flag) => flag.name));
    expect(within(row(LOCK)).getByText('none')).toBeInTheDocument();
    expect(within(row(LOCK)).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(row(DELAY)).getByText('integer')).toBeInTheDocument();
    expect(valueBox(DELAY)).toHaveValue('');
    expect(valueBox(DELAY)).toHaveAttribute('inputmode', 'numeric');
    expect(valueBox(GUIDE)).toHaveValue('/user-guide.pdf');
    expect(valueBox(DOMAINS).tagName).toBe('TEXTAREA');
    expect(JSON.parse((valueBox(DOMAINS) as HTMLTextAreaElement).value)).toEqual({ 'demo.localhost': 'development' });
    expect(toggle(DOMAINS)).toHaveAttribute('aria-checked', 'true');
    expect(toggle(LOCK)).toHaveAttribute('aria-checked', 'false');
    expect(save(GUIDE)).toBeDisabled();
  });

  it('switches a flag on at once and says so', async () => {
    const user = userEvent.setup();
    const { gateway } = open();
    await user.click(await screen.findByRole('switch', { name: `${LOCK} active` }));
    expect(await within(row(LOCK)).findByText('Switched on.')).toBeInTheDocument();
    expect(toggle(LOCK)).toHaveAttribute('aria-checked', 'true');
    expect(gateway.puts(LOCK)).toEqual([{ isActive: true }]);
    await user.click(toggle(LOCK));
    expect(await within(row(LOCK)).findByText('Switched off.')).toBeInTheDocument();
    expect(gateway.puts(LOCK)).toEqual([{ isActive: true }, { isActive: false }]);
  });

  it('integer: takes digits only, saves a number, and empty as null (-1)', async () => {
    const user = userEvent.setup();
    const { gateway } = open();
    const box = await screen.findByLabelText(`Value of ${DELAY}`);
    await user.type(box, '3x');
    expect(box).toHaveValue('3');
    expect(within(row(DELAY)).getByRole('alert')).toHaveTextContent(VALIDATION_MESSAGES.digitsOnly);
    await user.type(box, '-');
    expect(box).toHaveValue('3');
    await user.type(box, '0');
    expect(within(row(DELAY)).queryByRole('alert')).not.toBeInTheDocument();
    await user.type(box, '{Enter}');
    expect(await within(row(DELAY)).findByText('Saved.')).toBeInTheDocument();
    expect(within(row(DELAY)).queryByRole('alert')).not.toBeInTheDocument();
    await user.clear(box);
    expect(within(row(DELAY)).queryByText('Saved.')).not.toBeInTheDocument();
    await user.click(save(DELAY));
    expect(await within(row(DELAY)).findByText('Saved.')).toBeInTheDocument();
    expect(gateway.puts(DELAY)).toEqual([{ value: 30 }, { value: null }]);
    expect(gateway.flags.find((flag) => flag.name === DELAY)?.value).toBe(-1);
  });

  it('object: refuses text that is not JSON, or not an object, saying why, and sends nothing', async () => {
    const user = userEvent.setup();
    const { gateway } = open();
    const box = await screen.findByLabelText(`Value of ${ADAPTERS}`);
    await user.click(box);
    await user.paste('{"portal": "sandbox",}');
    expect(within(row(ADAPTERS)).getByRole('alert')).toHaveTextContent(/^Not valid JSON: /);
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(save(ADAPTERS)).toBeDisabled();
    await user.type(box, '{Control>}{Enter}{/Control}');
    await user.clear(box);
    await user.paste('["sandbox"]');
    expect(within(row(ADAPTERS)).getByRole('alert')).toHaveTextContent('Enter a JSON object');
    expect(save(ADAPTERS)).toBeDisabled();
    expect(gateway.puts(ADAPTERS)).toEqual([]);

    await user.clear(box);
    await user.paste('{"portal": "sandbox", "hosts": ["a.test"]}');
    expect(within(row(ADAPTERS)).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(save(ADAPTERS));
    expect(await within(row(ADAPTERS)).findByText('Saved.')).toBeInTheDocument();
    expect(gateway.puts(ADAPTERS)).toEqual([{ value: { portal: 'sandbox', hosts: ['a.test'] } }]);
    // The saved value, formatted, replaces what was typed; the same object is not "changed".
    expect(JSON.parse((box as HTMLTextAreaElement).value)).toEqual({ portal: 'sandbox', hosts: ['a.test'] });
    expect(save(ADAPTERS)).toBeDisabled();
  });

  it('string: saves the text; the service refusing it is said beside Save, and the text is kept', async () => {
    const user = userEvent.setup();
    const { gateway } = open({ refuse: 'At most 10000 characters' });
    const box = await screen.findByLabelText(`Value of ${GUIDE}`);
    await user.clear(box);
    await user.type(box, '/guides/v2.pdf');
    await user.click(save(GUIDE));
    expect(await within(row(GUIDE)).findByText('Not saved: At most 10000 characters')).toBeInTheDocument();
    expect(box).toHaveValue('/guides/v2.pdf');
    expect(gateway.puts(GUIDE)).toEqual([{ value: '/guides/v2.pdf' }]);
  });

  it('reads the list again when the socket says a flag changed', async () => {
    const { gateway, sockets } = open();
    await screen.findByTestId(`flag-${LOCK}`);
    connectLatestInAct(sockets);
    const before = gateway.lists();
    const lock = gateway.flags.find((flag) => flag.name === LOCK)!;
    lock.isActive = true;
    act(() => sockets.latest().serverEmits(SOCKET_EVENTS.featureFlagChanged, { name: LOCK }));
    await waitFor(() => expect(gateway.lists()).toBe(before + 1));
    await waitFor(() => expect(toggle(LOCK)).toHaveAttribute('aria-checked', 'true'));
  });

  it('says when the list cannot be read, with Try again', async () => {
    open({ failList: true });
    expect(await screen.findByText(/The feature flags could not be read/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
