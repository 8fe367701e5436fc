import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openNedbStore, type Store } from '@dv/kit';
import type { AttachmentStore } from './attachment-store';
import { fileAttachments } from './file-attachments';
import { ATTACHMENTS_COLLECTION, storeAttachments } from './store-attachments';

const ID = '0f8b1f5e-6a39-4a51-9d8e-6d3b1e2f4a10';

describe.each([
  ['files', (dir: string) => Promise.resolve({ attachments: fileAttachments(path.join(dir, 'attachments')), store: null })],
  [
    'a store collection',
    async (dir: string) => {
      const store = await openNedbStore({ dir, compactionIntervalMs: 0 });
      return { attachments: storeAttachments(store), store };
    },
  ],
] as const)('attachments in %s', (_name, open) => {
  let dir: string;
  let attachments: AttachmentStore;
  let store: Store | null;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'bugs-attachments-'));
    ({ attachments, store } = await open(dir));
  });
  afterEach(async () => {
    await store?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('stores, reads and deletes bytes by id', async () => {
    const bytes = Buffer.from([0, 1, 2, 250, 255]);
    expect(await attachments.get(ID)).toBeNull();
    await attachments.put(ID, bytes);
    expect((await attachments.get(ID))?.equals(bytes)).toBe(true);
    await attachments.delete(ID);
    expect(await attachments.get(ID)).toBeNull();
    await attachments.delete(ID);
  });

  it('refuses ids that could name another file or document', async () => {
    for (const id of ['../x', 'a/b', 'a.b', '', 'x'.repeat(65), '..']) {
      await expect(attachments.put(id, Buffer.from('x'))).rejects.toThrow(RangeError);
      await expect(attachments.get(id)).rejects.toThrow(RangeError);
      await expect(attachments.delete(id)).rejects.toThrow(RangeError);
    }
  });
});

describe('attachment files', () => {
  it('are written whole under {id}.bin, with no temporary file left behind', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'bugs-attachments-'));
    try {
      const attachments = fileAttachments(dir);
      await attachments.put(ID, Buffer.alloc(1024, 7));
      expect(await readdir(dir)).toEqual([`${ID}.bin`]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('attachment documents', () => {
  it('live in their own collection, apart from the reports', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'bugs-attachments-'));
    const store = await openNedbStore({ dir, compactionIntervalMs: 0 });
    try {
      await storeAttachments(store).put(ID, Buffer.from('%PDF-1.4'));
      expect(await store.collection(ATTACHMENTS_COLLECTION).findById(ID)).toMatchObject({ size: 8 });
    } finally {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
