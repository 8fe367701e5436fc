import { ATTACHMENT_MAX_BYTES, BUG_ATTACHMENT_TYPE_MESSAGE, MESSAGES } from '@dv/contracts';
import { createHttpClient, type FetchFn } from '../http/http-client';
import { checkAttachment } from './bug-attachment';
import { sendBugReport } from './bug-report-api';
import { draftErrors, EMPTY_DRAFT, fieldOfPath, submissionOf } from './bug-report-draft';
import { jsonResponse } from './fake-bugs-gateway';

const file = (name: string, type: string, size = 10) => ({ name, type, size });

describe('checkAttachment', () => {
  it.each([
    ['screen.png', 'image/png', 'image/png'],
    ['photo.JPG', 'image/jpeg', 'image/jpeg'],
    ['photo.jpeg', '', 'image/jpeg'],
    ['scan.bmp', 'image/x-ms-bmp', 'image/bmp'],
    ['scan.bmp', 'image/bmp', 'image/bmp'],
    ['letter.pdf', 'application/pdf', 'application/pdf'],
  ])('accepts %s declared as %j, sent as %s', (name, type, mime) => {
    expect(checkAttachment(file(name, type))).toEqual({ ok: true, mime });
  });

  it.each([
    ['notes.txt', 'text/plain'],
    ['setup.exe', 'application/x-msdownload'],
    ['renamed.png', 'application/x-msdownload'],
    ['vector.svg', 'image/svg+xml'],
    ['no-extension', 'image/png'],
    ['screen.png.exe', ''],
    ['photo.jpg', 'image/png'],
  ])('refuses %s declared as %j', (name, type) => {
    expect(checkAttachment(file(name, type))).toEqual({ ok: false, message: BUG_ATTACHMENT_TYPE_MESSAGE });
  });

  it.each(Object.getOwnPropertyNames(Object.prototype))('refuses a picture the browser declares as %j', (type) => {
    expect(checkAttachment(file('screen.png', type))).toEqual({ ok: false, message: BUG_ATTACHMENT_TYPE_MESSAGE });
  });

  it('takes exactly 5 MB and refuses one byte more with the too-big message', () => {
    expect(checkAttachment(file('scan.pdf', 'application/pdf', ATTACHMENT_MAX_BYTES)).ok).toBe(true);
    expect(checkAttachment(file('scan.pdf', 'application/pdf', ATTACHMENT_MAX_BYTES + 1))).toEqual({
      ok: false,
      message: MESSAGES.FILE_TOO_BIG,
    });
  });

  it('names a wrong kind before its size', () => {
    expect(checkAttachment(file('movie.mp4', 'video/mp4', ATTACHMENT_MAX_BYTES * 10))).toEqual({
      ok: false,
      message: BUG_ATTACHMENT_TYPE_MESSAGE,
    });
  });
});

describe('draftErrors', () => {
  it("says 'This field is required' for type, title and explanation", () => {
    expect(draftErrors(EMPTY_DRAFT)).toEqual({
      type: MESSAGES.FIELD_REQUIRED,
      title: MESSAGES.FIELD_REQUIRED,
      description: MESSAGES.FIELD_REQUIRED,
    });
  });

  it('takes blanks as missing', () => {
    expect(draftErrors({ ...EMPTY_DRAFT, type: 'Data error', title: '  ', description: '\n\t' })).toEqual({
      title: MESSAGES.FIELD_REQUIRED,
      description: MESSAGES.FIELD_REQUIRED,
    });
  });

  it('finds nothing wrong in a complete draft, and judges its attachment', () => {
    const draft = { type: 'Data error', title: 'Wrong deductible', description: 'It says 50, the card says 100.', file: null } as const;
    expect(draftErrors(draft)).toEqual({});
    const big = new File([new Uint8Array(ATTACHMENT_MAX_BYTES + 1)], 'big.png', { type: 'image/png' });
    expect(draftErrors({ ...draft, file: big })).toEqual({ attachment: MESSAGES.FILE_TOO_BIG });
  });

  it('places service paths at popover fields', () => {
    expect(['type', 'title', 'description', 'fileBase64', 'fileMime', 'fileName', 'url', ''].map(fieldOfPath)).toEqual([
      'type',
      'title',
      'description',
      'attachment',
      'attachment',
      'attachment',
      null,
      null,
    ]);
  });
});

describe('submissionOf', () => {
  const draft = { type: 'Technical bug', title: 'Freezes', description: 'Spins forever.', file: null } as const;

  it('sends no attachment fields without a file', async () => {
    expect(await submissionOf(draft, 'http://demo.localhost/plan')).toEqual({
      type: 'Technical bug',
      title: 'Freezes',
      description: 'Spins forever.',
      url: 'http://demo.localhost/plan',
    });
  });

  it('sends the file as a data URL with its mime and name', async () => {
    const pdf = new File(['%PDF-1.7'], 'letter.pdf', { type: 'application/pdf' });
    expect(await submissionOf({ ...draft, file: pdf }, '/plan')).toMatchObject({
      fileBase64: `data:application/pdf;base64,${btoa('%PDF-1.7')}`,
      fileMime: 'application/pdf',
      fileName: 'letter.pdf',
    });
  });
});

describe('sendBugReport', () => {
  function clientAnswering(status: number, body: unknown) {
    const fetch: FetchFn = () => Promise.resolve(jsonResponse(body, status));
    return createHttpClient({ fetch, getAccessToken: () => 't', getOfficeId: () => null, getOrganizationId: () => null });
  }
  const report = { type: 'Data error', title: 't', description: 'd', url: '/' } as const;

  it('reads 201 as sent', async () => {
    expect(await sendBugReport(clientAnswering(201, { id: 'bug-1' }), report)).toEqual({ kind: 'sent', id: 'bug-1' });
  });

  it('places 400 details at their fields and keeps the rest apart', async () => {
    const outcome = await sendBugReport(
      clientAnswering(400, {
        statusCode: 400,
        message: 'Invalid request',
        details: [
          { path: 'type', message: MESSAGES.FIELD_REQUIRED },
          { path: 'fileMime', message: 'The file type does not match the file content' },
          { path: 'url', message: 'Not a page' },
        ],
      }),
      report,
    );
    expect(outcome).toEqual({
      kind: 'invalid',
      errors: { type: MESSAGES.FIELD_REQUIRED, attachment: 'The file type does not match the file content' },
      other: ['url: Not a page'],
    });
  });

  it('reads 413 as a file too big', async () => {
    expect(await sendBugReport(clientAnswering(413, { statusCode: 413, message: 'Payload Too Large' }), report)).toEqual({
      kind: 'invalid',
      errors: { attachment: MESSAGES.FILE_TOO_BIG },
      other: [],
    });
  });

  it.each([
    [500, { statusCode: 500, message: 'Internal Server Error' }],
    [400, { statusCode: 400, message: 'Invalid request' }],
    [502, 'Bad gateway'],
  ])('reads %s without field details as a failure', async (status, body) => {
    expect((await sendBugReport(clientAnswering(status, body), report)).kind).toBe('failed');
  });
});
