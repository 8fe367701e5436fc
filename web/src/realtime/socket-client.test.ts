import { SOCKET_EVENTS } from '@dv/contracts';
import { connectLatest, fakeSockets, type FakeSockets } from '../test-support/fake-socket';
import { createSocketClient, reconnectDelay, type SocketClient } from './socket-client';

let sockets: FakeSockets;
let client: SocketClient;

beforeEach(() => {
  jest.useFakeTimers();
  sockets = fakeSockets();
  client = createSocketClient({ createSocket: sockets.create });
});

afterEach(() => {
  client.stop();
  jest.useRealTimers();
});

const status = () => client.getSnapshot().status;
const error = () => client.getSnapshot().error;

/** The latest socket drops; answers how long the client waited before it opened the next one. */
function dropAndMeasure(): number {
  const before = sockets.all.length;
  sockets.latest().serverDisconnects('transport close');
  expect(status()).toBe('reconnecting');
  let waited = 0;
  while (sockets.all.length === before) {
    jest.advanceTimersByTime(250);
    waited += 250;
    if (waited > 60_000) throw new Error('no reconnect within a minute');
  }
  return waited;
}

describe('socket client: connecting and authorization', () => {
  it('is disconnected without a token and connects with one', () => {
    expect(status()).toBe('disconnected');
    expect(sockets.all).toHaveLength(0);
    client.setToken('token-1');
    expect(status()).toBe('connecting');
    expect(sockets.latest().connectCalls).toBe(1);
  });

  it('sends the bearer token on connect and is connected once the server authorized it', () => {
    client.setToken('token-1');
    const socket = sockets.latest();
    socket.serverConnects();
    expect(socket.emitted).toEqual([{ event: SOCKET_EVENTS.authorization, args: [{ token: 'token-1' }] }]);
    expect(status()).toBe('connecting');
    socket.serverAuthorizes();
    expect(status()).toBe('connected');
    expect(error()).toBeNull();
  });

  it('authorizes the same socket again after a token refresh', () => {
    client.setToken('token-1');
    const socket = connectLatest(sockets);
    client.setToken('token-2');
    expect(socket.emitted.at(-1)).toEqual({ event: SOCKET_EVENTS.authorization, args: [{ token: 'token-2' }] });
    expect(sockets.all).toHaveLength(1);
  });

  it('answers ping with pong', () => {
    client.setToken('token-1');
    const socket = connectLatest(sockets);
    socket.serverEmits(SOCKET_EVENTS.ping);
    expect(socket.emitted.at(-1)).toEqual({ event: SOCKET_EVENTS.pong, args: [] });
  });

  it('hands parsed events to their listeners and drops malformed ones', () => {
    const changes: unknown[] = [];
    const unsubscribe = client.on(SOCKET_EVENTS.portalCredentialChange, (change) => changes.push(change));
    client.setToken('token-1');
    const socket = connectLatest(sockets);
    socket.serverEmits(SOCKET_EVENTS.portalCredentialChange, { credentialId: 'c1', status: 'valid', orgId: 'leaks-not' });
    socket.serverEmits(SOCKET_EVENTS.portalCredentialChange, { credentialId: 'c1', status: 'deleted' });
    expect(changes).toEqual([{ credentialId: 'c1', status: 'valid' }]);
    unsubscribe();
    socket.serverEmits(SOCKET_EVENTS.portalCredentialChange, { credentialId: 'c1', status: 'invalid' });
    expect(changes).toHaveLength(1);
  });

  it('hands a credential removal to its listeners with the credential id only', () => {
    const removals: unknown[] = [];
    client.on(SOCKET_EVENTS.portalCredentialRemoved, (removal) => removals.push(removal));
    client.setToken('token-1');
    const socket = connectLatest(sockets);
    socket.serverEmits(SOCKET_EVENTS.portalCredentialRemoved, { credentialId: 'c1', officeId: 'leaks-not' });
    socket.serverEmits(SOCKET_EVENTS.portalCredentialRemoved, {});
    expect(removals).toEqual([{ credentialId: 'c1' }]);
  });

  it('closes on sign-out without reconnecting', () => {
    client.setToken('token-1');
    const socket = connectLatest(sockets);
    client.setToken(null);
    expect(socket.disconnected).toBe(true);
    expect(status()).toBe('disconnected');
    jest.advanceTimersByTime(60_000);
    expect(sockets.all).toHaveLength(1);
  });
});

