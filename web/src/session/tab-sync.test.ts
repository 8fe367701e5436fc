import { STORAGE_KEYS } from '@dv/contracts';
import { createTabSync, type TabMessage } from './tab-sync';

/** Two BroadcastChannel-like ends joined together, as two tabs of one origin are. */
function channelPair() {
  type Listener = (event: MessageEvent) => void;
  const ends = [new Set<Listener>(), new Set<Listener>()];
  const end = (self: number) => ({
    postMessage: (data: unknown) => ends[1 - self]!.forEach((listener) => listener({ data } as MessageEvent)),
    close: jest.fn(),
    addEventListener: (_type: string, listener: EventListener) => ends[self]!.add(listener as Listener),
    removeEventListener: (_type: string, listener: EventListener) => ends[self]!.delete(listener as Listener),
  });
  return [end(0), end(1)] as const;
}

describe('createTabSync', () => {
  it('tells the other tab through the channel', () => {
    const [a, b] = channelPair();
    const first = createTabSync({ channel: a });
    const second = createTabSync({ channel: b });
    const received: TabMessage[] = [];
    second.subscribe((message) => received.push(message));
    first.publish({ type: 'refreshed' });
    first.publish({ type: 'signedOut' });
    expect(received).toEqual([{ type: 'refreshed' }, { type: 'signedOut' }]);
    second.close();
    first.publish({ type: 'refreshed' });
    expect(received).toHaveLength(2);
  });

  it('falls back to storage events of the token key', () => {
    const events = new EventTarget();
    const sync = createTabSync({ channel: null, events: events as unknown as Window });
    const received: TabMessage[] = [];
    sync.subscribe((message) => received.push(message));
    const storage = (key: string, newValue: string | null) =>
      events.dispatchEvent(Object.assign(new Event('storage'), { key, newValue }));
    storage(STORAGE_KEYS.token, '{"access_token":"x"}');
    storage('something_else', 'x');
    storage(STORAGE_KEYS.token, null);
    expect(received).toEqual([{ type: 'refreshed' }, { type: 'signedOut' }]);
    sync.close();
  });
});
