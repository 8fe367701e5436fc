/**
 * The bug report's optional attachment (SPEC section 5): .png .jpg .jpeg .bmp .pdf, at most ATTACHMENT_MAX_BYTES.
 * Checked here before anything is read or sent; the bugs service checks the bytes themselves again.
 */
import {
  ATTACHMENT_MAX_BYTES,
  BUG_ATTACHMENT_EXTENSIONS,
  BUG_ATTACHMENT_MIME_TYPES,
  BUG_ATTACHMENT_TYPE_MESSAGE,
  type BugAttachmentMime,
  MESSAGES,
  ownValue,
} from '@dv/contracts';

type AttachmentExtension = (typeof BUG_ATTACHMENT_EXTENSIONS)[number];

/** Typed against both contract lists, so a kind added there without a mime here does not compile. */
const MIME_OF_EXTENSION: Readonly<Record<AttachmentExtension, BugAttachmentMime>> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.bmp': 'image/bmp',
  '.pdf': 'application/pdf',
};

/** Names some systems give the same kinds (Windows and older browsers label bitmaps and JPEGs differently). */
const MIME_ALIASES: Readonly<Record<string, BugAttachmentMime>> = {
  'image/x-ms-bmp': 'image/bmp',
  'image/x-bmp': 'image/bmp',
  'image/pjpeg': 'image/jpeg',
  'image/jpg': 'image/jpeg',
};

/** The file input's `accept`: the extensions and their mime types. */
export const ATTACHMENT_ACCEPT = [...BUG_ATTACHMENT_EXTENSIONS, ...BUG_ATTACHMENT_MIME_TYPES].join(',');

export type AttachmentCheck = { ok: true; mime: BugAttachmentMime } | { ok: false; message: string };

function extensionOf(fileName: string): AttachmentExtension | undefined {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return undefined;
  const extension = fileName.slice(dot).toLowerCase();
  return BUG_ATTACHMENT_EXTENSIONS.find((known) => known === extension);
}

/**
 * The kind comes from the name's extension; a type the browser declares must agree with it (a browser that
 * declares nothing is fine). Type first, then size: a wrong kind is refused whatever its size.
 */
export function checkAttachment(file: Pick<File, 'name' | 'type' | 'size'>): AttachmentCheck {
  const extension = extensionOf(file.name);
  if (extension === undefined) return { ok: false, message: BUG_ATTACHMENT_TYPE_MESSAGE };
  const mime = MIME_OF_EXTENSION[extension];
  const declared = file.type.toLowerCase();
  if (declared !== '' && declared !== mime && ownValue(MIME_ALIASES, declared) !== mime) {
    return { ok: false, message: BUG_ATTACHMENT_TYPE_MESSAGE };
  }
  if (file.size > ATTACHMENT_MAX_BYTES) return { ok: false, message: MESSAGES.FILE_TOO_BIG };
  return { ok: true, mime };
}

/** A size as people read it: '70 B', '2 KB', '5.0 MB'. */
export function fileSizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The file as a `data:<mime>;base64,...` URL, which PUT /api/bugReports takes as fileBase64. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') resolve(reader.result);
      else reject(new Error('The file could not be read as a data URL.'));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}
