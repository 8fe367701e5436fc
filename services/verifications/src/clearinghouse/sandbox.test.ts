/**
 * The sandbox clearinghouse: 270s built by build270 go through it and come back as real 271s that map to valid
 * version 3 documents; rejections follow the member table's rules.
 */
import { PAYER_KEYS, PatientV3, validatePlan, type PatientInfoV3 } from '@dv/contracts';
import { X12Parser } from 'node-x12';
import { build270, type EligibilityInquiry } from '../x12/build-270';
import { X12ParseError } from '../x12/errors';
import { map271, type Map271Result, type Mapped271 } from '../x12/map-271';
import { parse271 } from '../x12/parse-271';
import { tokenizeX12 } from '../x12/tokenizer';
import { CARRIERS, carrierByPayerId, invertsCoinsurance } from './carriers';
import { createSandboxClearinghouse } from './sandbox';
import { CLAIM_CYCLE, SANDBOX_MEMBERS, sandboxMember, sandboxPatientInfo, type SandboxMember } from './sandbox-members';
import { SANDBOX_PLANS } from './sandbox-plans';

const NOW = new Date('2024-05-20T15:00:00.000Z');
const sandbox = createSandboxClearinghouse({ now: () => NOW });

function inquiry(patient: PatientInfoV3, payerId: string, extra: Partial<EligibilityInquiry> = {}): EligibilityInquiry {
  return {
    patient,
    payer: { id: payerId, name: carrierByPayerId(payerId)?.name ?? 'Unknown payer' },
    provider: { npi: '1234567893', name: 'Bright Smile Dental' },
    date: NOW,
    controlNumber: 3141,
    ...extra,
  };
}

async function ask(patient: PatientInfoV3, payerId: string, extra: Partial<EligibilityInquiry> = {}): Promise<{ x271: string; result: Map271Result }> {
  const x271 = await sandbox.eligibility(build270(inquiry(patient, payerId, extra)));
  return { x271, result: map271(x271, { today: NOW }) };
}

function mapped(result: Map271Result): Mapped271 {
  if (result.status !== 'mapped') throw new Error(`expected a plan, got ${JSON.stringify(result.rejections)}`);
  return result;
}

const member = (id: string): SandboxMember => {
  const found = sandboxMember(id);
  if (found === undefined) throw new Error(`no sandbox member ${id}`);
  return found;
};

const everyPatient = SANDBOX_MEMBERS.flatMap((m) => [
  [`${m.memberId} (subscriber)`, m, undefined] as const,
  ...m.dependents.map((d, i) => [`${m.memberId} (${d.relation} ${d.firstName})`, m, i] as const),
]);

