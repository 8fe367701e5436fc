import { readdir } from 'node:fs/promises';
import {
  ATTACHMENT_MAX_BYTES,
  BUG_ATTACHMENT_MIME_MISMATCH_MESSAGE,
  BUG_ATTACHMENT_TYPE_MESSAGE,
  BUG_REPORT_MAX_BODY_BYTES,
  BUG_TYPE_UNKNOWN_MESSAGE,
  BugReportCreated,
  BugReportedPayload,
  EVENT_TYPES,
  MESSAGES,
  TOPICS,
  ManagedBugReport,
} from '@dv/contracts';
import { BUG_REPORTS_COLLECTION, type BugReportDocument } from './reports.store';
import { URL_NOT_A_PAGE } from './reports.service';
import { createHarness, type Harness, type UserName } from '../testing/harness';
import {
  BM_TEXT,
  GIF,
  SMALL_BMP,
  SMALL_JPEG,
  SMALL_PDF,
  SMALL_PNG,
  WINDOWS_PROGRAM,
  animatedPng,
  base64,
  pngOfSize,
} from '../testing/files';

const report = {
  type: 'Technical bug',
  title: 'Save does nothing',
  url: 'https://demo.example.com/verification/42?tab=2#notes',
  description: 'I clicked Save twice and nothing happened.',
};

/** The details of a 400, as { path: message }. */
function fieldErrors(body: unknown): Record<string, string> {
  const details = (body as { details?: { path: string; message: string }[] }).details ?? [];
  return Object.fromEntries(details.map((detail) => [detail.path, detail.message]));
}

