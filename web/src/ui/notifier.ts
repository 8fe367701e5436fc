/**
 * Toasts and alerts for code that runs outside React (the HTTP client, the session controller). The app binds
 * antd's notification and modal APIs once it has rendered; before that, messages go to the console and the
 * browser's own alert, unless the hub was told to hold them until the binding comes (the app loads its binder
 * lazily: a 401 answered meanwhile still gets its toast).
 */
import { type ReactNode } from 'react';

export type ToastType = 'info' | 'success' | 'warning' | 'error';

export type ToastOptions = {
  /** A toast with the key of an open one replaces it. */
  key: string;
  type: ToastType;
  message: string;
  description?: ReactNode;
  /** Milliseconds; false keeps it until closed. */
  durationMs: number | false;
  onClose?: () => void;
  /** Default true. */
  closable?: boolean;
  action?: { label: string; onClick: () => void };
};

export type Notifier = {
  toast(options: ToastOptions): void;
  closeToast(key: string): void;
  /** Resolves when the user has acknowledged it. */
  alert(message: string): Promise<void>;
};

export type NotifierHub = {
  notifier: Notifier;
  bind(target: Notifier): () => void;
  /** Until the next bind, keep what is sent and hand it to the bound notifier then. */
  hold(): void;
  /** Stop holding: what was kept goes to the console and the browser's alert (the binder failed to load). */
  release(): void;
};

const fallback: Notifier = {
  toast: ({ message, onClose }) => {
    console.warn(message);
    onClose?.();
  },
  closeToast: () => undefined,
  alert: (message) => {
    globalThis.alert?.(message);
    return Promise.resolve();
  },
};

type Held = { toasts: Map<string, ToastOptions>; alerts: { message: string; done: () => void }[] };

/** Keeps toasts (the last of each key) and alerts until they can be shown. */
function holding(held: Held): Notifier {
  return {
    toast: (options) => {
      held.toasts.delete(options.key);
      held.toasts.set(options.key, options);
    },
    closeToast: (key) => held.toasts.delete(key),
    alert: (message) => new Promise<void>((done) => held.alerts.push({ message, done })),
  };
}

function flush(held: Held, to: Notifier) {
  const { toasts, alerts } = held;
  held.toasts = new Map();
  held.alerts = [];
  toasts.forEach((options) => to.toast(options));
  alerts.forEach(({ message, done }) => void to.alert(message).then(done));
}

export function createNotifierHub(): NotifierHub {
  let target: Notifier = fallback;
  const held: Held = { toasts: new Map(), alerts: [] };
  const holder = holding(held);
  return {
    notifier: {
      toast: (options) => target.toast(options),
      closeToast: (key) => target.closeToast(key),
      alert: (message) => target.alert(message),
    },
    bind(next) {
      target = next;
      flush(held, next);
      return () => {
        if (target === next) target = fallback;
      };
    },
    hold() {
      if (target === fallback) target = holder;
    },
    release() {
      if (target !== holder) return;
      target = fallback;
      flush(held, fallback);
    },
  };
}
