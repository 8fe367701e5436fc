/**
 * A service's own main.ts in a real child process, as a container would run it: only the environment given, the
 * URL read from its 'listening' log line, and stopped with a signal. For the tests that a service starts with
 * nothing but OIDC_ISSUER (discovery) and shuts down cleanly on SIGTERM with its outbox drained.
 */
import { type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Readable } from 'node:stream';
import { type OutboxDocument, OUTBOX_COLLECTION } from '../outbox/outbox';
import { openNedbStore } from '../store/nedb-store';
import { exited, forkTs, outputOf } from './fork-ts';
import { createDiscoverableTestIssuer, type TestIssuer } from './test-issuer';
import { waitFor } from './wait-for';

export interface ServiceProcess {
  readonly child: ChildProcess;
  /** Where it listens, from its log line. */
  readonly url: string;
  /** Everything it printed so far. */
  output(): string;
  /** Sends the signal and resolves with how the process ended. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function listeningUrl(output: string): string | undefined {
  for (const line of output.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const entry = JSON.parse(line) as { url?: unknown; msg?: unknown };
      if (typeof entry.url === 'string' && typeof entry.msg === 'string' && entry.msg.includes('listening')) return entry.url;
    } catch {
      // Not a log line.
    }
  }
  return undefined;
}

/** 'bugs' for services/bugs/src/main.ts, 'notes' for fixtures/notes/main.ts. */
function serviceNameOf(mainModule: string): string {
  const folder = path.dirname(mainModule);
  return path.basename(path.basename(folder) === 'src' ? path.dirname(folder) : folder);
}

/** Forks `mainModule` (a main.ts) with exactly `env` (and PATH), and waits until it listens. */
export async function startServiceProcess(mainModule: string, env: Record<string, string>): Promise<ServiceProcess> {
  const child = forkTs(mainModule, [], { env: { PATH: process.env.PATH ?? '', ...env } });
  let url: string | undefined;
  try {
    await waitFor(() => {
      if (child.exitCode !== null) throw new Error(`the service exited (${child.exitCode}):\n${outputOf(child)}`);
      url = listeningUrl(outputOf(child));
      return url !== undefined;
    }, `${serviceNameOf(mainModule)} listening`, 30_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    child,
    url: url as string,
    output: () => outputOf(child),
    async stop(signal = 'SIGTERM') {
      const ending = exited(child);
      child.kill(signal);
      return ending;
    },
  };
}

export interface ServiceUnderTestOptions {
  /** With it, a discoverable test issuer of this audience, given to the process as OIDC_ISSUER and OIDC_AUDIENCE. */
  readonly audience?: string;
  /** false for a process that is given no DATA_DIR; otherwise a new temporary folder is its DATA_DIR. */
  readonly dataDir?: false;
  /** The service's own variables (PORT is '0' unless given here). */
  readonly env?: Readonly<Record<string, string>>;
}

/** How the process ended, and the error and fatal lines it logged (pino levels 50 and 60). */
export interface ServiceEnding {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly errorLines: readonly string[];
}

/** Closures, not methods: a test takes them apart (`const { service, stop, dispose } = ...`). */
interface ServiceUnderTestBase {
  readonly service: ServiceProcess;
  /** Sends the signal (SIGTERM unless named) and resolves once the process ended and all its output was read. */
  readonly stop: (signal?: NodeJS.Signals) => Promise<ServiceEnding>;
  /** Kills the process if it still runs, closes the issuer and removes DATA_DIR; safe to call more than once. */
  readonly dispose: () => Promise<void>;
}

/** The issuer is there when an audience was given, the folder unless `dataDir: false`. */
export type ServiceUnderTest<O extends ServiceUnderTestOptions = ServiceUnderTestOptions> = ServiceUnderTestBase &
  (O extends { readonly audience: string } ? { readonly issuer: TestIssuer } : unknown) &
  (O extends { readonly dataDir: false } ? unknown : { readonly dataDir: string });

const ERROR_OR_FATAL_LINE = /"level":(50|60)/;

function allRead(stream: Readable | null): Promise<unknown> {
  return stream === null || stream.closed ? Promise.resolve() : once(stream, 'close');
}

/**
 * Starts `mainModule` as startServiceProcess does, with what a process test of a service sets up around it: the
 * identity provider it discovers, its data folder, PORT 0. Every test disposes of it in a `finally`.
 */
export async function startServiceUnderTest<const O extends ServiceUnderTestOptions>(
  mainModule: string,
  options: O,
): Promise<ServiceUnderTest<O>> {
  const { audience } = options;
  const oidc = audience === undefined ? undefined : { audience, issuer: await createDiscoverableTestIssuer({ audience }) };
  const dataDir = options.dataDir === false ? undefined : await mkdtemp(path.join(tmpdir(), `${serviceNameOf(mainModule)}-process-`));
  let service: ServiceProcess | undefined;
  let disposing: Promise<void> | undefined;
  const dispose = () => {
    disposing ??= (async () => {
      const child = service?.child;
      if (child !== undefined && child.exitCode === null && child.signalCode === null) {
        const ending = exited(child);
        child.kill('SIGKILL');
        await ending;
      }
      await oidc?.issuer.close();
      if (dataDir !== undefined) await rm(dataDir, { recursive: true, force: true });
    })();
    return disposing;
  };
  try {
    service = await startServiceProcess(mainModule, {
      ...(oidc === undefined ? {} : { OIDC_ISSUER: oidc.issuer.issuer, OIDC_AUDIENCE: oidc.audience }),
      ...(dataDir === undefined ? {} : { DATA_DIR: dataDir }),
      PORT: '0',
      ...options.env,
    });
  } catch (error) {
    await dispose();
    throw error;
  }
  const running = service;
  const stop = async (signal: NodeJS.Signals = 'SIGTERM'): Promise<ServiceEnding> => {
    const { code, signal: endedBy } = await running.stop(signal);
    await Promise.all([allRead(running.child.stdout), allRead(running.child.stderr)]);
    const errorLines = running.output().split('\n').filter((line) => ERROR_OR_FATAL_LINE.test(line));
    return { code, signal: endedBy, errorLines };
  };
  // The conditional type follows the options; TypeScript cannot relate the spread below to it on its own.
  return {
    service: running,
    stop,
    dispose,
    ...(oidc === undefined ? {} : { issuer: oidc.issuer }),
    ...(dataDir === undefined ? {} : { dataDir }),
  } as ServiceUnderTest<O>;
}

/** The outbox rows an embedded store (DATA_DIR/<name>) holds by status, read after the process ended. */
export async function outboxStatuses(dataDir: string, name: string): Promise<Record<string, number>> {
  const store = await openNedbStore({ dir: path.join(dataDir, name), compactionIntervalMs: 0 });
  try {
    const rows = await store.collection<OutboxDocument>(OUTBOX_COLLECTION).find({});
    const counts: Record<string, number> = {};
    for (const row of rows) counts[row.status] = (counts[row.status] ?? 0) + 1;
    return counts;
  } finally {
    await store.close();
  }
}
