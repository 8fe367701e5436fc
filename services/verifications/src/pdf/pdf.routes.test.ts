/**
 * GET /api/verifications/{id}/pdf through the app: the roles and office scope of the verification API, the
 * query's type and paper, a download named by id and type only, and the audit record of the read.
 */
import { AUDIT_COLLECTION, type AuditDocument } from '../audit/audit.store';
import { createHarness, type Harness, type Response } from '../testing/harness';
import { ticketWrapper } from './pdf-fixture';
import { readPdfPages, readPdfText } from './pdf-text';

const MARIA = { patientFirstName: 'Maria', patientLastName: 'Lopez', patientDOB: '04/12/1985', patientMemberId: 'DD123456789' };
const OURS = 'pdf-ticket-a1';
const THEIRS = 'pdf-ticket-b1';

let harness: Harness;

beforeAll(async () => {
  harness = await createHarness();
  await harness.plant({ id: OURS, document: ticketWrapper(), patient: MARIA });
  await harness.plant({ id: THEIRS, document: ticketWrapper(), orgId: 'org-b', officeId: 'office-b1', patient: MARIA });
});
afterAll(() => harness.close());

const pdfOf = (response: Response) => response.rawPayload;

describe('GET /api/verifications/:id/pdf', () => {
  it.each([
    ['Breakdown', 'letter', 612],
    ['Breakdown', 'a4', 595.28],
    ['Plan', 'letter', 612],
    ['Plan', 'a4', 595.28],
  ] as const)('answers the %s on %s paper as a PDF download', async (type, paper, width) => {
    const response = await harness.call('GET', `/api/verifications/${OURS}/pdf?type=${type}&paper=${paper}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="verification-${OURS}-${type.toLowerCase()}.pdf"`);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(pdfOf(response).subarray(0, 5).toString()).toBe('%PDF-');
    const pages = await readPdfPages(pdfOf(response));
    expect(pages[0]!.width).toBeCloseTo(width, 1);
  });

  it('prints a Breakdown by default: office, patient, payer, annual maximum, limitation and scores', async () => {
    const response = await harness.call('GET', `/api/verifications/${OURS}/pdf`);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="verification-${OURS}-breakdown.pdf"`);
    const text = await readPdfText(pdfOf(response));
    expect(text).toContain('Benefit breakdown');
    expect(text).toContain('Bright Smile Dental');
    expect(text).toContain('Maria Lopez');
    expect(text).toContain('Delta Dental of California');
    expect(text).toContain('$1,500.00 [3]');
    expect(text).toContain('2 per 12 months [3]');
    expect(text).toMatch(/Plan score\s+8\/10/);
    expect(text).toMatch(/Date verified\s+\d{2}\/\d{2}\/\d{4}/);
  });

  it('leaves every patient detail out of the Plan', async () => {
    const text = await readPdfText(pdfOf(await harness.call('GET', `/api/verifications/${OURS}/pdf?type=Plan`)));
    expect(text).toContain('Plan summary');
    expect(text).toContain('$1,500.00 [3]');
    for (const patientData of ['Maria', 'Lopez', '04/12/1985', 'DD123456789', '$1,210.00', 'history']) expect(text).not.toContain(patientData);
  });

  it("answers 404 for another office's verification", async () => {
    const response = await harness.call('GET', `/api/verifications/${THEIRS}/pdf`);
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('Maria');
    expect((await harness.call('GET', `/api/verifications/${THEIRS}/pdf`, { as: 'staffB' })).statusCode).toBe(200);
  });

  it.each(['type=Summary', 'type=Re-verification', 'paper=legal'])('answers 400 for %s', async (query) => {
    const response = await harness.call('GET', `/api/verifications/${OURS}/pdf?${query}`);
    expect(response.statusCode).toBe(400);
  });

  it('answers 401 without a token', async () => {
    expect((await harness.call('GET', `/api/verifications/${OURS}/pdf`, { as: null })).statusCode).toBe(401);
  });

  it('writes the audit record of the read', async () => {
    const response = await harness.call('GET', `/api/verifications/${OURS}/pdf?type=Plan`);
    const records = await harness.store.collection<AuditDocument>(AUDIT_COLLECTION).find({ requestId: String(response.headers['x-request-id']) });
    expect(records).toEqual([expect.objectContaining({ ticketId: OURS, userId: 'user-staff' })]);
  });
});
