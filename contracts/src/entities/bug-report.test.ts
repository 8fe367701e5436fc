import { ATTACHMENT_MAX_BYTES } from '../constants';
import { BugReport, BugReportInput, base64DecodedBytes } from './bug-report';

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

  it('stored reports have an id, solved flag and solving date', () => {
    const stored = { ...valid, id: 'b1', solved: true, solvingDate: '2024-05-02T10:00:00.000Z' };
    expect(BugReport.parse(stored)).toMatchObject(stored);
    expect(BugReport.safeParse(valid).success).toBe(false);
  });
});
