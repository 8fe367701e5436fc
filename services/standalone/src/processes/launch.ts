/** One service as a child process: its entry, its environment, its output kept for when it fails. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../../..');

/** Sources through the kit's swc hook (tests, before any build), or the built files (`npm run start:services`). */
export type EntryKind = 'sources' | 'dist';

/** services/<workspace>/src/<file>.ts, or its dist/<file>.js. */
export function entryPath(kind: EntryKind, workspace: string, file: string): string {
  return kind === 'sources'
    ? path.join(ROOT, 'services', workspace, 'src', `${file}.ts`)
    : path.join(ROOT, 'services', workspace, 'dist', `${file}.js`);
}

export interface ServiceProcess {
  readonly name: string;
  readonly url: string;
  readonly child: ChildProcess;
  /** The last lines it printed. */
  output(): string;
  /** SIGTERM, then SIGKILL after the grace period; resolves when it exited. */
  stop(graceMs?: number): Promise<void>;
  /** SIGKILL at once: a crash. */
  kill(): Promise<void>;
}

const KEEP_CHARS = 20_000;

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

export function launch(options: {
  readonly name: string;
  readonly entry: string;
  readonly kind: EntryKind;
  readonly port: number;
  readonly env: Record<string, string>;
  /** Also print what it writes (npm run start:services); tests keep it for their failure messages only. */
  readonly echo?: boolean;
}): ServiceProcess {
  const hook = path.join(ROOT, 'services', 'kit', 'src', 'testing', 'swc-register.cjs');
  const args = options.kind === 'sources' ? ['--require', hook, options.entry] : [options.entry];
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...options.env, PORT: String(options.port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let kept = '';
  const keep = (chunk: Buffer) => {
    kept = (kept + chunk.toString('utf8')).slice(-KEEP_CHARS);
    if (options.echo) process.stdout.write(chunk);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return {
    name: options.name,
    url: `http://127.0.0.1:${options.port}`,
    child,
    output: () => kept,
    async stop(graceMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited(child);
      clearTimeout(timer);
    },
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
  };
}

/** Polls /healthz until it answers 200; fails with the process's output when it exits or the time is up. */
export async function untilHealthy(service: ServiceProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (service.child.exitCode !== null || service.child.signalCode !== null) {
      throw new Error(`${service.name} exited while starting:\n${service.output()}`);
    }
    try {
      const response = await fetch(`${service.url}/healthz`, { signal: AbortSignal.timeout(1_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${service.name} did not answer /healthz within ${timeoutMs} ms:\n${service.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
