import { chmod, mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Writes a file whole, readable by its owner only, in a folder only its owner may enter, and replaces the old
 * one atomically (rename): a reader sees the old contents or the new, never half of them.
 */
export async function writeOwnerOnlyFile(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, text, { mode: 0o600, flag: 'w' });
  // The mode given to writeFile applies only to a new file; a leftover temporary keeps its own.
  await chmod(temporary, 0o600);
  await rename(temporary, file);
}