describe('the sandbox library', () => {
  it('holds at least 20 plans, each used by a member, across every payer key of the catalogue', () => {
    expect(SANDBOX_PLANS.length).toBeGreaterThanOrEqual(20);
    expect(new Set(SANDBOX_PLANS.map((plan) => plan.id)).size).toBe(SANDBOX_PLANS.length);
    for (const plan of SANDBOX_PLANS) expect(SANDBOX_MEMBERS.some((m) => m.planId === plan.id && m.payerId === plan.payerId)).toBe(true);
    const keys = new Set(SANDBOX_PLANS.map((plan) => carrierByPayerId(plan.payerId)?.payerKey));
    expect([...keys].sort()).toEqual([...PAYER_KEYS].sort());
  });

  it('catalogues carriers with their payer ids, keys and the inversion flag', () => {
    expect(new Set(CARRIERS.map((carrier) => carrier.payerId)).size).toBe(CARRIERS.length);
    expect(CARRIERS.filter((carrier) => carrier.invertsCoinsurance).map((carrier) => carrier.name)).toEqual(['Ameritas']);
    expect(invertsCoinsurance({ payerKey: 'AMERITAS' })).toBe(true);
    expect(invertsCoinsurance({ payerKey: 'DELTA_DENTAL' })).toBe(false);
    expect(invertsCoinsurance({ payerId: '47009', payerKey: 'DEFAULT' })).toBe(true);
  });

  it.each(everyPatient)('answers %s with a 271 that maps to a valid version 3 plan and patient', async (_, m, dependent) => {
    const { x271, result } = await ask(sandboxPatientInfo(m, dependent), m.payerId);
    const answer = mapped(result);
    expect(validatePlan(answer.plan, 3)).toEqual({ ok: true });
    expect(PatientV3.safeParse(answer.patient).success).toBe(true);
    expect(answer.traceNumber).toBe('3141');
    expect(answer.subscriber?.memberId).toBe(m.memberId);
    if (dependent !== undefined) expect(answer.dependent?.firstName).toBe(m.dependents[dependent]!.firstName.toUpperCase());
    // The sandbox follows the guide (no deviation the reader had to tolerate) and echoes the control number.
    expect(parse271(x271).deviations).toEqual([]);
    expect(parse271(x271).interchange.controlNumber).toBe('000003141');
  });

  it('answers what node-x12 reads the same way, segment by segment, whatever the carrier delimiters', async () => {
    for (const m of SANDBOX_MEMBERS) {
      const x271 = await sandbox.eligibility(build270(inquiry(sandboxPatientInfo(m), m.payerId)));
      const ours = tokenizeX12(x271).segments.slice(1, -1);
      const interchange = new X12Parser(true).parse(x271);
      if (!('functionalGroups' in interchange)) throw new Error('node-x12 read a fat interchange');
      const group = interchange.functionalGroups[0]!;
      const theirs = [group.header, ...group.transactions.flatMap((t) => [t.header, ...t.segments, t.trailer]), group.trailer];
      expect(theirs.map((segment) => [segment.tag, ...segment.elements.map((e) => e.value)])).toEqual(ours.map((segment) => [segment.tag, ...segment.elements]));
    }
  });
});

