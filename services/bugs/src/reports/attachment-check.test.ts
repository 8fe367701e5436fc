import { downloadName } from './attachment-check';

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
