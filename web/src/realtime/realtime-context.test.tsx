/**
 * One socket and one authorization per page load (e2e page-load-calls): what could add a second one on the way
 * (the session state replaced with the same token, a re-render of the tree) keeps the socket as it is; only a new
 * token authorizes again, on the same socket.
 */
import { SOCKET_EVENTS } from '@dv/contracts';
import { act, render, screen } from '@testing-library/react';
import { type User } from 'oidc-client-ts';
import { SessionProvider } from '../auth/session-context';
import { createSessionController, type UserManagerPort } from '../auth/session-controller';
import { connectLatestInAct, fakeSockets } from '../test-support/fake-socket';
import { RealtimeProvider, useRealtimeState } from './realtime-context';

const NOW = 1_700_000_000_000;

function jwt(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'RS256' })}.${encode(claims)}.signature`;
}

function storedUser(sub: string): User {
  const exp = Math.floor(NOW / 1000) + 3600;
  return { access_token: jwt({ sub, exp, roles: ['staff'] }), expires_at: exp, refresh_token: 'refresh' } as User;
}

function setup() {
  let stored: User | null = storedUser('first');
  const users = {
    getUser: () => Promise.resolve(stored),
    signinSilent: () => {
      stored = storedUser('renewed');
      return Promise.resolve(stored);
    },
    removeUser: () => Promise.resolve(),
  } as unknown as UserManagerPort;
  const controller = createSessionController({
    users,
    tabs: { publish: () => undefined, subscribe: () => () => undefined, close: () => undefined },
    origin: 'http://demo.localhost',
    now: () => NOW,
    locks: null,
  });
  return { controller, sockets: fakeSockets() };
}

function SocketStatus({ label }: { label: string }) {
  return <p>{`${label}: ${useRealtimeState().status}`}</p>;
}

const authorizations = (sockets: ReturnType<typeof fakeSockets>) =>
  sockets.all.flatMap((socket) => socket.emitted).filter((sent) => sent.event === SOCKET_EVENTS.authorization);

describe('RealtimeProvider on a page load', () => {
  it('keeps one socket and one authorization through session updates with the same token and re-renders', async () => {
    const { controller, sockets } = setup();
    await controller.load();
    const tree = (label: string) => (
      <SessionProvider controller={controller}>
        <RealtimeProvider createSocket={sockets.create}>
          <SocketStatus label={label} />
        </RealtimeProvider>
      </SessionProvider>
    );
    const view = render(tree('first'));
    connectLatestInAct(sockets);
    expect(screen.getByText('first: connected')).toBeInTheDocument();

    // Another tab's refresh adopted here when the stored token is still this one: a new state object, same token.
    await act(async () => {
      await controller.adoptFromOtherTab();
    });
    view.rerender(tree('again'));
    expect(screen.getByText('again: connected')).toBeInTheDocument();
    expect(sockets.all).toHaveLength(1);
    expect(authorizations(sockets)).toHaveLength(1);

    // A renewed token: the same socket authorizes again, no new one.
    await act(() => controller.refresh());
    expect(sockets.all).toHaveLength(1);
    expect(authorizations(sockets).map((sent) => sent.args[0])).toEqual([
      { token: storedUser('first').access_token },
      { token: storedUser('renewed').access_token },
    ]);
  });
});
