/** POST /api/management/x271/preview: support staff paste a 271 and see the product's mapping of it. */
import { type X271Preview } from '@dv/contracts';
import { carrierByPayerId } from '../clearinghouse/carriers';
import { createSandboxClearinghouse } from '../clearinghouse/sandbox';
import { sandboxMember, sandboxPatientInfo } from '../clearinghouse/sandbox-members';
import { createHarness, type Harness } from '../testing/harness';
import { build270, map271 } from '../x12';

let harness: Harness;

async function sandbox271(memberId: string, patient = sandboxPatientInfo(sandboxMember(memberId)!)): Promise<string> {
  const payerId = sandboxMember(memberId)?.payerId ?? '77777';
  const carrier = carrierByPayerId(payerId)!;
  const x270 = build270({
    patient,
    payer: { id: carrier.payerId, name: carrier.name },
    provider: { npi: '1234567893', name: 'BRIGHT SMILE DENTAL' },
    date: new Date(),
  });
  return createSandboxClearinghouse().eligibility(x270);
}

async function preview(body: unknown, as: 'admin' | 'superadministrator' = 'admin') {
  return harness.call('POST', '/api/management/x271/preview', { as, office: null, body });
}

beforeAll(async () => {
  harness = await createHarness();
});
afterAll(() => harness.close());

it('answers the plan, patient and warnings of the same mapping as the clearinghouse source', async () => {
  const x12 = await sandbox271('DD100200300');
  const response = await preview({ x12 });
  expect(response.statusCode).toBe(200);
  const body = response.json<X271Preview>();
  const expected = map271(x12, { today: new Date(), payerKey: 'DELTA_DENTAL' });
  if (expected.status !== 'mapped') throw new Error('the sandbox answer should map');
  const withoutTimeAndScore = <T extends { score: number; details: { initiationDate: unknown } }>(plan: T) => ({ ...plan, score: 0, details: { ...plan.details, initiationDate: null } });
  expect(withoutTimeAndScore(body.plan!)).toEqual(withoutTimeAndScore(expected.plan));
  expect(body.patient).toEqual(expected.patient);
  expect(body.warnings).toEqual([...expected.warnings]);
  expect(body.rejections).toEqual([]);
  expect(body.plan?.benefits.annualMax?.value).toBe(1500);
});

it('scores the plan as a ticket whose only source is the same 271 (1 to 10), not with the mapping’s fact count', async () => {
  // Anthem has no portal: its verification has the clearinghouse as only source.
  const anthem = sandboxMember('ANT200100777')!;
  const id = await harness.createFor(anthem.memberId);
  const ticket = await harness.settled(id);
  expect(ticket.jobs.map((job) => job.source)).toEqual(['clearinghouse']);

  const x12 = await sandbox271(anthem.memberId);
  const body = (await preview({ x12, payerId: anthem.payerId })).json<X271Preview>();
  expect(body.plan?.score).toBe(ticket.plan?.score);
  // Ten facts of ten, one source (agreement unknown): 1 + round(9 x (0.7 x 1 + 0.3 x 0.5)) = 9.
  expect(body.plan?.score).toBe(9);
  const mapped = map271(x12, { today: new Date() });
  expect(mapped.status === 'mapped' && mapped.plan.score).toBe(10);
  // Without a payer id the carrier is the 271's own.
  expect((await preview({ x12 })).json<X271Preview>().plan?.score).toBe(9);
});

it('applies the carrier’s coinsurance convention when told the carrier', async () => {
  const x12 = await sandbox271('AMR33322211');
  const asAmeritas = (await preview({ x12, payerId: '47009' }, 'superadministrator')).json<X271Preview>();
  const inverted = (await preview({ x12, payerId: '47009', invertCoinsurance: false })).json<X271Preview>();
  const level = (result: X271Preview) => result.plan?.benefits.adaCodes['SUB:Restorative']?.benefitLevel?.value;
  expect(level(asAmeritas)).toBe(80);
  expect(level(inverted)).toBe(20);
});

it('shows a payer’s rejection with its reasons', async () => {
  const patient = { ...sandboxPatientInfo(sandboxMember('DD100200300')!), patientMemberId: 'NOTFOUND999', subscriberMemberId: 'NOTFOUND999' };
  const body = (await preview({ x12: await sandbox271('DD100200300', patient) })).json<X271Preview>();
  expect(body.plan).toBeNull();
  expect(body.patient).toBeNull();
  expect(body.rejections).toEqual([expect.objectContaining({ code: '75', reason: expect.any(String), loop: expect.any(String) })]);
});

it.each([
  ['text that is not X12', 'hello'],
  ['a bad ISA', 'ISA*00*short~'],
  ['a 271 cut short', 'CUT'],
  ['wrong delimiters', 'SWAP'],
])('refuses %s with a clear message and no plan', async (_case, kind) => {
  let x12 = kind;
  if (kind === 'CUT' || kind === 'SWAP') {
    const full = await sandbox271('DD100200300');
    // SWAP: the ISA declares '*' but the segments after it use '|'.
    x12 = kind === 'CUT' ? full.slice(0, Math.floor(full.length / 2)) : full.slice(0, 106) + full.slice(106).replaceAll('*', '|');
  }
  const response = await preview({ x12 });
  expect(response.statusCode).toBe(400);
  const body = response.json<{ message: string; details: { path: string; message: string; code: string }[] }>();
  expect(body.message).toMatch(/^Malformed X12: /);
  expect(body.details).toEqual([expect.objectContaining({ path: 'x12', code: expect.stringMatching(/^(isa|delimiters|segment|envelope|transaction|structure)$/) })]);
  expect(body).not.toHaveProperty('plan');
});

it('refuses an unknown carrier and an empty text', async () => {
  const x12 = await sandbox271('DD100200300');
  expect((await preview({ x12, payerId: '00000' })).statusCode).toBe(400);
  expect((await preview({ x12: '' })).statusCode).toBe(400);
});
