/**
 * The start-up and shut-down steps every service shares: what it opened is closed in reverse order, whether it
 * shuts down or fails part way through starting; and an app that cannot listen is closed before the error goes on.
 */
import { listenWithGracefulShutdown, type Server } from './server';
import { type Logger } from './logger';

export interface Closers {
  /** Registers what closes a resource just opened. */
  readonly add: (close: () => Promise<void>) => void;
  /**
   * Closes everything registered, newest first. A close that fails is logged and the others still run; a second
   * call closes nothing twice.
   */
  readonly closeAll: () => Promise<void>;
}

export function createClosers(logger: Pick<Logger, 'error'>): Closers {
  const closers: (() => Promise<void>)[] = [];
  return {
    add: (close) => {
      closers.push(close);
    },
    closeAll: async () => {
      for (const close of closers.splice(0).reverse()) {
        try {
          await close();
        } catch (error) {
          logger.error({ err: error }, 'closing failed');
        }
      }
    },
  };
}

export interface ServiceListenOptions {
  readonly port: number;
  readonly host?: string;
  /** The process is the service's own: SIGTERM and SIGINT shut it down gracefully. */
  readonly handleSignals?: boolean;
}

/**
 * Listens and answers the URL. If the app cannot listen (the port is taken, say), it is closed, so that its
 * close hooks release what the service opened, and the error is thrown on.
 */
export async function listenOrClose(app: Server, options: ServiceListenOptions): Promise<string> {
  const listen = { port: options.port, ...(options.host === undefined ? {} : { host: options.host }) };
  try {
    return options.handleSignals ? await listenWithGracefulShutdown(app, listen) : await app.listen(listen);
  } catch (error) {
    await app.close();
    throw error;
  }
}
