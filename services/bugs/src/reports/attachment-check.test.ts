import { BUG_ATTACHMENT_TYPE_MESSAGE } from '@dv/contracts';
import { BM_TEXT, SMALL_BMP, SMALL_PNG, animatedPng } from '../testing/files';
import { type AttachmentInput, checkAttachment, downloadName, isSoundBmp } from './attachment-check';

describe('download names', () => {
  it.each([
    ['screen.png', 'image/png', 'screen.png'],
    ['Photo.JPEG', 'image/jpeg', 'Photo.JPEG'],
    ['photo.jpg', 'image/jpeg', 'photo.jpg'],
    ['scan', 'application/pdf', 'scan.pdf'],
    ['virus.exe', 'image/png', 'virus.exe.png'],
    ['C:\\Users\\me\\shot 1 (2).png', 'image/png', 'shot 1 (2).png'],
    ['../../etc/passwd', 'image/bmp', 'passwd.bmp'],
    ['.hidden.png', 'image/png', 'hidden.png'],
    ['ÿ"quote";\r\nX-Evil: 1.png', 'image/png', '_quote_X-Evil_ 1.png'],
    ['', 'image/png', 'fallback.png'],
    [null, 'application/pdf', 'fallback.pdf'],
    ['...', 'image/png', 'fallback.png'],
  ] as const)('%j as %s is %j', (original, mime, expected) => {
    expect(downloadName(original, mime, 'fallback')).toBe(expected);
  });

  it('keeps names short, extension included', () => {
    const name = downloadName(`${'a'.repeat(300)}.pdf`, 'application/pdf', 'fallback');
    expect(name).toHaveLength(100);
    expect(name.endsWith('.pdf')).toBe(true);
  });
});

describe('bitmap headers', () => {
  const sound = SMALL_BMP;
  const withField = (offset: number, value: number) => {
    const copy = Buffer.from(sound);
    copy.writeUInt32LE(value, offset);
    return copy;
  };

  it('takes a bitmap whose header says its own length, a known DIB header and pixels inside the file', () => {
    expect(isSoundBmp(sound)).toBe(true);
    for (const dibSize of [12, 40, 52, 56, 64, 108, 124]) {
      const file = Buffer.concat([withField(14, dibSize), Buffer.alloc(Math.max(0, dibSize - 40))]);
      file.writeUInt32LE(file.length, 2);
      file.writeUInt32LE(14 + dibSize, 10);
      expect(isSoundBmp(file)).toBe(true);
    }
  });

  it.each([
    ['text that starts with BM', BM_TEXT],
    ['a file size that is not the length', withField(2, sound.length + 1)],
    ['an unknown DIB header size', withField(14, 41)],
    ['pixels inside the headers', withField(10, 20)],
    ['pixels past the end', withField(10, sound.length + 1)],
    ['a header cut short', sound.subarray(0, 17)],
  ])('refuses %s', (_name, bytes) => {
    expect(isSoundBmp(bytes)).toBe(false);
  });
});

describe('checkAttachment', () => {
  const check = (bytes: Buffer, fileMime: AttachmentInput['fileMime'], prefix = '') =>
    checkAttachment({ fileBase64: `${prefix}${bytes.toString('base64')}`, fileMime }, 'fallback');

  it('refuses BM-prefixed text declared as image/bmp with the type message', async () => {
    await expect(check(BM_TEXT, 'image/bmp')).rejects.toMatchObject({
      details: [{ path: 'fileBase64', message: BUG_ATTACHMENT_TYPE_MESSAGE }],
    });
  });

  it('takes an animated PNG as image/png', async () => {
    await expect(check(animatedPng(), 'image/png')).resolves.toMatchObject({ mime: 'image/png', fileName: 'fallback.png' });
  });

  it('reads base64 after a data URL prefix with parameters, and across line breaks', async () => {
    const checked = await check(SMALL_BMP, 'image/bmp', 'data:image/bmp;name=old.bmp;base64,');
    expect(checked.bytes.equals(SMALL_BMP)).toBe(true);
    const wrapped = await checkAttachment(
      { fileBase64: SMALL_PNG.toString('base64').replace(/.{1,76}/g, '$&\r\n'), fileMime: 'image/png' },
      'fallback',
    );
    expect(wrapped.bytes.equals(SMALL_PNG)).toBe(true);
  });
});
