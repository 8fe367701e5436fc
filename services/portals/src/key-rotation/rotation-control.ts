/**
 * How the rewrap command finds a running portals service that owns the embedded store. The embedded store's files
 * belong to one process, so the command must not open them while the service runs: it asks the service to rotate
 * in-process instead. At start the service writes `DATA_DIR/portals-keys/service.json` (mode 0600, in the 0700 key
 * folder beside the key file): its loopback URL, a random token for this run, its pid. It removes the file when it
 * closes. Whoever may read the file may read the key file next to it, so the token grants nothing new.
 */
import { randomBytes } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { writeOwnerOnlyFile } from '../crypto/owner-only-file';

export const ROTATION_PATH = '/internal/keys/rewrap';

const RotationControl = z.object({
  /** A loopback base URL, e.g. http://127.0.0.1:8082. */
  url: z.url({ protocol: /^http$/ }),
  token: z.string().min(32),
  pid: z.number().int().positive(),
});
export type RotationControl = z.infer<typeof RotationControl>;

export function rotationControlFile(dataDir: string): string {
  return path.join(dataDir, 'portals-keys', 'service.json');
}

export function newRotationToken(): string {
  return randomBytes(32).toString('base64url');
}

export async function writeRotationControl(dataDir: string, control: RotationControl): Promise<void> {
  await writeOwnerOnlyFile(rotationControlFile(dataDir), `${JSON.stringify(control)}\n`);
}

export async function readRotationControl(dataDir: string): Promise<RotationControl | undefined> {
  let text: string;
  try {
    text = await readFile(rotationControlFile(dataDir), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const parsed = RotationControl.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`${rotationControlFile(dataDir)} is not a portals service announcement`);
  return parsed.data;
}

/** Removes the announcement if it is still this one (a later process may have written its own). */
export async function removeRotationControl(dataDir: string, token: string): Promise<void> {
  const current = await readRotationControl(dataDir).catch(() => undefined);
  if (current?.token === token) await rm(rotationControlFile(dataDir), { force: true });
}

export async function removeStaleRotationControl(dataDir: string): Promise<void> {
  await rm(rotationControlFile(dataDir), { force: true });
}

/** Whether a process with this id runs (one of another user counts: it cannot be signalled, but it exists). */
export function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The loopback base URL of a listener on this port, for the host it listens on. */
export function loopbackUrlFor(host: string, port: number): string | undefined {
  if (host === '::' || host === '::1') return `http://[::1]:${port}`;
  if (host === '0.0.0.0' || host === 'localhost' || host.startsWith('127.')) return `http://127.0.0.1:${port}`;
  // Listening on another interface only: no loopback to reach.
  return undefined;
}
