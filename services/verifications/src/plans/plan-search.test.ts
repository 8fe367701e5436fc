/**
 * GET /api/plans as the /plan page searches it: one box over payer name, payer id, group number, group and employer
 * name; the plan type and the last verification on each item; paging bounds and refused filters (400 naming the
 * field, never a 500); and GET /api/plans/{id}/pdf, the plan printed without any patient.
 */
import { MANAGEMENT_PAGE_SIZE_MAX, type Page, type PlanLibraryItem } from '@dv/contracts';
import fc from 'fast-check';
import { readPdfPages, readPdfText } from '../pdf/pdf-text';
import { createHarness, type Harness } from '../testing/harness';
import { PLANS_COLLECTION, type PlanLibraryDocument } from './plans.store';

let harness: Harness;
/** Plan ids by sandbox member id. */
const plans: Record<string, string> = {};
/** What the verified patients are: none of it may reach the library. */
const PATIENT_DATA = ['Maria', 'Lopez', 'DD100200300', '04/12/1985', 'Aisha', 'Khan', 'MET884412', '12/05/1990', 'Nguyen', 'MFED2024001'];

const search = async (query: string) => {
  const response = await harness.call('GET', `/api/plans${query}`);
  expect(response.statusCode).toBe(200);
  return response.json<Page<PlanLibraryItem>>();
};
const idsOf = (page: Page<PlanLibraryItem>) => page.items.map((item) => item.id).sort();
const planIds = (...members: string[]) => members.map((member) => plans[member]!).sort();

beforeAll(async () => {
  harness = await createHarness();
  // Delta Dental 77777 (group 01234-0001, ACME MANUFACTURING); MetLife 65978 (5581204, NORTHWIND LOGISTICS, and
  // FEDVIP01, FEDVIP); GEHA (GEHAFED, FEDVIP): verified one after the other, the last one most recently.
  for (const member of ['DD100200300', 'MET884412', 'MFED2024001', 'GEHA1234567']) {
    const detail = await harness.settled(await harness.createFor(member));
    plans[member] = detail.planId!;
  }
});
afterAll(() => harness.close());

describe('the search box (q)', () => {
  it.each([
    ['part of the payer name, any case', 'metLIFE', ['MET884412', 'MFED2024001']],
    ['the payer id', '65978', ['MET884412', 'MFED2024001']],
    ['part of the payer id', '777', ['DD100200300']],
    ['the group number', '5581204', ['MET884412']],
    ['the group number as typed', ' 01234 - 0001 ', ['DD100200300']],
    ['part of the group number, any case', 'fedvip0', ['MFED2024001']],
    ['part of the group name', 'northwind', ['MET884412']],
    ['a group name or a group number', 'FEDVIP', ['MFED2024001', 'GEHA1234567']],
  ])('finds plans by %s', async (_by, q, members) => {
    const page = await search(`?q=${encodeURIComponent(q)}`);
    expect(idsOf(page)).toEqual(planIds(...members));
    expect(page.total).toBe(members.length);
  });

  it('finds plans by employer', async () => {
    // No sandbox 271 names an employer: one of the library's entries is given one, as a portal's data would.
    const entries = harness.store.collection<PlanLibraryDocument>(PLANS_COLLECTION);
    await entries.update({ _id: plans.MET884412! }, { set: { employer: 'Northwind Traders Holding', keys: { carrier: 'metlife', groupName: 'northwind logistics', employer: 'northwind traders holding' } } });
    expect(idsOf(await search('?q=traders'))).toEqual(planIds('MET884412'));
  });

  it('finds nothing by what is about a patient', async () => {
    for (const value of PATIENT_DATA) expect((await search(`?q=${encodeURIComponent(value)}`)).total).toBe(0);
  });

  it('lists every plan, most recently verified first, with the plan type and the last verification', async () => {
    const page = await search('');
    expect(page.items.map((item) => item.id)).toEqual(['GEHA1234567', 'MFED2024001', 'MET884412', 'DD100200300'].map((member) => plans[member]));
    for (const item of page.items) {
      expect(item.planType).toBe('dental');
      expect(Date.parse(item.lastVerifiedAt)).not.toBeNaN();
    }
    const times = page.items.map((item) => item.lastVerifiedAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('filters by plan type', async () => {
    expect((await search('?planType=dental')).total).toBe(4);
    expect((await search('?planType=medical&q=metlife')).total).toBe(0);
  });

  it('combines the box with the other filters', async () => {
    expect(idsOf(await search('?q=fedvip&carrier=metlife'))).toEqual(planIds('MFED2024001'));
    expect(idsOf(await search('?q=metlife&groupNumber=fedvip01'))).toEqual(planIds('MFED2024001'));
  });
});

describe('paging', () => {
  it('pages through the library without losing or repeating a plan', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 4; page += 1) {
      const answer = await search(`?pageSize=1&page=${page}`);
      expect(answer).toMatchObject({ total: 4, page, pageSize: 1 });
      seen.push(...answer.items.map((item) => item.id));
    }
    expect(seen.sort()).toEqual(planIds('DD100200300', 'MET884412', 'MFED2024001', 'GEHA1234567'));
  });

  it('answers an empty page after the last one, with the total', async () => {
    expect(await search('?pageSize=3&page=2')).toMatchObject({ total: 4, page: 2, pageSize: 3, items: [expect.anything()] });
    expect(await search('?pageSize=3&page=3')).toMatchObject({ total: 4, page: 3, items: [] });
    expect(await search(`?page=1000000&pageSize=${MANAGEMENT_PAGE_SIZE_MAX}`)).toMatchObject({ total: 4, items: [] });
  });

  it('takes any page from 1 and any page size from 1 to the maximum; refuses the rest naming the field (generated cases)', async () => {
    const numberText = fc.oneof(
      fc.integer({ min: -5, max: MANAGEMENT_PAGE_SIZE_MAX + 5 }).map(String),
      fc.constantFrom('', ' ', 'abc', '1.5', '-0', '1e2', '0x10', 'NaN', 'Infinity', '99999999999999999999'),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('page', 'pageSize'), numberText, async (field, text) => {
        const response = await harness.call('GET', `/api/plans?${field}=${encodeURIComponent(text)}`);
        expect(response.statusCode).not.toBeGreaterThanOrEqual(500);
        const value = Number(text);
        const max = field === 'page' ? Number.MAX_SAFE_INTEGER : MANAGEMENT_PAGE_SIZE_MAX;
        // An empty parameter is the default (zod's coercion reads '' and ' ' as 0: refused).
        const valid = text.trim() !== '' && Number.isSafeInteger(value) && value >= 1 && value <= max;
        if (valid) {
          expect(response.statusCode).toBe(200);
          expect(response.json<Page<PlanLibraryItem>>()[field]).toBe(value);
        } else {
          expect(response.statusCode).toBe(400);
          expect(response.json()).toMatchObject({ statusCode: 400, details: expect.arrayContaining([expect.objectContaining({ path: field })]) });
        }
      }),
      { numRuns: 80 },
    );
  });
});

