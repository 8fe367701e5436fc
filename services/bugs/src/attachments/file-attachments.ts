import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { assertAttachmentId, type AttachmentStore } from './attachment-store';

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}

/**
 * Attachments as files `{dir}/{id}.bin`. A file is written under a temporary name, flushed and renamed, so a
 * reader sees all of it or nothing.
 */
export function fileAttachments(dir: string): AttachmentStore {
  const fileOf = (id: string): string => {
    assertAttachmentId(id);
    return path.join(dir, `${id}.bin`);
  };

  return {
    async put(id, bytes) {
      const target = fileOf(id);
      await mkdir(dir, { recursive: true });
      const temporary = path.join(dir, `.${id}.${randomUUID()}.tmp`);
      const handle = await open(temporary, 'wx', 0o600);
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      try {
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async get(id) {
      try {
        return await readFile(fileOf(id));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(id) {
      await rm(fileOf(id), { force: true });
    },
  };
}
