import path from 'node:path';
import {
  AI_PORTALS,
  planCoversCode,
  compareRecommendations,
  RECOMMENDATION_ACTION_PRIORITY,
  Recommendation,
  type PatientV3,
  type PlanV3,
  type RecommendationReasonCode,
  type TicketWrapperV3,
} from '@dv/contracts';
import fc from 'fast-check';
import { deriveRecommendations, type RecommendationInput, type RecommendationJob } from './derive';
import { uncoveredPlannedLines } from './treatment-plan-rules';

// The shared document fixtures and arbitraries live in contracts' sources, outside this project's rootDir: loaded at run time.
/* eslint-disable @typescript-eslint/no-require-imports -- see above */
const { validTicketV3 } = require(path.join(__dirname, '../../../../contracts/src/testing/fixtures')) as { validTicketV3: TicketWrapperV3 };
const { ticketWrapperV3 } = require(path.join(__dirname, '../../../../contracts/src/testing/arbitraries')) as {
  ticketWrapperV3: fc.Arbitrary<TicketWrapperV3>;
};
/* eslint-enable @typescript-eslint/no-require-imports */

const TODAY = new Date(2025, 5, 15);

/** A plan and patient that state everything: no recommendation. */
function complete(): { patient: PatientV3; plan: PlanV3 } {
  const patient = structuredClone(validTicketV3.patient);
  patient.coverageStatus = 'active';
  const plan = structuredClone(validTicketV3.plan!);
  plan.benefits.adaCodes['CAT:Major'] = { benefitLevel: { value: 50, score: 3 } } as PlanV3['benefits']['adaCodes'][string];
  return { patient, plan };
}

const clearinghouseDone: RecommendationJob = { id: 'job-ch', source: 'clearinghouse', sourceName: 'sandbox', status: 'done', outcome: 'success' };

function input(change: (wrapper: { patient: PatientV3; plan: PlanV3 | null }) => void = () => {}, extra: Partial<RecommendationInput> = {}): RecommendationInput {
  const wrapper: { patient: PatientV3; plan: PlanV3 | null } = complete();
  change(wrapper);
  return { wrapper, jobs: [clearinghouseDone], carrier: { eligibility270: true, portalId: null }, office: { today: TODAY }, ...extra };
}

const codes = (given: RecommendationInput) => deriveRecommendations(given).map((recommendation) => recommendation.code);
const find = (given: RecommendationInput, code: RecommendationReasonCode) => deriveRecommendations(given).find((r) => r.code === code);

