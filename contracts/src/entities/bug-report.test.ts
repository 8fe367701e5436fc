import { ATTACHMENT_MAX_BYTES } from '../constants';
import {
  BUG_REPORT_MAX_BODY_BYTES,
  BUG_TYPE_UNKNOWN_MESSAGE,
  BugReport,
  BugReportInput,
  BugReportSubmission,
  attachmentBase64,
  base64DecodedBytes,
} from './bug-report';

const valid = {
  type: 'Technical bug',
  title: 'Save button does nothing',
  url: 'https://app.example/plan/1',
  user: 'jane@example.com',
  description: 'Clicked save twice.',
  creationDate: '2024-05-01T10:00:00.000Z',
};

function issues(input: unknown): { path: string; message: string }[] {
  const result = BugReportInput.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

/** Base64 text that decodes to exactly `bytes` bytes. */
function base64OfSize(bytes: number): string {
  return Buffer.alloc(bytes, 1).toString('base64');
}

describe('bug report input', () => {
  it('accepts a complete report and defaults solved to false', () => {
    expect(BugReportInput.parse(valid)).toMatchObject({ ...valid, solved: false });
  });

  it.each(['type', 'title', 'description'] as const)('requires %s with "This field is required"', (field) => {
    expect(issues({ ...valid, [field]: undefined })).toEqual([{ path: field, message: 'This field is required' }]);
    expect(issues({ ...valid, [field]: '' })).toEqual([{ path: field, message: 'This field is required' }]);
  });

  it.each(['Data error', 'Technical bug', 'New Form Question'])('accepts bug type %s', (type) => {
    expect(issues({ ...valid, type })).toEqual([]);
  });

  it('accepts png, jpg/jpeg, bmp and pdf attachments', () => {
    for (const fileMime of ['image/png', 'image/jpeg', 'image/bmp', 'application/pdf']) {
      expect(issues({ ...valid, fileBase64: base64OfSize(10), fileMime })).toEqual([]);
    }
    expect(issues({ ...valid, fileBase64: base64OfSize(10), fileMime: 'image/gif' })).toHaveLength(1);
  });

  it('rejects an attachment over 5 MB with the spec message', () => {
    expect(issues({ ...valid, fileBase64: base64OfSize(ATTACHMENT_MAX_BYTES), fileMime: 'application/pdf' })).toEqual([]);
    expect(issues({ ...valid, fileBase64: base64OfSize(ATTACHMENT_MAX_BYTES + 1), fileMime: 'application/pdf' })).toEqual([
      { path: 'fileBase64', message: 'Your file is too big, please upload a smaller file. Max file size is 5 MB.' },
    ]);
  });

  it('needs the mime type of an attachment', () => {
    expect(issues({ ...valid, fileBase64: base64OfSize(3) })).toEqual([{ path: 'fileMime', message: 'This field is required' }]);
  });

  it('counts decoded bytes, with or without a data URL prefix', () => {
    for (const size of [0, 1, 2, 3, 4, 5, 1000]) {
      expect(base64DecodedBytes(base64OfSize(size))).toBe(size);
      expect(base64DecodedBytes(`data:image/png;base64,${base64OfSize(size)}`)).toBe(size);
    }
  });

  it('names the allowed types when the type is there but unknown', () => {
    expect(BUG_TYPE_UNKNOWN_MESSAGE).toBe('Unknown bug type: choose one of Data error, Technical bug, New Form Question');
    expect(issues({ ...valid, type: 'Feature wish' })).toEqual([{ path: 'type', message: BUG_TYPE_UNKNOWN_MESSAGE }]);
    expect(issues({ ...valid, type: null })).toEqual([{ path: 'type', message: 'This field is required' }]);
    const submission = BugReportSubmission.safeParse({ ...valid, type: 'technical bug' });
    expect(submission.error?.issues.map((issue) => issue.message)).toEqual([BUG_TYPE_UNKNOWN_MESSAGE]);
  });

  it('accepts a data URL with media-type parameters', () => {
    const file = base64OfSize(10);
    for (const prefix of ['data:image/png;name=a.png;base64,', 'data:application/pdf;charset=binary;name=scan%3B1.pdf;base64,', 'data:;base64,']) {
      expect(issues({ ...valid, fileBase64: `${prefix}${file}`, fileMime: 'image/png' })).toEqual([]);
      expect(attachmentBase64(`${prefix}${file}`)).toBe(file);
      expect(base64DecodedBytes(`${prefix}${file}`)).toBe(10);
    }
    expect(issues({ ...valid, fileBase64: `data:image/png;base64;name=a.png,${file}`, fileMime: 'image/png' })).toEqual([
      { path: 'fileBase64', message: 'Attachment must be base64' },
    ]);
  });

  it('accepts base64 wrapped in lines, a line break after the padding included', () => {
    const wrapped = `${base64OfSize(100).replace(/.{1,76}/g, '$&\r\n')}`;
    expect(wrapped.endsWith('=\r\n')).toBe(true);
    expect(issues({ ...valid, fileBase64: wrapped, fileMime: 'image/png' })).toEqual([]);
    expect(base64DecodedBytes(wrapped)).toBe(100);
  });

  it('refuses text that is not base64 quickly, however long', () => {
    const started = Date.now();
    expect(issues({ ...valid, fileBase64: `${' '.repeat(1_000_000)}!`, fileMime: 'image/png' })).toEqual([
      { path: 'fileBase64', message: 'Attachment must be base64' },
    ]);
    expect(issues({ ...valid, fileBase64: `data:${';a'.repeat(1_000_000)}`, fileMime: 'image/png' })).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('sizes the request body for a 5 MB file as 64-column CRLF base64 in JSON', () => {
    const wrapped = base64OfSize(ATTACHMENT_MAX_BYTES).replace(/.{1,64}/g, '$&\r\n');
    const body = JSON.stringify({
      ...valid,
      title: 'x'.repeat(300),
      description: 'x'.repeat(20_000),
      fileBase64: `data:image/png;name=${'x'.repeat(200)}.png;base64,${wrapped}`,
      fileMime: 'image/png',
      fileName: `${'x'.repeat(251)}.png`,
    });
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(BUG_REPORT_MAX_BODY_BYTES);
    expect(BugReportSubmission.safeParse(JSON.parse(body)).success).toBe(true);
  });

  it('stored reports have an id, solved flag and solving date', () => {
    const stored = { ...valid, id: 'b1', solved: true, solvingDate: '2024-05-02T10:00:00.000Z' };
    expect(BugReport.parse(stored)).toMatchObject(stored);
    expect(BugReport.safeParse(valid).success).toBe(false);
  });
});