describe('refused filters', () => {
  it.each([
    ['q', `q=${'a'.repeat(101)}`, 'At most 100 characters'],
    ['groupNumber', `groupNumber=${'1'.repeat(81)}`, 'At most 80 characters'],
    ['carrier', `carrier=${'d'.repeat(101)}`, 'At most 100 characters'],
    ['employer', `employer=${'e'.repeat(101)}`, 'At most 100 characters'],
    ['planType', 'planType=vision', 'Wrong plan type'],
  ])('answers 400 naming %s', async (field, query, message) => {
    const response = await harness.call('GET', `/api/plans?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', requestId: expect.any(String), details: [{ path: field, message }] });
  });

  it('answers any search text up to 100 characters, never a 500 (generated cases)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 100, unit: 'binary' }), async (text) => {
        const response = await harness.call('GET', `/api/plans?q=${encodeURIComponent(text)}`);
        expect(response.statusCode).toBe(200);
      }),
      { numRuns: 60 },
    );
  });
});

describe('GET /api/plans/:id/pdf', () => {
  it('prints the plan with its carrier, group, maximums and score, on the paper asked for', async () => {
    const id = plans.DD100200300!;
    const response = await harness.call('GET', `/api/plans/${id}/pdf?paper=a4`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="plan-${id}.pdf"`);
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await readPdfPages(pdf))[0]!.width).toBeCloseTo(595.28, 1);
    const text = await readPdfText(pdf);
    expect(text).toContain('Plan summary');
    expect(text).toContain('Plan library');
    expect(text).toContain('Delta Dental of California · Group 01234-0001 · ACME MANUFACTURING');
    expect(text).toMatch(/Annual maximum \$[\d,]+\.00 \[\d\]\n/);
    expect(text).toMatch(/Plan score\s+\d+\/10/);
    expect(text).toMatch(/Date verified\s+\d{2}\/\d{2}\/\d{4}/);
    for (const patientData of PATIENT_DATA) expect(text).not.toContain(patientData);
  });

  it('prints on letter paper by default and refuses another paper naming the field', async () => {
    const pdf = (await harness.call('GET', `/api/plans/${plans.MET884412}/pdf`)).rawPayload;
    expect((await readPdfPages(pdf))[0]!.width).toBeCloseTo(612, 1);
    const refused = await harness.call('GET', `/api/plans/${plans.MET884412}/pdf?paper=legal`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ details: [expect.objectContaining({ path: 'paper' })] });
  });

  it('answers 404 for a plan the library does not have', async () => {
    const response = await harness.call('GET', '/api/plans/no-such-plan/pdf');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'Plan not found' });
  });
});
