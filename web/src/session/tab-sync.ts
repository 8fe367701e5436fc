/**
 * Tokens are shared across browser tabs (SPEC section 4): the token lives in local storage, and a tab that
 * refreshed it or signed out tells the others. BroadcastChannel where the browser has it; otherwise the storage
 * event of the token key says the same thing.
 */
import { STORAGE_KEYS } from '@dv/contracts';

export type TabMessage = { type: 'refreshed' } | { type: 'signedOut' };

export type TabSync = {
  publish(message: TabMessage): void;
  subscribe(listener: (message: TabMessage) => void): () => void;
  close(): void;
};

export const TAB_CHANNEL_NAME = 'verific-session';

type ChannelLike = Pick<BroadcastChannel, 'postMessage' | 'close' | 'addEventListener' | 'removeEventListener'>;

export type TabSyncDeps = {
  /** Default: a BroadcastChannel when the browser has one. */
  channel?: ChannelLike | null;
  /** Where storage events arrive; default window. */
  events?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
};

function isTabMessage(value: unknown): value is TabMessage {
  const type = (value as { type?: unknown } | null)?.type;
  return type === 'refreshed' || type === 'signedOut';
}

function defaultChannel(): ChannelLike | null {
  return typeof BroadcastChannel === 'function' ? new BroadcastChannel(TAB_CHANNEL_NAME) : null;
}

export function createTabSync(deps: TabSyncDeps = {}): TabSync {
  const channel = deps.channel === undefined ? defaultChannel() : deps.channel;
  const events = deps.events ?? globalThis.window;
  const listeners = new Set<(message: TabMessage) => void>();
  const emit = (message: TabMessage) => listeners.forEach((listener) => listener(message));

  const onChannelMessage = (event: MessageEvent) => {
    if (isTabMessage(event.data)) emit(event.data);
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEYS.token) return;
    emit(event.newValue === null ? { type: 'signedOut' } : { type: 'refreshed' });
  };

  if (channel) channel.addEventListener('message', onChannelMessage as EventListener);
  else events?.addEventListener('storage', onStorage);

  return {
    publish(message) {
      channel?.postMessage(message);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      listeners.clear();
      if (channel) {
        channel.removeEventListener('message', onChannelMessage as EventListener);
        channel.close();
      } else {
        events?.removeEventListener('storage', onStorage);
      }
    },
  };
}