describe('what the sandbox plans say', () => {
  it('answers the Delta Dental PPO member with the values of its plan', async () => {
    const { result } = await ask(sandboxPatientInfo(member('DD100200300')), '77777');
    const { plan, patient, warnings } = mapped(result);
    expect(warnings).toEqual([]);
    expect(plan.score).toBe(10);
    expect(plan.benefits.annualMax).toEqual({ value: 1500, score: 2 });
    expect(plan.benefits.deductible).toEqual({ individual: { value: 50, score: 2 }, family: { value: 150, score: 2 } });
    expect(plan.benefits.missingToothClause).toEqual({ value: true, score: 2 });
    expect(plan.benefits.adaCodes['ADA:D0120']?.limitation).toEqual({ value: { quantity: 1, frequency: 6, timePeriod: 'mo' }, score: 2 });
    expect(plan.benefits.adaCodes['ADA:D0210']?.limitation).toEqual({ value: { quantity: 1, frequency: 5, timePeriod: 'yr' }, score: 2 });
    expect(plan.benefits.adaCodes['ADA:D1206']?.age?.max).toEqual({ value: 18, score: 2 });
    expect(plan.benefits.adaCodes['SUB:Crowns']).toMatchObject({
      benefitLevel: { value: 50, score: 2 },
      waitingPeriod: { value: { months: 12 }, score: 2 },
      caveat: [{ value: 'Out of network: plan pays 50%', score: 2 }],
    });
    expect(plan.details.benefitYear).toEqual({ value: 'january', score: 2 });
    expect(patient).toMatchObject({
      coverageStatus: 'active',
      effectiveDate: { value: '03/01/2019', score: 2 },
      deductibleRemaining: { value: 25, score: 2 },
      insuranceRemaining: { value: 1210, score: 2 },
      historyStatus: 'Partial',
    });
    expect(patient.history).toEqual([
      { code: 'ADA:D0120', date: '01/21/2024', notes: 'LAST PERIODIC EXAM 01/21/2024' },
      { code: 'ADA:D1110', date: '01/21/2024', notes: 'LAST ADULT PROPHYLAXIS' },
      { code: 'ADA:D0274', date: '07/25/2023', notes: 'BITEWINGS FOUR FILMS' },
    ]);
  });

  it('reads the insurer share of Ameritas (inversion flag) as the benefit level', async () => {
    const { x271, result } = await ask(sandboxPatientInfo(member('AMR33322211')), '47009');
    expect(x271).toContain('EB*A*IND*41*****1****Y');
    expect(x271).toContain('EB*A*IND*25*****0.8****Y');
    const { adaCodes } = mapped(result).plan.benefits;
    expect(adaCodes['CAT:Preventative']?.benefitLevel?.value).toBe(100);
    expect(adaCodes['SUB:Restorative']?.benefitLevel?.value).toBe(80);
    expect(adaCodes['SUB:Crowns']?.benefitLevel?.value).toBe(50);
    // Read without the flag, the same 271 would say the opposite.
    expect(mapped(map271(x271, { today: NOW, invertCoinsurance: false })).plan.benefits.adaCodes['SUB:Restorative']?.benefitLevel?.value).toBe(20);
  });

  it('writes Guardian with | elements and > components, and Sun Life with a newline terminator', async () => {
    const guardian = (await ask(sandboxPatientInfo(member('GRD00512345')), '64246')).x271;
    expect(tokenizeX12(guardian).delimiters).toEqual({ element: '|', component: '>', repetition: '^', segment: '~' });
    expect(guardian).toContain('|AD>D1110~');
    const sunLife = await ask(sandboxPatientInfo(member('SLF94400123')), '70408');
    expect(tokenizeX12(sunLife.x271).delimiters.segment).toBe('\n');
    expect(mapped(sunLife.result).plan.benefits.adaCodes['ADA:D0120']?.limitation?.value).toEqual({ quantity: 1, frequency: 6, timePeriod: 'mo' });
  });

  it('answers the plans that exercise status, network and plan warnings', async () => {
    const inactive = mapped((await ask(sandboxPatientInfo(member('W987654321')), '60054')).result);
    expect(inactive.patient.coverageStatus).toBe('inactive');
    const terminated = mapped((await ask(sandboxPatientInfo(member('MET5500001')), '65978')).result);
    expect(terminated.patient).toMatchObject({ coverageStatus: 'terminated', planEndDate: '06/30/2023' });
    const outOfNetwork = mapped((await ask(sandboxPatientInfo(member('UHC70707001')), '52133')).result);
    expect(outOfNetwork.plan.details.participation).toEqual({ value: 'Out Of Network', score: 2 });
    expect(outOfNetwork.plan.benefits.adaCodes['SUB:Restorative']?.benefitLevel?.value).toBe(70);
    const individual = mapped((await ask(sandboxPatientInfo(member('H55512345')), '73288')).result);
    expect(individual.warnings).toEqual(['GROUP_NUMBER_MISSING']);
    const dual = mapped((await ask(sandboxPatientInfo(member('ANT200100777')), '47198')).result);
    expect(dual.warnings).toEqual(['MULTIPLE_PLANS_FOUND']);
    const high = mapped((await ask(sandboxPatientInfo(member('GEHA1234567')), '39026')).result);
    expect(high.plan.planMetadata?.payerSpecificPlanType.matchedValue).toBe('highOption');
    const pennsylvania = mapped((await ask(sandboxPatientInfo(member('DPA55501234')), '23166')).result);
    expect(pennsylvania.plan.details.benefitYear.value).toBe('july');
    expect(pennsylvania.plan.details.participation).toEqual({ value: 'In Network', score: 2 });
  });

  it('reports less remaining at each inquiry for a member whose claims are paid between them, a new year after the cycle', async () => {
    const own = createSandboxClearinghouse({ now: () => NOW });
    const ruth = sandboxPatientInfo(member('GEHA2468013'));
    const remaining: (number | null | undefined)[] = [];
    for (let inquiries = 0; inquiries < CLAIM_CYCLE + 1; inquiries += 1) {
      const x271 = await own.eligibility(build270(inquiry(ruth, '39026')));
      remaining.push(mapped(map271(x271, { today: NOW })).patient.insuranceRemaining?.value);
    }
    expect(remaining).toEqual([4720, 4470, 4220, 3970, 4720]);
    // Other members are not affected by the inquiries before theirs.
    const thomas = sandboxPatientInfo(member('GEHA1234567'));
    for (let inquiries = 0; inquiries < 2; inquiries += 1) {
      const x271 = await own.eligibility(build270(inquiry(thomas, '39026')));
      expect(mapped(map271(x271, { today: NOW })).patient.insuranceRemaining?.value).toBe(4720);
    }
  });
});