describe('socket client: reconnecting', () => {
  it('waits 3000, 4500, 6750, 10125 and 15187.5 ms, then gives up after 5 attempts', () => {
    client.setToken('token-1');
    connectLatest(sockets);
    const waits = [dropAndMeasure(), dropAndMeasure(), dropAndMeasure(), dropAndMeasure(), dropAndMeasure()];
    // Measured in 250 ms steps: the socket opens on the first step at or after the delay.
    expect(waits).toEqual([3000, 4500, 6750, 10250, 15250]);
    expect([1, 2, 3, 4, 5].map(reconnectDelay)).toEqual([3000, 4500, 6750, 10125, 15187.5]);
    expect(client.getSnapshot().attempt).toBe(5);

    sockets.latest().serverDisconnects('transport close');
    expect(status()).toBe('error');
    expect(error()).toBe('Failed to reconnect after maximum attempts');
    jest.advanceTimersByTime(120_000);
    expect(sockets.all).toHaveLength(6);
  });

  it('reconnects exactly at the backoff delay', () => {
    client.setToken('token-1');
    connectLatest(sockets);
    sockets.latest().serverDisconnects('transport close');
    jest.advanceTimersByTime(2_999);
    expect(sockets.all).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(sockets.all).toHaveLength(2);
    expect(sockets.all[0]!.disconnected).toBe(true);
  });

  it('counts failed connection attempts and shows the connection error meanwhile', () => {
    client.setToken('token-1');
    sockets.latest().connectFails();
    expect(status()).toBe('reconnecting');
    expect(error()).toBe('Connection error occurred');
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      jest.advanceTimersByTime(reconnectDelay(attempt));
      expect(sockets.all).toHaveLength(attempt + 1);
      sockets.latest().connectFails();
    }
    expect(status()).toBe('error');
    expect(error()).toBe('Failed to reconnect after maximum attempts');
  });

  it('starts counting again after a successful reconnect', () => {
    client.setToken('token-1');
    connectLatest(sockets);
    expect(dropAndMeasure()).toBe(3000);
    expect(dropAndMeasure()).toBe(4500);
    connectLatest(sockets);
    expect(status()).toBe('connected');
    expect(client.getSnapshot().attempt).toBe(0);
    expect(dropAndMeasure()).toBe(3000);
  });

  it('authorizes a reconnected socket with the newest token', () => {
    client.setToken('token-1');
    connectLatest(sockets);
    sockets.latest().serverDisconnects('ping timeout');
    client.setToken('token-2');
    jest.advanceTimersByTime(3000);
    sockets.latest().serverConnects();
    expect(sockets.latest().emitted).toEqual([{ event: SOCKET_EVENTS.authorization, args: [{ token: 'token-2' }] }]);
  });

  it('reconnects when the server goes away without refusing the socket (a restart)', () => {
    client.setToken('token-1');
    connectLatest(sockets);
    sockets.latest().serverDisconnects('io server disconnect');
    expect(status()).toBe('reconnecting');
  });

  it.each([
    ['a close with code 1000', 'transport close', { context: { code: 1000 } }, 'disconnected', null],
    ['our own disconnect', 'io client disconnect', undefined, 'disconnected', null],
    ['a close with code 4003', 'transport close', { context: { code: 4003 } }, 'error', 'Access forbidden'],
    ['a close with code 4001', 'transport close', { context: { code: 4001 } }, 'error', 'Authentication failed - token may be expired'],
  ])('does not reconnect after %s', (_name, reason, details, expectedStatus, expectedError) => {
    client.setToken('token-1');
    connectLatest(sockets);
    sockets.latest().serverDisconnects(reason, details);
    expect(status()).toBe(expectedStatus);
    expect(error()).toBe(expectedError);
    jest.advanceTimersByTime(120_000);
    expect(sockets.all).toHaveLength(1);
  });

  it('reconnects after an abnormal close code', () => {
    client.setToken('token-1');
    connectLatest(sockets);
    sockets.latest().serverDisconnects('transport close', { context: { code: 1006 } });
    expect(status()).toBe('reconnecting');
  });
});

