/** The plan library: plans shared by plan hash across the patients of a group, searched by the organization. */
import { type Page, type PlanLibraryDetail, type PlanLibraryItem, type PlanV3, type VerificationDetail } from '@dv/contracts';
import { type Clearinghouse } from '../clearinghouse/clearinghouse';
import { createSandboxClearinghouse } from '../clearinghouse/sandbox';
import { createHarness, type Harness } from '../testing/harness';
import { parse270 } from '../x12/parse-270';
import { EB, HSD } from '../x12/x271-fixture';
import { normalizeGroupNumber, planHash } from './plan-hash';
import { libraryCopy } from './plans.service';

describe('planHash', () => {
  const plan = (changes: (plan: PlanV3) => void = () => undefined): PlanV3 => {
    const base: PlanV3 = {
      score: 7,
      details: {
        benefitYear: { value: 'january', score: 2 },
        planType: { value: 'dental', score: 2 },
        participation: { value: 'In Network', score: 2 },
        initiationDate: { value: '2024-01-01T00:00:00.000Z', score: 2 },
        mappingInfo: [{ message: 'BENEFIT_YEAR_FROM_PLAN', path: 'benefitYear' }],
      },
      payer: { id: '77777', name: 'Delta Dental of California', phoneNumber: '8005550199' },
      sponsor: {
        sponsorName: { value: null, score: 1 },
        sponsorType: { value: 'Employer', score: 1 },
        groupNumber: { value: '01234-0001', score: 2 },
        groupName: { value: 'ACME MANUFACTURING', score: 2 },
      },
      benefits: { annualMax: { value: 1500, score: 2 }, adaCodes: { 'SUB:Crowns': { category: 'Basic', subcategory: 'Crowns', benefitLevel: { value: 50, score: 2 } } } },
      schemaVersion: 3,
    };
    changes(base);
    return base;
  };

  it('ignores scores, wording, notes and the initiation date', () => {
    const other = plan((p) => {
      p.score = 3;
      p.benefits.annualMax = { value: 1500, score: 4, changeHistory: [] };
      p.details.initiationDate = { value: '2025-06-01T00:00:00.000Z', score: 2 };
      delete p.details.mappingInfo;
      p.caveat = [{ value: 'Waiting periods apply', score: 2 }];
      p.planNotes = 'Plan: DELTA DENTAL PPO';
      p.sponsor.groupName = { value: ' acme   manufacturing ', score: 3 };
      p.sponsor.groupNumber = { value: '01234-0001 ', score: 3 };
    });
    expect(planHash('77777', other)).toBe(planHash('77777', plan()));
  });

  it('tells plans apart by payer, group number and any plan value', () => {
    const base = planHash('77777', plan());
    expect(planHash('23166', plan())).not.toBe(base);
    expect(planHash('77777', plan((p) => (p.sponsor.groupNumber = { value: '01234-0002', score: 2 })))).not.toBe(base);
    expect(planHash('77777', plan((p) => (p.benefits.annualMax = { value: 2000, score: 2 })))).not.toBe(base);
    expect(planHash('77777', plan((p) => (p.benefits.adaCodes['SUB:Crowns']!.benefitLevel = { value: 60, score: 2 })))).not.toBe(base);
  });

  it('normalises group numbers', () => {
    expect(normalizeGroupNumber(' 01234 - 0001 ')).toBe('01234-0001');
    expect(normalizeGroupNumber('abc')).toBe('ABC');
    expect(normalizeGroupNumber('  ')).toBeNull();
    expect(normalizeGroupNumber(null)).toBeNull();
  });
});