describe('sandbox rejections', () => {
  const maria = sandboxPatientInfo(member('DD100200300'));
  const rejection = (result: Map271Result) => {
    if (result.status !== 'rejected') throw new Error('expected a rejection');
    return result.rejections.map(({ code, loop }) => ({ code, loop }));
  };

  it.each([
    ['an unknown member id', { ...maria, patientMemberId: 'NOTFOUND123', subscriberMemberId: 'NOTFOUND123' }, '77777', { code: '75', loop: '2100C' }],
    ['a member id not in the table', { ...maria, patientMemberId: 'ZZ9999999', subscriberMemberId: 'ZZ9999999' }, '77777', { code: '75', loop: '2100C' }],
    ['a member of another payer', maria, '65978', { code: '75', loop: '2100C' }],
    ['a malformed member id', { ...maria, patientMemberId: 'DD-1', subscriberMemberId: 'DD-1' }, '77777', { code: '72', loop: '2100C' }],
    ['a wrong date of birth', { ...maria, patientDOB: '04/13/1985', subscriberDOB: '04/13/1985' }, '77777', { code: '71', loop: '2100C' }],
    ['a wrong last name', { ...maria, patientLastName: 'Smith', subscriberLastName: 'Smith' }, '77777', { code: '73', loop: '2100C' }],
    ['a payer busy', { ...maria, patientMemberId: 'UNAVAILABLE01', subscriberMemberId: 'UNAVAILABLE01' }, '77777', { code: '42', loop: '2100A' }],
    ['an unknown payer id', maria, '99999', { code: '79', loop: '2100A' }],
    ['an unknown dependent', { ...sandboxPatientInfo(member('DD100200300'), 0), patientFirstName: 'Lucia' }, '77777', { code: '67', loop: '2100D' }],
    ['a dependent with a wrong date of birth', { ...sandboxPatientInfo(member('DD100200300'), 0), patientDOB: '06/03/2014' }, '77777', { code: '71', loop: '2100D' }],
  ] as const)('rejects %s', async (_, patient, payerId, expected) => {
    const { result } = await ask(patient, payerId);
    expect(rejection(result)).toEqual([expected]);
  });

  // A new verification's payer id is the user's text; a 270 takes it as 1 to 15 letters or digits (the ISA's width).
  const payerIdsLikePrototypeMembers = Object.getOwnPropertyNames(Object.prototype).filter((name) => /^[A-Za-z0-9]{1,15}$/.test(name));
  it.each(payerIdsLikePrototypeMembers)('rejects the payer id %j, named like an Object.prototype member, as unknown', async (payerId) => {
    const { result } = await ask(maria, payerId);
    expect(rejection(result)).toEqual([{ code: '79', loop: '2100A' }]);
  });

  it('rejects a missing subscriber date of birth with AAA 58', async () => {
    const x270 = build270(inquiry(maria, '77777')).replace('DMG*D8*19850412~', '')
      .replace(/SE\*(\d+)\*/, (_, count: string) => `SE*${Number(count) - 1}*`);
    const result = map271(await sandbox.eligibility(x270), { today: NOW });
    expect(rejection(result)).toEqual([{ code: '58', loop: '2100C' }]);
  });

  it('refuses a malformed 270 with the parser error', async () => {
    await expect(sandbox.eligibility('ISA*garbage')).rejects.toThrow(X12ParseError);
  });

  it('waits the configured latency', async () => {
    const slow = createSandboxClearinghouse({ latencyMs: 30, now: () => NOW });
    const started = Date.now();
    await slow.eligibility(build270(inquiry(maria, '77777')));
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
  });
});
