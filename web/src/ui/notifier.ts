/**
 * Toasts and alerts for code that runs outside React (the HTTP client, the session controller). The app binds
 * antd's notification and modal APIs once it has rendered; before that, messages go to the console and the
 * browser's own alert.
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

export function createNotifierHub(): NotifierHub {
  let target: Notifier = fallback;
  return {
    notifier: {
      toast: (options) => target.toast(options),
      closeToast: (key) => target.closeToast(key),
      alert: (message) => target.alert(message),
    },
    bind(next) {
      target = next;
      return () => {
        if (target === next) target = fallback;
      };
    },
  };
}