describe('the plan library', () => {
  let harness: Harness;
  let subscriber: VerificationDetail;
  let spouse: VerificationDetail;

  beforeAll(async () => {
    harness = await createHarness();
    // Two patients of the Acme group at Delta Dental, verified by the clearinghouse (office-a1 has no portal credential).
    subscriber = await harness.settled(await harness.createFor('DD100200300'));
    spouse = await harness.settled(await harness.createFor('DD100200300', { dependent: 1 }));
  });
  afterAll(() => harness.close());

  it('shares one plan between the patients of a group with the same benefits', async () => {
    const other = await harness.settled(await harness.createFor('DD123456789'));
    expect(subscriber.planId).not.toBeNull();
    expect(spouse.planId).toBe(subscriber.planId);
    expect(other.planId).toBe(subscriber.planId);
    expect(other.plan?.planHash).toBe(subscriber.plan?.planHash);
    // Different patients: the shared plan carries none of their patient-level data.
    expect(spouse.ticket.integrationPatientInfo.patientFirstName).toBe('Carlos');

    const detail = (await harness.call('GET', `/api/plans/${subscriber.planId}`)).json<PlanLibraryDetail>();
    expect(detail).toMatchObject({
      id: subscriber.planId,
      planHash: subscriber.plan?.planHash,
      carrier: { payerId: '77777', name: 'Delta Dental of California' },
      groupNumber: '01234-0001',
      groupName: 'ACME MANUFACTURING',
      employer: null,
      verifications: 3,
    });
    expect(detail.plan.benefits.annualMax).toEqual(subscriber.plan?.benefits.annualMax);
    expect(detail.score).toBe(subscriber.plan?.score);
  });

  it.each([
    ['group number', '?groupNumber=01234-0001'],
    ['group number as typed', '?groupNumber=%2001234-0001%20'],
    ['payer id', '?carrier=77777'],
    ['part of the carrier name', '?carrier=delta%20dental'],
    ['part of the group name', '?groupName=acme'],
  ])('finds it by %s, with its score', async (_by, query) => {
    const page = (await harness.call('GET', `/api/plans${query}`)).json<Page<PlanLibraryItem>>();
    expect(page.items.map((item) => [item.id, item.verifications, item.score])).toEqual([[subscriber.planId, 3, subscriber.plan?.score]]);
    expect(page.total).toBe(1);
  });

  it('does not find what does not match', async () => {
    for (const query of ['?groupNumber=01234', '?carrier=metlife', '?groupName=contoso', '?employer=acme']) {
      const page = (await harness.call('GET', `/api/plans${query}`)).json<Page<PlanLibraryItem>>();
      expect(page.total).toBe(0);
    }
  });

  it('keeps another group, or the same group with other benefits, apart; an employer becomes searchable', async () => {
    const geha = await harness.settled(await harness.createFor('GEHA1234567'));
    expect(geha.planId).not.toBe(subscriber.planId);
    // Another office of the organization has a Delta Dental portal login: with the portal's data the plan says
    // more (implants, employer), another plan of the organization's library.
    await harness.portals.addCredential('deltadental', { office: 'office-a2' });
    const richer = await harness.settled(await harness.createFor('DD100200300', { as: 'staffA2' }), 'staffA2');
    expect(richer.jobs.map((job) => job.outcome)).toEqual(['success', 'success']);
    expect(richer.planId).not.toBe(subscriber.planId);
    const byEmployer = (await harness.call('GET', '/api/plans?employer=manufacturing')).json<Page<PlanLibraryItem>>();
    expect(byEmployer.items.map((item) => item.id)).toEqual([richer.planId]);
    const all = (await harness.call('GET', '/api/plans?pageSize=2')).json<Page<PlanLibraryItem>>();
    expect(all).toMatchObject({ total: 3, pageSize: 2 });
    expect(all.items).toHaveLength(2);
  });

  it('moves a verification to a new library plan when its submitted plan differs', async () => {
    const edited = await harness.call('PATCH', `/api/verifications/${spouse.id}`, {
      body: { edits: [{ path: 'plan.benefits.annualMax', value: 2500 }] },
    });
    expect(edited.statusCode).toBe(200);
    const submitted = (await harness.call('POST', `/api/verifications/${spouse.id}/submit`)).json<VerificationDetail>();
    expect(submitted.planId).not.toBe(subscriber.planId);
    const shared = (await harness.call('GET', `/api/plans/${subscriber.planId}`)).json<PlanLibraryDetail>();
    expect(shared.verifications).toBe(2);
    const own = (await harness.call('GET', `/api/plans/${submitted.planId}`)).json<PlanLibraryDetail>();
    expect(own.verifications).toBe(1);
    expect(own.plan.benefits.annualMax?.value).toBe(2500);
    expect(own.plan.userHashes).toBeUndefined();
  });
});