describe('deriveRecommendations', () => {
  it('recommends nothing when the plan and patient state everything', () => {
    expect(deriveRecommendations(input())).toEqual([]);
  });

  it.each<[string, (wrapper: { patient: PatientV3; plan: PlanV3 | null }) => void, RecommendationReasonCode, string]>([
    ['unknown coverage status', (w) => (w.patient.coverageStatus = 'unknown'), 'MISSING_PLAN_STATUS', 'HIGH'],
    ['no remaining maximum', (w) => delete w.patient.insuranceRemaining, 'MISSING_INSURANCE_REMAINING', 'MEDIUM'],
    ['an empty remaining maximum', (w) => (w.patient.insuranceRemaining = { value: null, score: 1 }), 'MISSING_INSURANCE_REMAINING', 'MEDIUM'],
    ['no effective date', (w) => delete w.patient.effectiveDate, 'MISSING_EFFECTIVE_DATE', 'MEDIUM'],
    ['no remaining deductible', (w) => delete w.patient.deductibleRemaining, 'MISSING_DEDUCTIBLE_REMAINING', 'LOW'],
    ['history None', (w) => (w.patient.historyStatus = 'None'), 'MISSING_HISTORY', 'MEDIUM'],
    ['history Unknown', (w) => (w.patient.historyStatus = 'Unknown'), 'MISSING_HISTORY', 'MEDIUM'],
    ['history Partial', (w) => (w.patient.historyStatus = 'Partial'), 'PARTIAL_HISTORY', 'LOW'],
    ['no group number', (w) => (w.plan!.sponsor.groupNumber = { value: null, score: 1 }), 'PLAN_MISSING_FIELDS', 'LOW'],
    ['no annual maximum', (w) => delete w.plan!.benefits.annualMax, 'PLAN_MISSING_FIELDS', 'MEDIUM'],
    ['no plan at all', (w) => (w.plan = null), 'MISSING_PLAN_STATUS', 'HIGH'],
  ])('%s', (_, change, code, severity) => {
    const found = deriveRecommendations(input(change));
    expect(found.map((r) => [r.code, r.severity])).toEqual([[code, severity]]);
    expect(found[0]!.message.length).toBeGreaterThan(20);
  });

  it('names the plan facts that are missing, not those other codes name', () => {
    const found = find(
      input((w) => {
        w.plan!.sponsor.groupNumber = { value: null, score: 1 };
        delete w.plan!.benefits.annualMax;
        delete w.patient.effectiveDate;
      }),
      'PLAN_MISSING_FIELDS',
    );
    expect(found?.message).toBe('The plan is missing: group number, annual maximum.');
  });

  it('a plan without a deductible has no remaining deductible to miss', () => {
    expect(codes(input((w) => {
      delete w.patient.deductibleRemaining;
      w.plan!.benefits.deductible = { individual: { value: 0, score: 3 } };
    }))).toEqual([]);
  });

  it('inactive or terminated coverage leaves only the office notices', () => {
    for (const status of ['inactive', 'terminated'] as const) {
      const given = input((w) => {
        w.patient.coverageStatus = status;
        delete w.patient.insuranceRemaining;
        w.patient.historyStatus = 'Unknown';
        delete w.plan!.benefits.annualMax;
      });
      expect(codes(given)).toEqual([]);
    }
  });

  it('recommends nothing while a source still works', () => {
    for (const status of ['pending', 'processing'] as const) {
      const jobs = [clearinghouseDone, { id: 'job-p', source: 'portal' as const, sourceName: 'deltadental', status, outcome: null }];
      expect(deriveRecommendations(input((w) => (w.plan = null), { jobs }))).toEqual([]);
    }
  });

  it('sorts most urgent first: severity, then the best action priority', () => {
    const given = input((w) => {
      w.patient.coverageStatus = 'unknown';
      w.patient.historyStatus = 'Partial';
      delete w.patient.deductibleRemaining;
      delete w.patient.insuranceRemaining;
      w.plan!.sponsor.groupNumber = { value: null, score: 1 };
    });
    // Among the LOW ones, PARTIAL_HISTORY and PLAN_MISSING_FIELDS offer an outsourced breakdown (priority 1),
    // the remaining deductible an outsourced eligibility (2).
    expect(codes(given)).toEqual(['MISSING_PLAN_STATUS', 'MISSING_INSURANCE_REMAINING', 'PARTIAL_HISTORY', 'PLAN_MISSING_FIELDS', 'MISSING_DEDUCTIBLE_REMAINING']);
  });

  describe('actions', () => {
    it('offers outsourcing, the carrier by the phone its answer gave, and its portal while no portal data came', () => {
      const found = find(input((w) => (w.patient.coverageStatus = 'unknown'), { carrier: { eligibility270: true, portalId: 'deltadental' } }), 'MISSING_PLAN_STATUS');
      expect(found?.actions).toEqual([
        { action: 'OUTSOURCE_ELIGIBILITY', priority: 2 },
        { action: 'CONTACT_CARRIER', priority: 4, phone: '8007654321' },
        { action: 'CHECK_CARRIER_PORTAL', priority: 6, portalId: 'deltadental' },
      ]);
      expect(found?.category).toBe('eligibilityMissing');
    });

    it('offers no call without a phone number and no portal for a carrier without one', () => {
      const found = find(input((w) => {
        w.patient.historyStatus = 'Unknown';
        delete w.plan!.payer.phoneNumber;
      }), 'MISSING_HISTORY');
      expect(found?.actions).toEqual([{ action: 'OUTSOURCE_BREAKDOWN', priority: 1 }]);
    });

    it('a portal-only carrier without portal data: check its portal', () => {
      const jobs: RecommendationJob[] = [{ id: 'job-p', source: 'portal', sourceName: 'humana', status: 'credentialPending', outcome: null }];
      const found = deriveRecommendations(input((w) => (w.plan = null), { jobs, carrier: { eligibility270: false, portalId: 'humana' } }));
      expect(found).toHaveLength(1);
      expect(found[0]!.actions.map((a) => a.action)).toEqual(['OUTSOURCE_BREAKDOWN', 'OUTSOURCE_ELIGIBILITY', 'CHECK_CARRIER_PORTAL']);
      expect(found[0]!.actions.at(-1)).toEqual({ action: 'CHECK_CARRIER_PORTAL', priority: 6, portalId: 'humana' });
    });

    it('a portal job that failed can be run again: extract the portal data', () => {
      const jobs: RecommendationJob[] = [clearinghouseDone, { id: 'job-p', source: 'portal', sourceName: 'metdental', status: 'done', outcome: 'error' }];
      const found = find(input((w) => delete w.patient.effectiveDate, { jobs, carrier: { eligibility270: true, portalId: 'metdental' } }), 'MISSING_EFFECTIVE_DATE');
      expect(found?.actions.map((a) => a.action)).toEqual(['OUTSOURCE_ELIGIBILITY', 'CONTACT_CARRIER', 'EXTRACT_PORTAL_DATA_WITH_API', 'CHECK_CARRIER_PORTAL']);
      expect(found?.actions[2]).toEqual({ action: 'EXTRACT_PORTAL_DATA_WITH_API', priority: 5, jobId: 'job-p' });
    });

    it.each([
      ['deltadental', 'portalProvided'],
      ...AI_PORTALS.map((portal) => [portal, 'portalAiProvided']),
    ])('portal %s answered: category %s, no portal check', (portal, category) => {
      const jobs: RecommendationJob[] = [clearinghouseDone, { id: 'job-p', source: 'portal', sourceName: portal, status: 'done', outcome: 'success' }];
      const found = find(input((w) => delete w.patient.insuranceRemaining, { jobs, carrier: { eligibility270: true, portalId: portal } }), 'MISSING_INSURANCE_REMAINING');
      expect(found?.category).toBe(category);
      expect(found?.actions.map((a) => a.action)).not.toContain('CHECK_CARRIER_PORTAL');
    });
  });

  describe('office context', () => {
    const covered = complete().plan;

    it('a treatment plan turned off: go to customization', () => {
      const found = deriveRecommendations(input(undefined, { office: { today: TODAY, treatmentPlan: { enabled: false, lines: [] } } }));
      expect(found).toEqual([
        expect.objectContaining({ code: 'TREATMENT_PLAN_DISABLED', category: 'other', severity: 'LOW', actions: [{ action: 'GO_TO_CUSTOMIZATION', priority: 3 }] }),
      ]);
    });

    it('planned procedures the plan says nothing about, and a new patient', () => {
      const lines = [
        { procedureCode: 'D0120', dateOfService: '06/20/2025' },
        { procedureCode: 'D8080', dateOfService: null },
        { procedureCode: 'D9999', dateOfService: '07/01/2025' },
        { procedureCode: 'D1110', dateOfService: '01/10/2019', procedureStatus: 'Completed' as const },
      ];
      expect(uncoveredPlannedLines(covered, lines, TODAY)).toBe(2);
      const found = deriveRecommendations(input(undefined, { office: { today: TODAY, treatmentPlan: { enabled: true, lines } } }));
      expect(found.map((r) => [r.code, r.severity])).toEqual([
        ['TREATMENT_PLAN_MISSING_FIELDS', 'MEDIUM'],
        ['NEW_PATIENT', 'LOW'],
      ]);
      expect(found[0]!.message).toBe('2 planned procedures have no coverage stated in the plan.');
    });

    it('a patient seen within 3 years is not new', () => {
      const lines = [{ procedureCode: 'D1110', dateOfService: '01/10/2024' }];
      expect(codes(input(undefined, { office: { today: TODAY, treatmentPlan: { enabled: true, lines } } }))).toEqual([]);
    });

    it('another outsourced verification is a notice without actions', () => {
      expect(deriveRecommendations(input(undefined, { office: { today: TODAY, otherVerificationOutsourced: true } }))).toEqual([
        expect.objectContaining({ code: 'OTHER_VERIFICATION_OUTSOURCED', severity: 'LOW', actions: [] }),
      ]);
    });

    it('a code is covered by its own entry, its subcategory or its category', () => {
      expect(planCoversCode(covered, 'ADA:D0120')).toBe(true);
      expect(planCoversCode(covered, 'D6010')).toBe(true);
      expect(planCoversCode(covered, 'not a code')).toBe(false);
    });
  });
});

