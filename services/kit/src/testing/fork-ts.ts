import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const outputs = new WeakMap<ChildProcess, string[]>();

/** Starts a TypeScript module of the kit in a real child process with an IPC channel; its output is kept. */
export function forkTs(modulePath: string, args: readonly string[] = [], options: { env?: NodeJS.ProcessEnv } = {}): ChildProcess {
  const child = fork(modulePath, [...args], {
    execArgv: ['--require', path.join(__dirname, 'swc-register.cjs')],
    ...(options.env ? { env: options.env } : {}),
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const chunks: string[] = [];
  outputs.set(child, chunks);
  child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
  return child;
}

/** What the child printed so far (stdout and stderr), for assertion messages and log checks. */
export function outputOf(child: ChildProcess): string {
  return (outputs.get(child) ?? []).join('');
}

/** Resolves with the first IPC message the child sends that satisfies `accept`. */
export function nextMessage<T>(child: ChildProcess, accept: (message: unknown) => message is T): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: unknown) => {
      if (!accept(message)) return;
      cleanup();
      resolve(message);
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      cleanup();
      reject(
        new Error(
          `child exited (code ${String(code)}, signal ${String(signal)}) before the expected message:\n${outputOf(child)}`,
        ),
      );
    };
    const cleanup = () => {
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}

/** A message guard for `{ type }` messages. */
export function messageOfType<T extends string>(type: T) {
  return (message: unknown): message is { type: T } & Record<string, unknown> =>
    typeof message === 'object' && message !== null && (message as { type?: unknown }).type === type;
}

/** Resolves with the child's exit code and signal. */
export function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}