describe('the library holds nothing about one patient', () => {
  /** What the 271 says about each patient alone: different amounts, visits left and a last visit. */
  const PATIENT_ROWS: Record<string, string> = {
    DD100200300: [
      EB({ info: 'C', level: 'FAM', serviceTypes: ['35'], period: '29', amount: 150, network: 'Y' }),
      EB({ info: 'F', level: 'FAM', serviceTypes: ['35'], period: '29', amount: 2600, network: 'Y' }),
      EB({ info: 'F', level: 'IND', serviceTypes: ['35'], period: '33', amount: 1500, network: 'Y' }),
      EB({ info: 'F', level: 'IND', serviceTypes: ['23'], network: 'Y', code: 'D0140' }),
      HSD({ quantity: 1, period: '29' }),
      EB({ info: 'F', level: 'IND', serviceTypes: ['40'], network: 'Y', code: 'D7140' }),
      'DTP*304*D8*20240105~MSG*EXTRACTION TOOTH 30~',
    ].join(''),
    DD123456789: [
      EB({ info: 'C', level: 'FAM', serviceTypes: ['35'], period: '29', amount: 60, network: 'Y' }),
      EB({ info: 'F', level: 'FAM', serviceTypes: ['35'], period: '29', amount: 3100, network: 'Y' }),
      EB({ info: 'F', level: 'IND', serviceTypes: ['35'], period: '33', amount: 700, network: 'Y' }),
      EB({ info: 'F', level: 'IND', serviceTypes: ['23'], network: 'Y', code: 'D0140' }),
      HSD({ quantity: 2, period: '29' }),
      EB({ info: 'F', level: 'IND', serviceTypes: ['40'], network: 'Y', code: 'D7140' }),
      'DTP*304*D8*20231111~MSG*EXTRACTION TOOTH 17~',
    ].join(''),
  };

  /** The sandbox's 271 with the patient's own rows after its benefits (the envelope count follows). */
  const clearinghouse: Clearinghouse = {
    async eligibility(x270) {
      const answer = await createSandboxClearinghouse().eligibility(x270);
      const rows = (PATIENT_ROWS[parse270(x270).subscriber.name.id] ?? '').split('~').filter((row) => row !== '');
      return answer.replace(/SE\*(\d+)\*(\w+)~/, (_, count: string, control: string) => `${rows.map((row) => `${row}~\n`).join('')}SE*${Number(count) + rows.length}*${control}~`);
    },
  };

  let harness: Harness;
  beforeAll(async () => {
    harness = await createHarness({ clearinghouse });
  });
  afterAll(() => harness.close());

  it('shares the plan of two patients verified in two offices without their amounts, visits left or history', async () => {
    const first = await harness.settled(await harness.createFor('DD100200300'));
    const second = await harness.settled(await harness.createFor('DD123456789', { as: 'staffA2' }), 'staffA2');
    expect(first.planId).not.toBeNull();
    expect(second.planId).toBe(first.planId);

    // Each ticket keeps its own patient's facts.
    expect(first.patient.note?.split('\n')).toEqual([
      'Family deductible remaining: $150',
      'Family maximum remaining: $2,600',
      'Lifetime maximum remaining: $1,500',
      'ADA:D0140: Frequency: 1 visit remaining',
    ]);
    expect(second.patient.note?.split('\n')).toEqual([
      'Family deductible remaining: $60',
      'Family maximum remaining: $3,100',
      'Lifetime maximum remaining: $700',
      'ADA:D0140: Frequency: 2 visits remaining',
    ]);
    expect(first.patient.history).toContainEqual({ code: 'ADA:D7140', date: '01/05/2024', notes: 'EXTRACTION TOOTH 30' });
    expect(second.patient.history).toContainEqual({ code: 'ADA:D7140', date: '11/11/2023', notes: 'EXTRACTION TOOTH 17' });
    expect(first.patient.insuranceRemaining?.value).toBe(1210);

    // Neither the tickets' plans nor the library's, which every office of the organization reads, hold any of it.
    const patientLevel = /remaining|extraction|tooth 30|tooth 17|D7140|periodic exam|adult prophylaxis|bitewings|\$150|\$60|\$2,600|\$3,100|\$700|\d{2}\/\d{2}\/\d{4}/i;
    expect(JSON.stringify(first.plan)).not.toMatch(patientLevel);
    expect(JSON.stringify(second.plan)).not.toMatch(patientLevel);
    for (const reader of ['staff', 'staffA2'] as const) {
      const library = (await harness.call('GET', `/api/plans/${first.planId}`, { as: reader })).json<PlanLibraryDetail>();
      expect(library.verifications).toBe(2);
      expect(JSON.stringify(library.plan)).not.toMatch(patientLevel);
      expect(JSON.stringify(library.plan)).not.toMatch(/1210|1,210/);
    }
  });

  it('leaves out of the library copy what a source or an edit still put in the plan about a patient', () => {
    const plan: PlanV3 = {
      score: 7,
      details: {
        benefitYear: { value: 'january', score: 2 },
        planType: { value: 'dental', score: 2 },
        participation: { value: 'In Network', score: 2 },
        initiationDate: { value: '2024-01-01T00:00:00.000Z', score: 2 },
        mappingInfo: [
          { message: 'BENEFIT_YEAR_FROM_PLAN', path: 'benefitYear', detail: 'calendar year (amounts with EB06 23)' },
          { message: 'CONFLICTS', path: 'patient.insuranceRemaining', detail: 'clearinghouse (sandbox) stated 1210 (score 2); kept portal (deltadental): 1110' },
        ],
      },
      payer: { id: '77777', name: 'Delta Dental of California' },
      sponsor: {
        sponsorName: { value: null, score: 1 },
        sponsorType: { value: 'Employer', score: 1 },
        groupNumber: { value: '01234-0001', score: 2 },
        groupName: { value: 'ACME MANUFACTURING', score: 2 },
      },
      benefits: {
        mappingInfo: [{ message: 'CONFLICTS', path: 'deductibleRemaining', detail: 'EB at segment 20 also states 10' }],
        adaCodes: {
          'ADA:D0120': {
            category: 'Preventative',
            subcategory: 'Exams',
            code: 'ADA:D0120',
            caveat: [
              { value: 'Frequency: 1 visit remaining', score: 2 },
              { value: 'LAST PERIODIC EXAM 01/21/2024', score: 2 },
              { value: 'Frequency: 1 per visit', score: 2 },
            ],
          },
        },
      },
      caveat: [
        { value: 'Lifetime maximum remaining: $1,500', score: 2 },
        { value: 'Deductible met for 2024', score: 2 },
        { value: 'Deductible must be met before basic services', score: 2 },
        { value: 'MISSING TOOTH CLAUSE APPLIES TO TEETH MISSING PRIOR TO COVERAGE', score: 2 },
      ],
      userHashes: ['abc'],
      schemaVersion: 3,
    };
    const copy = libraryCopy(plan, 'hash');
    expect(copy.caveat).toEqual([
      { value: 'Deductible must be met before basic services', score: 2 },
      { value: 'MISSING TOOTH CLAUSE APPLIES TO TEETH MISSING PRIOR TO COVERAGE', score: 2 },
    ]);
    expect(copy.details.mappingInfo).toEqual([{ message: 'BENEFIT_YEAR_FROM_PLAN', path: 'benefitYear', detail: 'calendar year (amounts with EB06 23)' }]);
    expect(copy.benefits.mappingInfo).toBeUndefined();
    expect(copy.benefits.adaCodes['ADA:D0120']?.caveat).toEqual([{ value: 'Frequency: 1 per visit', score: 2 }]);
    expect(copy).toMatchObject({ planHash: 'hash' });
    expect(copy.userHashes).toBeUndefined();
    // The verification's own plan is left as it was.
    expect(plan.caveat).toHaveLength(4);
  });
});