// ---------- Properties ----------

const job: fc.Arbitrary<RecommendationJob> = fc.record({
  id: fc.constantFrom('j1', 'j2', 'j3'),
  source: fc.constantFrom('clearinghouse' as const, 'portal' as const),
  sourceName: fc.constantFrom('sandbox', 'deltadental', ...AI_PORTALS),
  status: fc.constantFrom('done' as const, 'credentialPending' as const, 'mfaRequired' as const, 'pending' as const),
  outcome: fc.constantFrom(null, 'success' as const, 'error' as const, 'rejected' as const),
});

/** Patient identifiers long and odd enough never to be part of a fixed message by chance. */
const identifier = fc.stringMatching(/^[A-Z][a-z]{2}[0-9]{2}[a-z]{3,12}$/);

const anyInput: fc.Arbitrary<RecommendationInput & { identifiers: string[] }> = fc
  .record({
    wrapper: ticketWrapperV3,
    names: fc.tuple(identifier, identifier, identifier),
    jobs: fc.array(job, { maxLength: 3 }),
    portalId: fc.option(fc.constantFrom('deltadental', 'humana', ...AI_PORTALS), { nil: null }),
    eligibility270: fc.boolean(),
    treatmentPlan: fc.option(
      fc.record({
        enabled: fc.boolean(),
        lines: fc.array(
          fc.record({
            procedureCode: fc.constantFrom('D0120', 'ADA:D2740', 'D8080', 'X'),
            dateOfService: fc.option(fc.constantFrom('01/10/2019', '06/15/2025', '2026-01-01'), { nil: null }),
          }),
          { maxLength: 4 },
        ),
      }),
      { nil: undefined },
    ),
    outsourced: fc.boolean(),
  })
  .map(({ wrapper, names, jobs, portalId, eligibility270, treatmentPlan, outsourced }) => {
    const [first, last, member] = names;
    const info = { ...wrapper.ticket.integrationPatientInfo, patientFirstName: first, patientLastName: last, patientMemberId: member };
    const plan = wrapper.plan === null ? null : { ...wrapper.plan, sponsor: { ...wrapper.plan.sponsor, sponsorName: { value: `${first} ${last}`, score: 3 as const } } };
    return {
      wrapper: { ...wrapper, plan, ticket: { ...wrapper.ticket, integrationPatientInfo: info } },
      jobs,
      carrier: { eligibility270, portalId },
      office: { today: TODAY, ...(treatmentPlan === undefined ? {} : { treatmentPlan }), otherVerificationOutsourced: outsourced },
      identifiers: [first, last, member, info.patientDOB],
    };
  });

describe('deriveRecommendations properties', () => {
  it('answers valid recommendations, most urgent first, each code and each action once, no patient data in a message', () => {
    fc.assert(
      fc.property(anyInput, (given) => {
        const found = deriveRecommendations(given);
        for (const recommendation of found) expect(Recommendation.safeParse(recommendation).success).toBe(true);
        for (let i = 1; i < found.length; i += 1) expect(compareRecommendations(found[i - 1]!, found[i]!)).toBeLessThanOrEqual(0);
        expect(new Set(found.map((r) => r.code)).size).toBe(found.length);
        for (const { actions, message } of found) {
          expect(new Set(actions.map((a) => a.action)).size).toBe(actions.length);
          expect(actions.map((a) => a.priority)).toEqual(actions.map((a) => RECOMMENDATION_ACTION_PRIORITY[a.action]).sort((a, b) => a - b));
          for (const identifier of given.identifiers) expect(message).not.toContain(identifier);
        }
      }),
      { numRuns: 300 },
    );
  });
});