describe('PUT /api/bugReports', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  async function stored(id: string): Promise<BugReportDocument> {
    const document = await h.store.collection<BugReportDocument>(BUG_REPORTS_COLLECTION).findById(id);
    if (!document) throw new Error(`report ${id} not stored`);
    return document;
  }

  it('files a report (201 {id}); who, where, when and the open state come from the server', async () => {
    h.clock.now = new Date('2024-06-01T08:30:00.000Z');
    const response = await h.call('PUT', '/api/bugReports', {
      as: 'staff',
      office: 'office-a1',
      body: {
        ...report,
        // The client may send these (SPEC section 7 lists them); none is believed.
        user: 'ceo@evil.test',
        solved: true,
        creationDate: '1999-01-01T00:00:00.000Z',
        solvingDate: '1999-01-02T00:00:00.000Z',
        orgId: 'org-b',
        officeId: 'office-b1',
        userId: 'user-admin',
        id: 'chosen-by-client',
      },
    });
    expect(response.statusCode).toBe(201);
    const { id } = BugReportCreated.parse(response.json());
    expect(response.json()).toEqual({ id });
    expect(id).not.toBe('chosen-by-client');

    const detail = ManagedBugReport.parse((await h.call('GET', `/api/management/bugs/${id}`, { as: 'admin' })).json());
    expect(detail).toEqual({
      id,
      orgId: 'org-a',
      officeId: 'office-a1',
      type: 'Technical bug',
      title: 'Save does nothing',
      description: 'I clicked Save twice and nothing happened.',
      url: '/verification/42?tab=2',
      user: 'staff@a.test',
      userId: 'user-staff',
      solved: false,
      creationDate: '2024-06-01T08:30:00.000Z',
      solvingDate: null,
      attachment: null,
    });
  });

  it('publishes bug.reported through the outbox: ids and type, no text', async () => {
    const events = await h.collect(TOPICS.bugReported);
    const response = await h.call('PUT', '/api/bugReports', { as: 'staffmanager', office: 'office-a1', body: report });
    const { id } = BugReportCreated.parse(response.json());
    const event = await events.waitFor(EVENT_TYPES.bugReported, id);
    expect(BugReportedPayload.parse(event.payload)).toEqual({
      bugId: id,
      type: 'Technical bug',
      orgId: 'org-a',
      officeId: 'office-a1',
      userId: 'user-manager',
    });
    expect(JSON.stringify(event.payload)).not.toContain('Save');
  });

  it('every role may file; the reporter without an e-mail is named by user id; no office header, no office', async () => {
    const roles: UserName[] = ['staff', 'groupmanager', 'groupmember', 'doregistration', 'agent', 'admin', 'superadministrator', 'goduser'];
    for (const as of roles) {
      const response = await h.call('PUT', '/api/bugReports', { as, body: report });
      expect(response.statusCode).toBe(201);
    }
    const { id } = BugReportCreated.parse((await h.call('PUT', '/api/bugReports', { as: 'groupmember', body: report })).json());
    expect(await stored(id)).toMatchObject({ user: 'user-member', userId: 'user-member', officeId: null });
  });

  it('records the office a company user acts for, when it is of their organization', async () => {
    const ok = await h.call('PUT', '/api/bugReports', { as: 'agent', office: 'office-a2', body: report });
    expect(await stored(BugReportCreated.parse(ok.json()).id)).toMatchObject({ officeId: 'office-a2', orgId: 'org-a' });
    const foreign = await h.call('PUT', '/api/bugReports', { as: 'agent', office: 'office-b1', body: report });
    expect(foreign.statusCode).toBe(403);
    const notAllowed = await h.call('PUT', '/api/bugReports', { as: 'staff', office: 'office-a2', body: report });
    expect(notAllowed.statusCode).toBe(403);
  });

  it('401 without a token; 403 for a user whose roles apply to no office (office-keyed roles, no header)', async () => {
    expect((await h.call('PUT', '/api/bugReports', { as: null, body: report })).statusCode).toBe(401);
    expect((await h.call('PUT', '/api/bugReports', { as: 'staffmanager', body: report })).statusCode).toBe(403);
  });

  describe('validation: 400 with the message at its field', () => {
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['type missing', { type: undefined }, 'type', MESSAGES.FIELD_REQUIRED],
      ['type empty', { type: '' }, 'type', MESSAGES.FIELD_REQUIRED],
      ['type null', { type: null }, 'type', MESSAGES.FIELD_REQUIRED],
      ['type unknown', { type: 'Feature wish' }, 'type', BUG_TYPE_UNKNOWN_MESSAGE],
      ['title missing', { title: undefined }, 'title', MESSAGES.FIELD_REQUIRED],
      ['title blank', { title: '   ' }, 'title', MESSAGES.FIELD_REQUIRED],
      ['description missing', { description: undefined }, 'description', MESSAGES.FIELD_REQUIRED],
      ['description empty', { description: '' }, 'description', MESSAGES.FIELD_REQUIRED],
      ['url missing', { url: undefined }, 'url', MESSAGES.FIELD_REQUIRED],
      ['url a script', { url: 'javascript:alert(1)' }, 'url', URL_NOT_A_PAGE],
      ['url protocol-relative', { url: '//evil.test/x' }, 'url', URL_NOT_A_PAGE],
      ['title too long', { title: 'x'.repeat(301) }, 'title', 'Keep it under 300 characters'],
      ['attachment without mime', { fileBase64: base64(SMALL_PNG) }, 'fileMime', MESSAGES.FIELD_REQUIRED],
      ['attachment not base64', { fileBase64: '<svg onload=x>', fileMime: 'image/png' }, 'fileBase64', 'Attachment must be base64'],
    ];
    it.each(cases)('%s', async (_name, change, path, message) => {
      const response = await h.call('PUT', '/api/bugReports', { as: 'staff', body: { ...report, ...change } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(fieldErrors(response.json())).toEqual({ [path]: message });
    });

    it('names every missing field at once', async () => {
      const response = await h.call('PUT', '/api/bugReports', { as: 'staff', body: { url: '/plan' } });
      expect(fieldErrors(response.json())).toEqual({
        type: MESSAGES.FIELD_REQUIRED,
        title: MESSAGES.FIELD_REQUIRED,
        description: MESSAGES.FIELD_REQUIRED,
      });
    });

    it('refuses a mime type outside the accepted kinds', async () => {
      const response = await h.call('PUT', '/api/bugReports', { as: 'staff', body: { ...report, fileBase64: base64(GIF), fileMime: 'image/gif' } });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(fieldErrors(response.json()))).toEqual(['fileMime']);
    });

    it.each(Object.getOwnPropertyNames(Object.prototype))('refuses the mime type %j, named like an Object.prototype member, with a 400', async (fileMime) => {
      const response = await h.call('PUT', '/api/bugReports', { as: 'staff', body: { ...report, fileBase64: base64(SMALL_PNG), fileMime, fileName: `${fileMime}.png` } });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(fieldErrors(response.json()))).toEqual(['fileMime']);
    });

    it('stores nothing when a report is refused', async () => {
      const before = await h.store.collection(BUG_REPORTS_COLLECTION).count();
      await h.call('PUT', '/api/bugReports', { as: 'staff', body: { ...report, title: '' } });
      await h.call('PUT', '/api/bugReports', { as: 'staff', body: { ...report, fileBase64: base64(WINDOWS_PROGRAM), fileMime: 'image/png' } });
      expect(await h.store.collection(BUG_REPORTS_COLLECTION).count()).toBe(before);
    });
  });

  describe('attachments', () => {
    it('accepts PNG, JPEG, BMP and PDF, checked by content, stored apart from the report', async () => {
      const files = [
        [SMALL_PNG, 'image/png', 'screen.png'],
        [SMALL_JPEG, 'image/jpeg', 'photo.JPG'],
        [SMALL_BMP, 'image/bmp', 'old.bmp'],
        [SMALL_PDF, 'application/pdf', 'letter.pdf'],
      ] as const;
      for (const [bytes, fileMime, fileName] of files) {
        const response = await h.call('PUT', '/api/bugReports', {
          as: 'staff',
          body: { ...report, fileBase64: base64(bytes), fileMime, fileName },
        });
        expect(response.statusCode).toBe(201);
        const { id } = BugReportCreated.parse(response.json());
        const document = await stored(id);
        expect(document.attachment).toEqual({ mime: fileMime, size: bytes.length, fileName });
        expect(JSON.stringify(document)).not.toContain(base64(bytes).slice(0, 40));
        expect(await readdir(h.attachmentsDir)).toContain(`${id}.bin`);
        expect((await h.attachments.get(id))?.equals(bytes)).toBe(true);
      }
    });

    it('accepts a data URL as well as bare base64', async () => {
      const response = await h.call('PUT', '/api/bugReports', {
        as: 'staff',
        body: { ...report, fileBase64: `data:image/png;base64,${base64(SMALL_PNG)}`, fileMime: 'image/png' },
      });
      expect(response.statusCode).toBe(201);
      expect((await h.attachments.get(BugReportCreated.parse(response.json()).id))?.equals(SMALL_PNG)).toBe(true);
    });

    it('accepts a data URL with media-type parameters', async () => {
      const response = await h.call('PUT', '/api/bugReports', {
        as: 'staff',
        body: { ...report, fileBase64: `data:image/png;name=a.png;base64,${base64(SMALL_PNG)}`, fileMime: 'image/png' },
      });
      expect(response.statusCode).toBe(201);
      expect((await h.attachments.get(BugReportCreated.parse(response.json()).id))?.equals(SMALL_PNG)).toBe(true);
    });

    it('accepts an animated PNG as a .png', async () => {
      const apng = animatedPng();
      const response = await h.call('PUT', '/api/bugReports', {
        as: 'staff',
        body: { ...report, fileBase64: base64(apng), fileMime: 'image/png', fileName: 'spinner.png' },
      });
      expect(response.statusCode).toBe(201);
      const { id } = BugReportCreated.parse(response.json());
      expect((await stored(id)).attachment).toEqual({ mime: 'image/png', size: apng.length, fileName: 'spinner.png' });
      expect((await h.attachments.get(id))?.equals(apng)).toBe(true);
    });

    it('refuses text that starts with BM declared as a bitmap', async () => {
      const response = await h.call('PUT', '/api/bugReports', {
        as: 'staff',
        body: { ...report, fileBase64: base64(BM_TEXT), fileMime: 'image/bmp', fileName: 'notes.bmp' },
      });
      expect(response.statusCode).toBe(400);
      expect(fieldErrors(response.json())).toEqual({ fileBase64: BUG_ATTACHMENT_TYPE_MESSAGE });
    });

    it('accepts exactly 5 MB (5242880 bytes decoded) and refuses one byte more with the spec message', async () => {
      const largest = pngOfSize(ATTACHMENT_MAX_BYTES);
      const accepted = await h.call('PUT', '/api/bugReports', {
        as: 'staff',
        body: { ...report, fileBase64: base64(largest), fileMime: 'image/png', fileName: 'large.png' },
      });
      expect(accepted.statusCode).toBe(201);
      const { id } = BugReportCreated.parse(accepted.json());
      expect((await stored(id)).attachment).toEqual({ mime: 'image/png', size: 5_242_880, fileName: 'large.png' });

      const refused = await h.call('PUT', '/api/bugReports', {
        as: 'staff',
        body: { ...report, fileBase64: base64(pngOfSize(ATTACHMENT_MAX_BYTES + 1)), fileMime: 'image/png' },
      });
      expect(refused.statusCode).toBe(400);
      expect(fieldErrors(refused.json())).toEqual({
        fileBase64: 'Your file is too big, please upload a smaller file. Max file size is 5 MB.',
      });
    });

    it('accepts exactly 5 MB as base64 wrapped in 76-column CRLF lines (MIME), decoded as it was meant', async () => {
      const largest = pngOfSize(ATTACHMENT_MAX_BYTES);
      const wrapped = base64(largest).replace(/.{1,76}/g, '$&\r\n');
      const body = JSON.stringify({ ...report, fileBase64: wrapped, fileMime: 'image/png', fileName: 'large.png' });
      expect(Buffer.byteLength(body)).toBeGreaterThan(Math.ceil(ATTACHMENT_MAX_BYTES / 3) * 4 + 256 * 1024);
      const accepted = await h.call('PUT', '/api/bugReports', { as: 'staff', body, headers: { 'content-type': 'application/json' } });
      expect(accepted.statusCode).toBe(201);
      const { id } = BugReportCreated.parse(accepted.json());
      expect((await stored(id)).attachment).toEqual({ mime: 'image/png', size: ATTACHMENT_MAX_BYTES, fileName: 'large.png' });
      expect((await h.attachments.get(id))?.equals(largest)).toBe(true);
    });

    it('refuses a Windows program renamed .png and declared image/png', async () => {
      const response = await h.call('PUT', '/api/bugReports', {
        as: 'staff',
        body: { ...report, fileBase64: base64(WINDOWS_PROGRAM), fileMime: 'image/png', fileName: 'screenshot.png' },
      });
      expect(response.statusCode).toBe(400);
      expect(fieldErrors(response.json())).toEqual({ fileBase64: BUG_ATTACHMENT_TYPE_MESSAGE });
    });

    it('refuses a PDF declared as image/png, and a PNG declared as a PDF', async () => {
      const pdfAsPng = await h.call('PUT', '/api/bugReports', {
        as: 'staff',
        body: { ...report, fileBase64: base64(SMALL_PDF), fileMime: 'image/png', fileName: 'shot.png' },
      });
      expect(pdfAsPng.statusCode).toBe(400);
      expect(fieldErrors(pdfAsPng.json())).toEqual({ fileMime: BUG_ATTACHMENT_MIME_MISMATCH_MESSAGE });
      const pngAsPdf = await h.call('PUT', '/api/bugReports', {
        as: 'staff',
        body: { ...report, fileBase64: base64(SMALL_PNG), fileMime: 'application/pdf' },
      });
      expect(fieldErrors(pngAsPdf.json())).toEqual({ fileMime: BUG_ATTACHMENT_MIME_MISMATCH_MESSAGE });
    });

    it('refuses content of no accepted kind (a GIF, text, nothing) whatever it is called', async () => {
      for (const bytes of [GIF, Buffer.from('just some text, not an image'), Buffer.alloc(0)]) {
        const response = await h.call('PUT', '/api/bugReports', {
          as: 'staff',
          body: { ...report, fileBase64: base64(bytes) || '==', fileMime: 'image/jpeg' },
        });
        expect(response.statusCode).toBe(400);
        expect(fieldErrors(response.json())).toEqual({ fileBase64: BUG_ATTACHMENT_TYPE_MESSAGE });
      }
    });

    it('an empty or null attachment is no attachment', async () => {
      for (const fileBase64 of ['', null]) {
        const response = await h.call('PUT', '/api/bugReports', { as: 'staff', body: { ...report, fileBase64, fileMime: null } });
        expect(response.statusCode).toBe(201);
        expect((await stored(BugReportCreated.parse(response.json()).id)).attachment).toBeNull();
      }
    });
  });

  describe('body size', () => {
    it('PUT takes a body up to BUG_REPORT_MAX_BODY_BYTES; a larger one is 413, not a dropped connection', async () => {
      const padding = 'a'.repeat(BUG_REPORT_MAX_BODY_BYTES);
      const response = await h.call('PUT', '/api/bugReports', {
        as: 'staff',
        body: JSON.stringify({ ...report, fileBase64: padding, fileMime: 'image/png' }),
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({ statusCode: 413, error: 'Payload Too Large' });
    });

    it('other routes keep a small limit', async () => {
      const response = await h.call('PATCH', '/api/management/bugs/some-id', {
        as: 'admin',
        body: JSON.stringify({ solved: true, padding: 'a'.repeat(100 * 1024) }),
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(413);
    });
  });
});

describe('PUT /api/bugReports when the event cannot be written', () => {
  it('stores neither the report nor its attachment', async () => {
    const h = await createHarness({ outbox: { add: () => Promise.reject(new Error('outbox unavailable')) } });
    try {
      const response = await h.call('PUT', '/api/bugReports', {
        as: 'staff',
        body: { ...report, fileBase64: base64(SMALL_PNG), fileMime: 'image/png' },
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({ message: 'Internal Server Error' });
      expect(await h.store.collection(BUG_REPORTS_COLLECTION).count()).toBe(0);
      expect(await readdir(h.attachmentsDir)).toEqual([]);
    } finally {
      await h.close();
    }
  });
});
