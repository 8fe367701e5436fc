/**
 * An attachment is accepted for what its bytes are, not for what the client calls it: the decoded content must
 * be a PNG (animated ones too), JPEG, BMP or PDF (by its magic bytes; a BMP also by a sound file header), the
 * declared mime type must name that same kind, and it may not exceed ATTACHMENT_MAX_BYTES. A renamed program
 * (.exe as .png), text that starts with 'BM', or a PDF declared as an image is refused.
 */
import {
  ATTACHMENT_MAX_BYTES,
  attachmentBase64,
  BUG_ATTACHMENT_MIME_MISMATCH_MESSAGE,
  BUG_ATTACHMENT_MIME_TYPES,
  BUG_ATTACHMENT_TYPE_MESSAGE,
  MESSAGES,
  type BugAttachmentMime,
} from '@dv/contracts';
import { invalidField } from '@dv/kit';
// The core entry: detection from bytes only. (The package's root entry adds file-system helpers and is
// exported for the 'node' condition with 'import' only, which CommonJS resolvers such as Jest's do not match.)
import { fileTypeFromBuffer } from 'file-type/core';

export interface CheckedAttachment {
  readonly bytes: Buffer;
  readonly mime: BugAttachmentMime;
  readonly size: number;
  readonly fileName: string;
}

export interface AttachmentInput {
  readonly fileBase64: string;
  readonly fileMime: BugAttachmentMime;
  readonly fileName?: string | null | undefined;
}

/** Extensions a download may end with, per kind; the first one is given to names that have none of them. */
const EXTENSIONS: Record<BugAttachmentMime, readonly [string, ...string[]]> = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/bmp': ['.bmp'],
  'application/pdf': ['.pdf'],
};

const FILE_NAME_MAX = 100;

function isAcceptedMime(mime: string): mime is BugAttachmentMime {
  return (BUG_ATTACHMENT_MIME_TYPES as readonly string[]).includes(mime);
}

/** Kinds that file-type tells apart but that are stored, served and named as an accepted kind. */
const SAME_KIND: Readonly<Record<string, BugAttachmentMime>> = {
  // An animated PNG (acTL chunk) is a PNG: every PNG reader shows at least its first frame.
  'image/apng': 'image/png',
};

/** BITMAPFILEHEADER (14 bytes) then the DIB header, whose first field is its own size. */
const BMP_FILE_HEADER_BYTES = 14;
/** BITMAPCOREHEADER, BITMAPINFOHEADER, the OS/2 and V2/V3 variants, BITMAPV4HEADER, BITMAPV5HEADER. */
const BMP_DIB_HEADER_SIZES: ReadonlySet<number> = new Set([12, 40, 52, 56, 64, 108, 124]);

/**
 * file-type calls anything that starts with 'BM' a bitmap ("BMW service notes" too). A real one says its own
 * length, has a DIB header of a known size and its pixels start after the headers, inside the file.
 */
export function isSoundBmp(bytes: Buffer): boolean {
  if (bytes.length < BMP_FILE_HEADER_BYTES + 4) return false;
  const fileSize = bytes.readUInt32LE(2);
  const pixelOffset = bytes.readUInt32LE(10);
  const dibHeaderSize = bytes.readUInt32LE(BMP_FILE_HEADER_BYTES);
  return (
    fileSize === bytes.length &&
    BMP_DIB_HEADER_SIZES.has(dibHeaderSize) &&
    pixelOffset >= BMP_FILE_HEADER_BYTES + dibHeaderSize &&
    pixelOffset <= bytes.length
  );
}

/** The accepted kind the bytes are, or null. */
async function detectKind(bytes: Buffer): Promise<BugAttachmentMime | null> {
  const detected = (await fileTypeFromBuffer(bytes))?.mime;
  if (detected === undefined) return null;
  const mime = SAME_KIND[detected] ?? detected;
  if (!isAcceptedMime(mime)) return null;
  if (mime === 'image/bmp' && !isSoundBmp(bytes)) return null;
  return mime;
}

/**
 * A name safe in a Content-Disposition header and on any file system: the last path segment, only letters,
 * digits, ' ', '.', '_', '-', '(' and ')', no leading dot, and an extension of the content's kind.
 */
export function downloadName(original: string | null | undefined, mime: BugAttachmentMime, fallbackStem: string): string {
  const lastSegment = (original ?? '').split(/[/\\]/).pop() ?? '';
  const cleaned = lastSegment
    .replace(/[^\w .()-]+/g, '_')
    .replace(/^[\s.]+/, '')
    .trim();
  const name = cleaned === '' ? fallbackStem : cleaned;
  const extensions = EXTENSIONS[mime];
  const extension = extensions.find((candidate) => name.toLowerCase().endsWith(candidate));
  const stem = extension === undefined ? name : name.slice(0, -extension.length);
  const suffix = extension === undefined ? extensions[0] : name.slice(-extension.length);
  return `${stem.slice(0, FILE_NAME_MAX - suffix.length)}${suffix}`;
}

/** Decodes and checks the attachment; throws a 400 naming the field at fault. */
export async function checkAttachment(input: AttachmentInput, fallbackStem: string): Promise<CheckedAttachment> {
  // Buffer's base64 decoder skips whitespace: wrapped lines decode as they were meant.
  const bytes = Buffer.from(attachmentBase64(input.fileBase64), 'base64');
  // The schema counted the base64 text already; the decoded bytes are what is stored, so they decide.
  if (bytes.length > ATTACHMENT_MAX_BYTES) throw invalidField('fileBase64', MESSAGES.FILE_TOO_BIG);
  const mime = await detectKind(bytes);
  if (mime === null) throw invalidField('fileBase64', BUG_ATTACHMENT_TYPE_MESSAGE);
  if (mime !== input.fileMime) throw invalidField('fileMime', BUG_ATTACHMENT_MIME_MISMATCH_MESSAGE);
  return { bytes, mime, size: bytes.length, fileName: downloadName(input.fileName, mime, fallbackStem) };
}
