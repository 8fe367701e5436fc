/**
 * Where attachment bytes live: apart from the report documents, keyed by the report id, so that listing and
 * reading reports never loads files. Two adapters:
 * - files under a folder (embedded default, next to the nedb store): nedb keeps every document of a
 *   collection in memory and rewrites whole files when it compacts, so multi-megabyte files stay out of it;
 * - a collection of the document store (with MongoDB): every replica sees every attachment, no shared disk.
 *
 * The service writes the bytes before the report's transaction and removes them when that fails, so a report
 * never names missing bytes; a crash in between leaves at worst bytes no report names (never shown).
 */
export interface AttachmentStore {
  /** Stores the bytes under the id (a UUID the service chose). */
  put(id: string, bytes: Buffer): Promise<void>;
  /** The bytes, or null when there are none under the id. */
  get(id: string): Promise<Buffer | null>;
  /** Removes them; nothing to remove is fine. */
  delete(id: string): Promise<void>;
}

const ATTACHMENT_ID = /^[A-Za-z0-9-]{1,64}$/;

/** Ids become file names and document ids: no dots, no separators, whatever the caller passed. */
export function assertAttachmentId(id: string): void {
  if (!ATTACHMENT_ID.test(id)) throw new RangeError('An attachment id is letters, digits and dashes');
}
