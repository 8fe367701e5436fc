/**
 * The verification PDF as a reader sees it: its text (read back with pdf.js), page sizes and page breaks, for
 * both types. The Plan type must carry no patient data.
 */
import { PROCEDURE_CODES, stripCodePrefix } from '@dv/contracts';
import { verificationDetail } from './pdf-fixture';
import { readPdfPages, readPdfText } from './pdf-text';
import { renderVerificationPdf } from './render-verification-pdf';
import { dateVerified, verificationPdfModel } from './verification-pdf-model';

const PATIENT_DATA = ['Maria', 'Lopez', '04/12/1985', 'DD123456789', '$1,210.00', 'Procedure history', 'Patient note', 'Alert notes', 'Crowns have a 12-month'];

describe('the Breakdown PDF', () => {
  let text: string;
  beforeAll(async () => {
    text = await readPdfText(await renderVerificationPdf(verificationDetail(), { type: 'Breakdown', paper: 'letter' }));
  });

  it('names the office, the type, the day verified and the plan score', () => {
    expect(text).toContain('Benefit breakdown');
    expect(text).toContain('Bright Smile Dental');
    expect(text).toMatch(/Date verified\s+01\/15\/2024/);
    expect(text).toMatch(/Plan score\s+8\/10/);
  });

  it('shows the patient, the subscriber and the coverage', () => {
    expect(text).toMatch(/Patient\s.*\n?.*Maria Lopez/);
    expect(text).toContain('04/12/1985');
    expect(text).toContain('DD123456789');
    expect(text).toContain('03/01/2021 [3]');
  });

  it('shows the payer, the maximums with what remains, and every value with its score', () => {
    expect(text).toContain('Delta Dental of California');
    expect(text).toContain('(800) 765-4321');
    expect(text).toContain('01234-0001 [3]');
    expect(text).toMatch(/Annual maximum \$1,500\.00 \[3\] \$1,210\.00 \[3\]/);
    expect(text).toMatch(/Deductible, individual \$50\.00 \[3\] \$50\.00 \[3\]/);
  });

  it('shows categories, codes with their CDT labels, limitations, ages and waiting periods', () => {
    expect(text).toMatch(/Basic 80% \[3\] Yes \[3\] 6 months \[2\]/);
    expect(text).toMatch(/Crowns 50% \[2\]/);
    expect(text).toContain('D0120 Routine check-up exam for an');
    expect(text).toContain('2 per 12 months [3]');
    expect(text).toContain('Child: 3 per year [2]');
    expect(text).toContain('Ages 14 to 99 [2]');
    expect(text).toMatch(/12 months \(with\s+D2740\) \[2\]/);
    expect(text).toMatch(/Lifetime maximum\s+\$2,000\.00 \[2\]/);
    expect(text).toMatch(/Age limit\s+Up to age 19 \[2\]/);
  });

  it('shows the history, caveats and alert notes', () => {
    expect(text).toContain('Procedure history (complete)');
    expect(text).toContain('02/20/2024 D2391');
    expect(text).toContain('Frequencies confirmed by phone with the carrier. [1]');
    expect(text).toContain('01/15/2024, agent.kevin: Crowns have a 12-month waiting period.');
  });

  it('numbers its pages', () => {
    expect(text).toMatch(/Page 1 of 2[\s\S]*Page 2 of 2/);
  });
});

describe('the Plan PDF', () => {
  let text: string;
  beforeAll(async () => {
    text = await readPdfText(await renderVerificationPdf(verificationDetail(), { type: 'Plan', paper: 'a4' }));
  });

  it('shows the plan: office, payer, maximums, limitations', () => {
    expect(text).toContain('Plan summary');
    expect(text).toContain('Bright Smile Dental');
    expect(text).toContain('Delta Dental of California');
    expect(text).toMatch(/Annual maximum \$1,500\.00 \[3\]\n/);
    expect(text).toContain('2 per 12 months [3]');
  });

  it.each(PATIENT_DATA)('does not contain %s', (patientData) => {
    expect(text).not.toContain(patientData);
  });
});

describe('pages', () => {
  it.each([
    ['letter', 612, 792],
    ['a4', 595.28, 841.89],
  ] as const)('are %s sized', async (paper, width, height) => {
    const pages = await readPdfPages(await renderVerificationPdf(verificationDetail(), { type: 'Breakdown', paper }));
    for (const page of pages) {
      expect(page.width).toBeCloseTo(width, 1);
      expect(page.height).toBeCloseTo(height, 1);
    }
  });

  it('break a long table between rows and repeat its header row', async () => {
    const detail = verificationDetail();
    const adaCodes = { ...detail.plan!.benefits.adaCodes };
    const codes = PROCEDURE_CODES.filter((info) => info.category === 'Basic').slice(0, 120);
    for (const info of codes) {
      adaCodes[info.code] ??= { category: 'Basic', code: info.code, benefitLevel: { value: 80, score: 2 }, limitation: { value: { quantity: 1, frequency: 24, timePeriod: 'mo' }, score: 2 } };
    }
    const pdf = await renderVerificationPdf({ ...detail, plan: { ...detail.plan!, benefits: { ...detail.plan!.benefits, adaCodes } } }, { type: 'Plan', paper: 'letter' });
    const pages = await readPdfPages(pdf);
    expect(pages.length).toBeGreaterThan(3);

    const continued = pages.filter((page) => page.text.startsWith('Benefits by procedure code (continued)'));
    expect(continued.length).toBeGreaterThan(1);
    for (const page of continued) expect(page.text).toMatch(/^Benefits by procedure code \(continued\)\nCode Description Plan pays Deductible Limitation Age Waiting period\n/);

    // A row is whole on one page: each code's row (code, start of its label, its limitation) is on exactly one page.
    for (const info of codes) {
      const row = new RegExp(`^${stripCodePrefix(info.code)} ${info.label.split(' ')[0]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'm');
      expect(pages.filter((page) => row.test(page.text))).toHaveLength(1);
    }
    pages.forEach((page, i) => expect(page.text).toContain(`Page ${i + 1} of ${pages.length}`));
  });
});

describe('the model', () => {
  it('names the office by its id when the ticket has no office name', () => {
    const detail = verificationDetail();
    const { integrationClientInfo: _, ...ticket } = detail.ticket;
    expect(verificationPdfModel({ ...detail, ticket }, 'Breakdown').heading.office).toBe('Dental office office-a1');
  });

  it('dates the verification by its sources, else its submission, else its last change', () => {
    expect(dateVerified({ readyAt: '2024-01-15T12:00:00.000Z', submittedAt: '2024-01-17T12:00:00.000Z', updatedAt: '2024-01-18T12:00:00.000Z' })).toBe('01/15/2024');
    expect(dateVerified({ readyAt: null, submittedAt: '2024-01-17T12:00:00.000Z', updatedAt: '2024-01-18T12:00:00.000Z' })).toBe('01/17/2024');
    expect(dateVerified({ readyAt: null, submittedAt: null, updatedAt: '2024-01-18T12:00:00.000Z' })).toBe('01/18/2024');
  });

  it('says so when the sources have not returned a plan', async () => {
    const text = await readPdfText(await renderVerificationPdf(verificationDetail({ plan: null }), { type: 'Plan', paper: 'letter' }));
    expect(text).toMatch(/Plan score\s+Not scored/);
    expect(text).toContain('The sources have not returned a plan for this verification yet.');
  });
});
