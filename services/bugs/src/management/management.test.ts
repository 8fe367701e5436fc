import { BugReportCreated, ManagedBugReport, pageOf, type BugType } from '@dv/contracts';
import { createHarness, type Harness, type UserName } from '../testing/harness';
import { SMALL_PDF, SMALL_PNG, base64, pngOfSize } from '../testing/files';

const BugPage = pageOf(ManagedBugReport);

interface Filed {
  readonly id: string;
  readonly title: string;
}

describe('management API: /api/management/bugs', () => {
  let h: Harness;
  /** Filed in this order, one hour apart, oldest first. */
  let reports: Filed[];
  let withPng: Filed;
  let foreign: Filed;

  async function file(
    as: UserName,
    fields: { type: BugType; title: string; description?: string; office?: string; attachment?: [Buffer, string, string?] },
  ): Promise<Filed> {
    h.clock.now = new Date(h.clock.now.getTime() + 3_600_000);
    const [bytes, fileMime, fileName] = fields.attachment ?? [];
    const response = await h.call('PUT', '/api/bugReports', {
      as,
      ...(fields.office ? { office: fields.office } : {}),
      body: {
        type: fields.type,
        title: fields.title,
        description: fields.description ?? `About ${fields.title}`,
        url: '/plan',
        ...(bytes ? { fileBase64: base64(bytes), fileMime, fileName } : {}),
      },
    });
    expect(response.statusCode).toBe(201);
    return { id: BugReportCreated.parse(response.json()).id, title: fields.title };
  }

  async function list(query = '', as: UserName = 'agent') {
    const response = await h.call('GET', `/api/management/bugs${query}`, { as });
    expect(response.statusCode).toBe(200);
    return BugPage.parse(response.json());
  }
  const titles = (page: { items: { title: string }[] }) => page.items.map((item) => item.title);

  beforeAll(async () => {
    h = await createHarness();
    h.clock.now = new Date('2024-01-01T00:00:00.000Z');
    reports = [
      await file('staff', { type: 'Technical bug', title: 'Alpha crash', office: 'office-a1' }),
      await file('staffmanager', { type: 'Data error', title: 'Bravo wrong deductible', office: 'office-a2', description: 'Plan shows 50 instead of 100' }),
      await file('staffmanager', {
        type: 'New Form Question',
        title: 'Charlie question',
        office: 'office-a1',
        attachment: [SMALL_PNG, 'image/png', '../../etc/passwd "x".png'],
      }),
      await file('agent', { type: 'Technical bug', title: 'Delta slow page' }),
      await file('staff', { type: 'Data error', title: 'Echo missing payer', office: 'office-a1', attachment: [SMALL_PDF, 'application/pdf'] }),
    ];
    withPng = reports[2] as Filed;
    foreign = await file('staffB', { type: 'Technical bug', title: 'Foxtrot of org B', office: 'office-b1' });
  });
  afterAll(() => h.close());

  describe('who may', () => {
    it('agents, admins and super administrators of the organization', async () => {
      for (const as of ['agent', 'admin', 'superadministrator'] as const) {
        expect((await list('', as)).total).toBe(5);
        expect((await h.call('GET', `/api/management/bugs/${withPng.id}`, { as })).statusCode).toBe(200);
        expect((await h.call('GET', `/api/management/bugs/${withPng.id}/attachment`, { as })).statusCode).toBe(200);
      }
    });

    it('office users, registering users and god users get 403 for every call, whatever they send', async () => {
      const forbidden: UserName[] = ['staff', 'staffmanager', 'groupmanager', 'groupmember', 'doregistration', 'goduser', 'staffB'];
      for (const as of forbidden) {
        const office = as === 'staffmanager' ? 'office-a1' : undefined;
        const calls = [
          await h.call('GET', '/api/management/bugs', { as, ...(office ? { office } : {}) }),
          await h.call('GET', '/api/management/bugs?pageSize=100000', { as }),
          await h.call('GET', `/api/management/bugs/${withPng.id}`, { as }),
          await h.call('GET', `/api/management/bugs/${withPng.id}/attachment`, { as }),
          await h.call('PATCH', `/api/management/bugs/${withPng.id}`, { as, body: { solved: true } }),
          await h.call('PATCH', `/api/management/bugs/${withPng.id}`, { as, body: { nonsense: 1 } }),
        ];
        for (const response of calls) {
          expect(response.statusCode).toBe(403);
          expect(response.body).not.toContain('Charlie');
        }
      }
      expect((await h.call('GET', `/api/management/bugs/${withPng.id}`, { as: 'admin' })).json()).toMatchObject({ solved: false });
    });

    it('401 without a token', async () => {
      expect((await h.call('GET', '/api/management/bugs', { as: null })).statusCode).toBe(401);
    });

    it("another organization's reports are invisible: not listed, and 404 to read, download or solve", async () => {
      expect(titles(await list('?pageSize=100'))).not.toContain('Foxtrot of org B');
      expect(titles(await list('?text=foxtrot'))).toEqual([]);
      expect(titles(await list('?office=office-b1'))).toEqual([]);
      for (const response of [
        await h.call('GET', `/api/management/bugs/${foreign.id}`),
        await h.call('GET', `/api/management/bugs/${foreign.id}/attachment`),
        await h.call('PATCH', `/api/management/bugs/${foreign.id}`, { body: { solved: true } }),
      ]) {
        expect(response.statusCode).toBe(404);
        expect(response.body).not.toContain('Foxtrot');
      }
      const own = await h.call('GET', `/api/management/bugs/${foreign.id}`, { as: 'adminB' });
      expect(own.json()).toMatchObject({ title: 'Foxtrot of org B', orgId: 'org-b', solved: false });
      expect((await list('', 'adminB')).total).toBe(1);
    });
  });

  describe('list', () => {
    it('newest first by default, 20 a page', async () => {
      const page = await list();
      expect(page).toMatchObject({ total: 5, page: 1, pageSize: 20 });
      expect(titles(page)).toEqual(['Echo missing payer', 'Delta slow page', 'Charlie question', 'Bravo wrong deductible', 'Alpha crash']);
    });

    it('pages', async () => {
      const first = await list('?page=1&pageSize=2');
      const second = await list('?page=2&pageSize=2');
      const third = await list('?page=3&pageSize=2');
      const beyond = await list('?page=4&pageSize=2');
      expect([first, second, third, beyond].map(titles)).toEqual([
        ['Echo missing payer', 'Delta slow page'],
        ['Charlie question', 'Bravo wrong deductible'],
        ['Alpha crash'],
        [],
      ]);
      expect(second).toMatchObject({ total: 5, page: 2, pageSize: 2 });
      expect(beyond.total).toBe(5);
    });

    it('400 for a bad page, page size (max 100), filter or sort', async () => {
      for (const query of ['?page=0', '?pageSize=0', '?pageSize=101', '?solved=yes', '?type=Other', '?sort=title', '?order=up', '?office=a/b']) {
        const response = await h.call('GET', `/api/management/bugs${query}`);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ details: [{ location: 'querystring' }] });
      }
      expect((await list('?pageSize=100')).pageSize).toBe(100);
    });

    it('filters by solved state', async () => {
      await h.call('PATCH', `/api/management/bugs/${reports[1]?.id}`, { body: { solved: true } });
      await h.call('PATCH', `/api/management/bugs/${reports[3]?.id}`, { body: { solved: true } });
      try {
        expect(titles(await list('?solved=true'))).toEqual(['Delta slow page', 'Bravo wrong deductible']);
        expect(titles(await list('?solved=false'))).toEqual(['Echo missing payer', 'Charlie question', 'Alpha crash']);
      } finally {
        for (const filed of [reports[1], reports[3]]) await h.call('PATCH', `/api/management/bugs/${filed?.id}`, { body: { solved: false } });
      }
    });

    it('filters by type', async () => {
      expect(titles(await list('?type=Data%20error'))).toEqual(['Echo missing payer', 'Bravo wrong deductible']);
      expect(titles(await list('?type=New+Form+Question'))).toEqual(['Charlie question']);
      expect(titles(await list('?type=Technical%20bug'))).toEqual(['Delta slow page', 'Alpha crash']);
    });

    it('filters by office', async () => {
      expect(titles(await list('?office=office-a1'))).toEqual(['Echo missing payer', 'Charlie question', 'Alpha crash']);
      expect(titles(await list('?office=office-a2'))).toEqual(['Bravo wrong deductible']);
      expect(titles(await list('?office=office-none'))).toEqual([]);
    });

    it('searches title and description, ignoring case, with paging and the other filters', async () => {
      expect(titles(await list('?text=CRASH'))).toEqual(['Alpha crash']);
      expect(titles(await list('?text=instead%20of%20100'))).toEqual(['Bravo wrong deductible']);
      const about = await list('?text=about&pageSize=2&page=2');
      expect(about).toMatchObject({ total: 4, page: 2, pageSize: 2 });
      expect(titles(about)).toEqual(['Charlie question', 'Alpha crash']);
      expect(titles(await list('?text=about&type=Technical%20bug&office=office-a1'))).toEqual(['Alpha crash']);
      expect(titles(await list('?text=%20%20'))).toHaveLength(5);
    });

    it('sorts by creation date, type or solved state, either way; ties newest first', async () => {
      expect(titles(await list('?sort=creationDate&order=asc'))).toEqual([
        'Alpha crash',
        'Bravo wrong deductible',
        'Charlie question',
        'Delta slow page',
        'Echo missing payer',
      ]);
      expect(titles(await list('?sort=type&order=asc'))).toEqual([
        'Echo missing payer',
        'Bravo wrong deductible',
        'Charlie question',
        'Delta slow page',
        'Alpha crash',
      ]);
      expect(titles(await list('?sort=type&order=desc'))).toEqual([
        'Delta slow page',
        'Alpha crash',
        'Charlie question',
        'Echo missing payer',
        'Bravo wrong deductible',
      ]);
      await h.call('PATCH', `/api/management/bugs/${reports[0]?.id}`, { body: { solved: true } });
      try {
        expect(titles(await list('?sort=solved&order=desc'))).toEqual([
          'Alpha crash',
          'Echo missing payer',
          'Delta slow page',
          'Charlie question',
          'Bravo wrong deductible',
        ]);
        expect(titles(await list('?sort=solved&order=asc&pageSize=1&page=5'))).toEqual(['Alpha crash']);
        expect(titles(await list('?sort=solved&order=desc&text=a'))[0]).toBe('Alpha crash');
      } finally {
        await h.call('PATCH', `/api/management/bugs/${reports[0]?.id}`, { body: { solved: false } });
      }
    });
  });

  describe('detail and attachment', () => {
    it('the detail describes the attachment but carries no bytes', async () => {
      const response = await h.call('GET', `/api/management/bugs/${withPng.id}`);
      const detail = ManagedBugReport.parse(response.json());
      expect(detail).toMatchObject({
        title: 'Charlie question',
        officeId: 'office-a1',
        attachment: { mime: 'image/png', size: SMALL_PNG.length, fileName: 'passwd _x_.png' },
      });
      expect(response.body).not.toContain(base64(SMALL_PNG).slice(0, 24));
      expect(response.body).not.toMatch(/fileBase64/);
      expect(response.headers['cache-control']).toBe('private, no-store');
    });

    it('downloads the bytes with their type, as a safe attachment download', async () => {
      const png = await h.call('GET', `/api/management/bugs/${withPng.id}/attachment`);
      expect(png.statusCode).toBe(200);
      expect(png.headers['content-type']).toBe('image/png');
      expect(png.rawPayload.equals(SMALL_PNG)).toBe(true);
      expect(png.headers['content-length']).toBe(String(SMALL_PNG.length));
      expect(png.headers['content-disposition']).toBe('attachment; filename="passwd _x_.png"');
      expect(png.headers['x-content-type-options']).toBe('nosniff');
      expect(png.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(png.headers['cache-control']).toBe('private, no-store');

      const pdf = await h.call('GET', `/api/management/bugs/${reports[4]?.id}/attachment`);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.equals(SMALL_PDF)).toBe(true);
      expect(pdf.headers['content-disposition']).toBe(`attachment; filename="bug-report-${reports[4]?.id}.pdf"`);
    });

    it('a 5 MB attachment comes back byte for byte', async () => {
      const large = pngOfSize(5_242_880);
      const filed = await file('staff', { type: 'Technical bug', title: 'Large', attachment: [large, 'image/png'] });
      try {
        const response = await h.call('GET', `/api/management/bugs/${filed.id}/attachment`);
        expect(response.rawPayload.equals(large)).toBe(true);
      } finally {
        await h.store.collection('bugReports').delete({ _id: filed.id });
      }
    });

    it('404 for a report without attachment, an unknown report, or bytes gone missing', async () => {
      const none = await h.call('GET', `/api/management/bugs/${reports[0]?.id}/attachment`);
      expect(none.statusCode).toBe(404);
      expect(none.json()).toMatchObject({ message: 'This bug report has no attachment' });
      expect((await h.call('GET', '/api/management/bugs/no-such-report')).json()).toMatchObject({
        statusCode: 404,
        message: 'Bug report not found',
      });
      expect((await h.call('GET', '/api/management/bugs/no-such-report/attachment')).statusCode).toBe(404);
      const filed = await file('staff', { type: 'Technical bug', title: 'Lost bytes', attachment: [SMALL_PNG, 'image/png'] });
      await h.attachments.delete(filed.id);
      try {
        expect((await h.call('GET', `/api/management/bugs/${filed.id}/attachment`)).statusCode).toBe(404);
      } finally {
        await h.store.collection('bugReports').delete({ _id: filed.id });
      }
    });

    it('400 for an id that is not one', async () => {
      expect((await h.call('GET', '/api/management/bugs/a%20b')).statusCode).toBe(400);
      expect((await h.call('GET', '/api/management/bugs/..%2F..%2Fetc/attachment')).statusCode).toBe(400);
    });
  });

  describe('solve and reopen', () => {
    it('solving sets solvingDate, solving again keeps it, reopening clears it', async () => {
      const [target] = reports;
      const url = `/api/management/bugs/${target?.id}`;
      h.clock.now = new Date('2024-03-01T12:00:00.000Z');
      const solved = await h.call('PATCH', url, { as: 'agent', body: { solved: true } });
      expect(solved.statusCode).toBe(200);
      expect(ManagedBugReport.parse(solved.json())).toMatchObject({ solved: true, solvingDate: '2024-03-01T12:00:00.000Z' });

      h.clock.now = new Date('2024-03-02T12:00:00.000Z');
      const again = await h.call('PATCH', url, { as: 'admin', body: { solved: true } });
      expect(again.json()).toMatchObject({ solved: true, solvingDate: '2024-03-01T12:00:00.000Z' });
      expect((await h.call('GET', url)).json()).toMatchObject({ solved: true, solvingDate: '2024-03-01T12:00:00.000Z' });

      const reopened = await h.call('PATCH', url, { as: 'superadministrator', body: { solved: false } });
      expect(reopened.json()).toMatchObject({ solved: false, solvingDate: null });
      expect((await h.call('GET', url)).json()).toMatchObject({ solved: false, solvingDate: null });

      h.clock.now = new Date('2024-03-03T12:00:00.000Z');
      expect((await h.call('PATCH', url, { body: { solved: true } })).json()).toMatchObject({ solvingDate: '2024-03-03T12:00:00.000Z' });
      await h.call('PATCH', url, { body: { solved: false } });
    });

    it('400 unless the body is exactly {solved: boolean}', async () => {
      const url = `/api/management/bugs/${reports[0]?.id}`;
      for (const body of [{}, { solved: 'true' }, { solved: true, solvingDate: '2020-01-01T00:00:00.000Z' }, { title: 'x' }]) {
        const response = await h.call('PATCH', url, { body });
        expect(response.statusCode).toBe(400);
      }
      expect((await h.call('GET', url)).json()).toMatchObject({ solved: false, solvingDate: null, title: 'Alpha crash' });
    });

    it('404 for an unknown report', async () => {
      expect((await h.call('PATCH', '/api/management/bugs/no-such-report', { body: { solved: true } })).statusCode).toBe(404);
    });
  });
});
