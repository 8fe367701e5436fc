/**
 * Files for attachment tests, built byte by byte: real PNG (still and animated), JPEG, BMP and PDF headers (what
 * content detection reads), a Windows program (MZ header), text that starts like a bitmap, and PNGs of an exact
 * size.
 */
import { crc32, deflateSync } from 'node:zlib';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Length, type, CRC: the bytes a chunk adds to its data. */
const CHUNK_OVERHEAD = 12;

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** A valid 1x1 RGBA PNG, padded with a text chunk to exactly `bytes` bytes (at least 100). */
export function pngOfSize(bytes: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0); // width
  header.writeUInt32BE(1, 4); // height
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(6, 9); // colour type RGBA
  const ihdr = chunk('IHDR', header);
  const idat = chunk('IDAT', deflateSync(Buffer.from([0, 0x2b, 0x9c, 0x8f, 0xff])));
  const iend = chunk('IEND', Buffer.alloc(0));
  const fixed = PNG_SIGNATURE.length + ihdr.length + idat.length + iend.length + CHUNK_OVERHEAD;
  const keyword = Buffer.from('Comment\0', 'latin1');
  const fill = bytes - fixed - keyword.length;
  if (fill < 0) throw new RangeError(`A PNG needs at least ${fixed + keyword.length} bytes`);
  const text = chunk('tEXt', Buffer.concat([keyword, Buffer.alloc(fill, 0x61)]));
  const png = Buffer.concat([PNG_SIGNATURE, ihdr, text, idat, iend]);
  if (png.length !== bytes) throw new Error(`built ${png.length} bytes, wanted ${bytes}`);
  return png;
}

export const SMALL_PNG = pngOfSize(120);

/** A 1x1 PNG with one animation frame: an acTL chunk before the image data makes it an APNG. */
export function animatedPng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.writeUInt8(8, 8);
  header.writeUInt8(6, 9);
  const animationControl = Buffer.alloc(8);
  animationControl.writeUInt32BE(1, 0); // frames
  animationControl.writeUInt32BE(0, 4); // plays, 0 = forever
  const frameControl = Buffer.alloc(26);
  frameControl.writeUInt32BE(0, 0); // sequence number
  frameControl.writeUInt32BE(1, 4); // width
  frameControl.writeUInt32BE(1, 8); // height
  frameControl.writeUInt16BE(1, 20); // delay numerator
  frameControl.writeUInt16BE(10, 22); // delay denominator
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('acTL', animationControl),
    chunk('fcTL', frameControl),
    chunk('IDAT', deflateSync(Buffer.from([0, 0x2b, 0x9c, 0x8f, 0xff]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const SMALL_JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0', 'latin1'),
  Buffer.alloc(64),
  Buffer.from([0xff, 0xd9]),
]);

/** A 2x2 24-bit bitmap: file header, BITMAPINFOHEADER (40 bytes) and two rows of 6 pixel bytes padded to 8. */
function bmp(): Buffer {
  const pixels = Buffer.alloc(16, 0x7f);
  const headers = Buffer.alloc(54);
  headers.write('BM', 0, 'latin1');
  headers.writeUInt32LE(headers.length + pixels.length, 2); // file size
  headers.writeUInt32LE(headers.length, 10); // where the pixels start
  headers.writeUInt32LE(40, 14); // DIB header size
  headers.writeInt32LE(2, 18); // width
  headers.writeInt32LE(2, 22); // height
  headers.writeUInt16LE(1, 26); // planes
  headers.writeUInt16LE(24, 28); // bits per pixel
  headers.writeUInt32LE(pixels.length, 34); // image size
  return Buffer.concat([headers, pixels]);
}

export const SMALL_BMP = bmp();

/** Text that starts with 'BM', as file-type's two-byte bitmap check would take it. */
export const BM_TEXT = Buffer.from('BMW service notes: the 320i needs new brake pads before the next inspection.\n', 'latin1');

export const SMALL_PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');

/** The start of a Windows program: 'MZ', then a DOS header's worth of bytes. */
export const WINDOWS_PROGRAM = Buffer.concat([Buffer.from('MZ', 'latin1'), Buffer.from([0x90, 0x00, 0x03]), Buffer.alloc(251)]);

export const GIF = Buffer.from(`GIF89a${'x'.repeat(50)}`, 'latin1');

export const base64 = (bytes: Buffer): string => bytes.toString('base64');
