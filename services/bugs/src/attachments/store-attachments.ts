import type { BaseDocument, Store } from '@dv/kit';
import { assertAttachmentId, type AttachmentStore } from './attachment-store';

export const ATTACHMENTS_COLLECTION = 'bugAttachments';

/** One attachment: base64, because the store port holds JSON values (5 MB become about 7 MB, under 16 MB). */
interface AttachmentDocument extends BaseDocument {
  readonly base64: string;
  readonly size: number;
}

/** Attachments as documents of their own collection in the service's store (MongoDB in production). */
export function storeAttachments(store: Pick<Store, 'collection'>): AttachmentStore {
  const documents = () => store.collection<AttachmentDocument>(ATTACHMENTS_COLLECTION);
  return {
    async put(id, bytes) {
      assertAttachmentId(id);
      await documents().insert({ _id: id, base64: bytes.toString('base64'), size: bytes.length });
    },
    async get(id) {
      assertAttachmentId(id);
      const document = await documents().findById(id);
      return document ? Buffer.from(document.base64, 'base64') : null;
    },
    async delete(id) {
      assertAttachmentId(id);
      await documents().delete({ _id: id });
    },
  };
}