describe('socket client: refusals', () => {
  it.each([
    [{ code: 'UNAUTHORIZED', message: 'An access token is required' }, 'Authentication failed: An access token is required'],
    [{ code: 'INVALID_TOKEN', message: 'The access token is invalid or expired' }, 'Authentication failed - token may be expired'],
  ])('an error event %j is an authentication failure: closed, no reconnect', (event, text) => {
    client.setToken('token-1');
    const socket = sockets.latest();
    socket.serverConnects();
    socket.serverEmits(SOCKET_EVENTS.error, event);
    expect(socket.disconnected).toBe(true);
    expect(status()).toBe('error');
    expect(error()).toBe(text);
    socket.serverDisconnects('io server disconnect');
    jest.advanceTimersByTime(120_000);
    expect(sockets.all).toHaveLength(1);
    expect(status()).toBe('error');
  });

  it('another error event (the server cannot check tokens now) followed by a disconnect: reconnects with the backoff', () => {
    client.setToken('token-1');
    const socket = connectLatest(sockets);
    socket.serverEmits(SOCKET_EVENTS.error, { code: 'UNAVAILABLE', message: 'Tokens cannot be checked right now, retry later' });
    expect(status()).toBe('connected');
    socket.serverDisconnects('io server disconnect');
    expect(status()).toBe('reconnecting');
    expect(error()).toBe('Unknown server error');
    jest.advanceTimersByTime(reconnectDelay(1));
    expect(sockets.all).toHaveLength(2);
    // The server can check tokens again: the new socket is authorized and all is well.
    connectLatest(sockets);
    expect(status()).toBe('connected');
    expect(error()).toBeNull();
    expect(client.getSnapshot().attempt).toBe(0);
  });

  it('a server that keeps refusing with another code is given up on after the maximum attempts', () => {
    client.setToken('token-1');
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const socket = sockets.latest();
      socket.serverConnects();
      socket.serverEmits(SOCKET_EVENTS.error, { code: 'UNAVAILABLE', message: 'Tokens cannot be checked right now, retry later' });
      socket.serverDisconnects('io server disconnect');
      expect(status()).toBe('reconnecting');
      jest.advanceTimersByTime(reconnectDelay(attempt));
      expect(sockets.all).toHaveLength(attempt + 1);
    }
    const last = sockets.latest();
    last.serverConnects();
    last.serverEmits(SOCKET_EVENTS.error, { code: 'UNAVAILABLE', message: 'Tokens cannot be checked right now, retry later' });
    last.serverDisconnects('io server disconnect');
    expect(status()).toBe('error');
    expect(error()).toBe('Failed to reconnect after maximum attempts');
  });

  it('a new token gives a refused client a fresh start', () => {
    client.setToken('expired');
    sockets.latest().serverConnects();
    sockets.latest().serverEmits(SOCKET_EVENTS.error, { code: 'INVALID_TOKEN', message: 'expired' });
    expect(status()).toBe('error');
    client.setToken('fresh');
    expect(status()).toBe('connecting');
    connectLatest(sockets);
    expect(status()).toBe('connected');
    expect(sockets.all).toHaveLength(2);
  });

  it('ignores what a dropped socket still reports', () => {
    client.setToken('token-1');
    const first = connectLatest(sockets);
    first.serverDisconnects('transport close');
    jest.advanceTimersByTime(3000);
    first.serverAuthorizes();
    expect(status()).toBe('reconnecting');
  });
});
