/**
 * Files for attachment tests, built byte by byte: real PNG, JPEG, BMP and PDF headers (what content detection
 * reads), a Windows program (MZ header), and PNGs of an exact size.
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

export const SMALL_JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0', 'latin1'),
  Buffer.alloc(64),
  Buffer.from([0xff, 0xd9]),
]);

export const SMALL_BMP = Buffer.concat([Buffer.from('BM', 'latin1'), Buffer.alloc(64)]);

export const SMALL_PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');

/** The start of a Windows program: 'MZ', then a DOS header's worth of bytes. */
export const WINDOWS_PROGRAM = Buffer.concat([Buffer.from('MZ', 'latin1'), Buffer.from([0x90, 0x00, 0x03]), Buffer.alloc(251)]);

export const GIF = Buffer.from(`GIF89a${'x'.repeat(50)}`, 'latin1');

export const base64 = (bytes: Buffer): string => bytes.toString('base64');
