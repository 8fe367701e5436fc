import { migrateTicket } from './migrate';

const CHANGED = '2024-01-15T10:30:05.123Z';
const LATER = '2024-03-01T08:00:00.000Z';

const ENTRY = (key: string): string[] => ['plan', 'benefits', 'adaCodes', key];

function planV2() {
  return {
    score: 7,
    details: {
      benefitYear: { value: 'january', score: 3 },
      participation: { value: 'In Network', score: 2, changeHistory: [{ userHash: 'u1', updatedAt: CHANGED, value: 'Not Sure' }] },
      initiationDate: { value: CHANGED, score: 2 },
    },
    payer: { id: 'p1', name: 'Delta' },
    sponsor: {
      sponsorName: { value: 'Acme', score: 3 },
      sponsorType: { value: 'Employer', score: 3 },
      groupNumber: { value: 'G1', score: 3 },
      groupName: { value: 'Acme staff', score: 3 },
    },
    benefits: {
      age: { child: { min: { value: 0, score: 2 }, max: { value: 19, score: 2 } } },
      adaCodes: {
        D0120: {
          category: 'Diagnostic',
          code: 'D0120',
          wholeCategory: true,
          benefitLevel: { value: 100, score: 3 },
          correlatedWith: [{ code: 'D0150', how: 'SHARES_FREQUENCY', apply: true }],
          waitingPeriod: {
            value: { codes: ['D0150'], months: 6 },
            score: 2,
            changeHistory: [{ userHash: 'u1', updatedAt: CHANGED, value: { codes: ['D0140'], months: 12 } }],
          },
          caveat: 'twice a year',
        },
        D9110: { category: 'Adjunctive', code: 'D9110', wholeCategory: false },
      },
    },
    lastSubmission: LATER,
    caveat: 'plan caveat',
    schemaVersion: 2,
  };
}

function ticketDocV2() {
  return {
    patient: {
      deductibleRemaining: { value: 50, score: 2 },
      effectiveDate: { value: '01/01/2024', score: 3 },
      history: [{ code: 'D0120', date: '06/30/2023' }],
      historyStatus: 'Complete',
    },
    plan: planV2(),
    ticket: {
      integrationPatientInfo: {
        patientFirstName: 'Ann',
        patientLastName: 'Lee',
        patientDOB: '07/04/1985',
        patientMemberId: 'M1',
        patientRelationToSubscriber: 'Self',
      },
      draft: [planV2(), planV2()],
      status: 'Open',
      verificPlusInteralId: 'T-2',
      schemaVersion: 2,
    },
    schemaVersion: 2,
  };
}

type PlanV2Sample = ReturnType<typeof planV2>;
type Entries = Record<string, object>;

/** The sample document whose wrapper plan has `adaCodes` and whose patient history holds `historyCode`. */
function v2With(adaCodes: Entries, historyCode = 'D0120') {
  const doc = ticketDocV2();
  const plan: Omit<PlanV2Sample, 'benefits'> & { benefits: { adaCodes: Entries } } = { ...doc.plan, benefits: { adaCodes } };
  return { ...doc, plan, patient: { ...doc.patient, history: [{ code: historyCode, date: '06/30/2023' }] } };
}

const up = (doc: unknown = ticketDocV2()): unknown => migrateTicket(doc, 3);

describe('schema version 2 -> 3', () => {
  it('marks the wrapper, the ticket and every plan version 3', () => {
    const out = up();
    expect(out).toHaveProperty('schemaVersion', 3);
    expect(out).toHaveProperty('ticket.schemaVersion', 3);
    expect(out).toHaveProperty('plan.schemaVersion', 3);
    expect(out).toHaveProperty(['ticket', 'draft', 1, 'schemaVersion'], 3);
  });

  it('turns the plan caveat and each entry caveat into a list of one entry with score 1', () => {
    const out = up();
    expect(out).toHaveProperty('plan.caveat', [{ value: 'plan caveat', score: 1 }]);
    expect(out).toHaveProperty([...ENTRY('ADA:D0120'), 'caveat'], [{ value: 'twice a year', score: 1 }]);
  });

  it("sets details.planType to { value: 'unknown', score: 1 }", () => {
    expect(up()).toHaveProperty('plan.details.planType', { value: 'unknown', score: 1 });
  });

  it('removes wholeCategory, whether true or false', () => {
    const out = up();
    expect(out).not.toHaveProperty([...ENTRY('ADA:D0120'), 'wholeCategory']);
    expect(out).not.toHaveProperty([...ENTRY('ADA:D9110'), 'wholeCategory']);
  });

  it('prefixes adaCodes keys and entry codes with ADA:', () => {
    const out = up();
    expect(out).toHaveProperty([...ENTRY('ADA:D0120'), 'code'], 'ADA:D0120');
    expect(out).toHaveProperty([...ENTRY('ADA:D9110'), 'code'], 'ADA:D9110');
    expect(out).not.toHaveProperty(ENTRY('D0120'));
  });

  it('prefixes history codes, correlated codes and waiting-period codes (value and change history)', () => {
    const out = up();
    expect(out).toHaveProperty(['patient', 'history', 0, 'code'], 'ADA:D0120');
    expect(out).toHaveProperty([...ENTRY('ADA:D0120'), 'correlatedWith'], [{ code: 'ADA:D0150', how: 'SHARES_FREQUENCY', apply: true }]);
    expect(out).toHaveProperty([...ENTRY('ADA:D0120'), 'waitingPeriod'], {
      value: { codes: ['ADA:D0150'], months: 6 },
      score: 2,
      changeHistory: [{ userHash: 'u1', updatedAt: CHANGED, value: { codes: ['ADA:D0140'], months: 12 } }],
    });
  });

  it('gives each code entry the category and subcategory of its number', () => {
    const out = up();
    expect(out).toHaveProperty([...ENTRY('ADA:D0120'), 'category'], 'Preventative');
    expect(out).toHaveProperty([...ENTRY('ADA:D0120'), 'subcategory'], 'Exams');
    expect(out).toHaveProperty([...ENTRY('ADA:D9110'), 'category'], 'Adjunctive General Services');
    // No subcategory range holds 9110.
    expect(out).not.toHaveProperty([...ENTRY('ADA:D9110'), 'subcategory']);
  });

  it("sets patient.coverageStatus to 'unknown'", () => {
    expect(up()).toHaveProperty('patient.coverageStatus', 'unknown');
  });

  it('migrates every plan of the draft', () => {
    const out = up();
    for (const index of [0, 1]) {
      const plan = ['ticket', 'draft', index];
      expect(out).toHaveProperty([...plan, 'caveat'], [{ value: 'plan caveat', score: 1 }]);
      expect(out).toHaveProperty([...plan, 'details', 'planType'], { value: 'unknown', score: 1 });
      expect(out).toHaveProperty([...plan, 'benefits', 'adaCodes', 'ADA:D0120', 'subcategory'], 'Exams');
    }
  });

  it('keeps what versions 2 and 3 share: dates, scores, change history, the split Age', () => {
    const out = up();
    expect(out).toHaveProperty('plan.details.participation', planV2().details.participation);
    expect(out).toHaveProperty('plan.lastSubmission', LATER);
    expect(out).toHaveProperty('plan.benefits.age', planV2().benefits.age);
    expect(out).toHaveProperty('patient.effectiveDate', { value: '01/01/2024', score: 3 });
    expect(out).toHaveProperty('ticket.integrationPatientInfo.patientDOB', '07/04/1985');
  });

  it('keeps a code that is already in version 3 form', () => {
    const out = up(v2With({ 'ADA:D0120': { category: 'Diagnostic', code: 'ADA:D0120' } }, 'ADA:D0120'));
    expect(out).toHaveProperty([...ENTRY('ADA:D0120'), 'code'], 'ADA:D0120');
    expect(out).toHaveProperty(['patient', 'history', 0, 'code'], 'ADA:D0120');
  });

  it("throws 'God a unknown adacode format' for an old-style code that is not D followed by digits", () => {
    const message = 'God a unknown adacode format';
    expect(() => up(v2With({ X0120: { category: 'Diagnostic' } }))).toThrow(message);
    expect(() => up(v2With({ D0120: { category: 'Diagnostic', code: 'd0120' } }))).toThrow(message);
    expect(() => up(v2With({ D0120: { category: 'Diagnostic' } }, '0120'))).toThrow(message);
    const correlatedWith = [{ code: 'D01x0', how: 'APPLIES_TO' }];
    expect(() => up(v2With({ D0120: { category: 'Diagnostic', correlatedWith } }))).toThrow(message);
    const waitingPeriod = { value: { codes: ['ADA0120'], months: 1 }, score: 1 };
    expect(() => up(v2With({ D0120: { category: 'Diagnostic', waitingPeriod } }))).toThrow(message);
    expect(() => up(v2With({ D: { category: 'Diagnostic' } }))).toThrow(message);
  });

  it("throws 'God a invalid adacode number' for D followed by a number that is not four digits", () => {
    const message = 'God a invalid adacode number';
    expect(() => up(v2With({ D120: { category: 'Diagnostic' } }))).toThrow(message);
    expect(() => up(v2With({ D0120: { category: 'Diagnostic', code: 'D01200' } }))).toThrow(message);
    expect(() => up(v2With({ D0120: { category: 'Diagnostic' } }, 'D1'))).toThrow(message);
  });

  it("throws 'adaCodes is required' for a plan without adaCodes, in the wrapper or in the draft", () => {
    const doc = ticketDocV2();
    const noCodes = { ...doc.plan, benefits: {} };
    expect(() => up({ ...doc, plan: noCodes })).toThrow('adaCodes is required');
    expect(() => up({ ...doc, ticket: { ...doc.ticket, draft: [noCodes] } })).toThrow('adaCodes is required');
  });
});

function planV3() {
  return {
    score: 7,
    details: {
      benefitYear: {
        value: 'january',
        score: 4,
        changeHistory: [
          { userHash: 'u1', updatedAt: CHANGED, value: 'january', oldValue: 'june', newValue: 'january', oldScore: 2, newScore: 4 },
        ],
      },
      planType: { value: 'dental', score: 4 },
      participation: { value: 'In Network', score: 2 },
      initiationDate: { value: CHANGED, score: 2 },
    },
    payer: { id: 'p1', name: 'Delta', typeOfVerification: 'portal', createdAsNotSure: false },
    sponsor: {
      sponsorName: { value: 'Acme', score: 4 },
      sponsorType: { value: 'Employer', score: 3 },
      groupNumber: { value: 'G1', score: 1 },
      groupName: { value: 'Acme staff', score: 2 },
    },
    benefits: {
      annualMax: { value: 1500, score: 4 },
      age: { child: { min: { value: 0, score: 4 }, max: { value: 19, score: 1 } } },
      adaCodes: {
        'ADA:D0120': {
          category: 'Preventative',
          subcategory: 'Exams',
          code: 'ADA:D0120',
          benefitLevel: {
            value: 100,
            score: 4,
            changeHistory: [{ userHash: 'u2', updatedAt: LATER, value: 100, oldValue: 80, oldScore: 1 }],
          },
          correlatedWith: [{ code: 'ADA:D0150', how: 'SHARES_FREQUENCY' }],
          waitingPeriod: {
            value: { codes: ['ADA:D0150'], months: 6 },
            score: 3,
            changeHistory: [{ userHash: 'u1', updatedAt: CHANGED, value: { codes: ['ADA:D0140'], months: 12 }, newScore: 3 }],
          },
          caveat: [
            { value: 'twice a year', score: 2 },
            { value: 'not on the same day as D0150', score: 4 },
          ],
          exceptions: { child: { benefitLevel: { value: 80, score: 4 } } },
        },
        'ADA:D1110': { category: 'Preventative', subcategory: 'Prophylaxis', code: 'ADA:D1110' },
        'CAT:Basic': { category: 'Basic', benefitLevel: { value: 80, score: 3 } },
        'SUB:Exams': { category: 'Preventative', subcategory: 'Exams', benefitLevel: { value: 100, score: 3 } },
      },
    },
    lastSubmission: LATER,
    planNotes: 'call the carrier for frequencies',
    caveat: [{ value: 'plan caveat', score: 1 }],
    schemaVersion: 3,
  };
}

function ticketDocV3(draft: unknown[] = [planV3(), planV3()]) {
  return {
    patient: {
      deductibleRemaining: { value: 50, score: 4 },
      effectiveDate: { value: '01/01/2024', score: 3 },
      history: [{ code: 'ADA:D0120', date: '06/30/2023' }],
      historyStatus: 'Complete',
      unmappedHistory: [{ originalBenefitKey: 'exam', code: '0120', date: '2023-06-30', isWrongDate: false }],
      coverageStatus: 'active',
      planEndDate: '12/31/2024',
    },
    plan: planV3(),
    ticket: {
      integrationPatientInfo: {
        patientFirstName: 'Ann',
        patientLastName: 'Lee',
        patientDOB: '07/04/1985',
        patientMemberId: 'M1',
        patientRelationToSubscriber: 'Self',
      },
      draft,
      status: 'Open',
      verificPlusInteralId: 'T-3',
      schemaVersion: 3,
    },
    schemaVersion: 3,
  };
}

function v3With(adaCodes: Entries, historyCode = 'ADA:D0120') {
  const doc = ticketDocV3([]);
  return {
    ...doc,
    plan: { ...doc.plan, benefits: { adaCodes } },
    patient: { ...doc.patient, history: [{ code: historyCode, date: '06/30/2023' }] },
  };
}

describe('schema version 3 -> 2', () => {
  const down = (doc: unknown = ticketDocV3(), log?: (message: string) => void): unknown => migrateTicket(doc, 2, log);

  it('marks the wrapper, the ticket and the plans version 2', () => {
    const out = down();
    expect(out).toHaveProperty('schemaVersion', 2);
    expect(out).toHaveProperty('ticket.schemaVersion', 2);
    expect(out).toHaveProperty('plan.schemaVersion', 2);
    expect(out).toHaveProperty(['ticket', 'draft', 0, 'schemaVersion'], 2);
  });

  it('removes planNotes and details.planType', () => {
    const out = down();
    expect(out).not.toHaveProperty('plan.planNotes');
    expect(out).not.toHaveProperty('plan.details.planType');
  });

  it('removes payer typeOfVerification and createdAsNotSure', () => {
    expect(down()).toHaveProperty('plan.payer', { id: 'p1', name: 'Delta' });
  });

  it('removes entry subcategories', () => {
    const out = down();
    expect(out).not.toHaveProperty([...ENTRY('D0120'), 'subcategory']);
    expect(out).not.toHaveProperty([...ENTRY('D1110'), 'subcategory']);
  });

  it('removes CAT: and SUB: keys and strips ADA: from the code keys', () => {
    const out = down();
    expect(out).toHaveProperty('plan.benefits.adaCodes', { D0120: expect.any(Object), D1110: expect.any(Object) });
  });

  it('removes unmappedHistory, coverageStatus and planEndDate from the patient', () => {
    const out = down();
    expect(out).not.toHaveProperty('patient.unmappedHistory');
    expect(out).not.toHaveProperty('patient.coverageStatus');
    expect(out).not.toHaveProperty('patient.planEndDate');
  });

  it('strips ADA: from entry codes, history codes, correlated codes and waiting-period codes', () => {
    const out = down();
    expect(out).toHaveProperty([...ENTRY('D0120'), 'code'], 'D0120');
    expect(out).toHaveProperty(['patient', 'history', 0, 'code'], 'D0120');
    expect(out).toHaveProperty([...ENTRY('D0120'), 'correlatedWith'], [{ code: 'D0150', how: 'SHARES_FREQUENCY' }]);
    expect(out).toHaveProperty([...ENTRY('D0120'), 'waitingPeriod'], {
      value: { codes: ['D0150'], months: 6 },
      score: 3,
      changeHistory: [{ userHash: 'u1', updatedAt: CHANGED, value: { codes: ['D0140'], months: 12 } }],
    });
  });

  it('replaces the category with the old-style name of the code number', () => {
    const out = down();
    expect(out).toHaveProperty([...ENTRY('D0120'), 'category'], 'Diagnostic');
    expect(out).toHaveProperty([...ENTRY('D1110'), 'category'], 'Preventive');
  });

  it("logs a warning and yields 'unknown' for a code number without an old-style category", () => {
    const log = jest.fn<undefined, [string]>();
    const out = down(v3With({ 'ADA:D5905': { category: 'Major', subcategory: 'Dentures', code: 'ADA:D5905' } }), log);
    expect(out).toHaveProperty([...ENTRY('D5905'), 'category'], 'unknown');
    expect(log.mock.calls).toEqual([["Ticket T-3: Unknown category number 5905 (code D5905): category set to 'unknown'"]]);
  });

  it('joins caveat lists into one string', () => {
    const out = down();
    expect(out).toHaveProperty('plan.caveat', 'plan caveat');
    expect(out).toHaveProperty([...ENTRY('D0120'), 'caveat'], 'twice a year\nnot on the same day as D0150');
  });

  it('turns score 4 into 3 in every scored field and leaves lower scores alone', () => {
    const out = down();
    expect(out).toHaveProperty('plan.details.benefitYear.score', 3);
    expect(out).toHaveProperty('plan.sponsor.sponsorName.score', 3);
    expect(out).toHaveProperty('plan.sponsor.groupNumber.score', 1);
    expect(out).toHaveProperty('plan.benefits.annualMax.score', 3);
    expect(out).toHaveProperty('plan.benefits.age.child', { min: { value: 0, score: 3 }, max: { value: 19, score: 1 } });
    expect(out).toHaveProperty([...ENTRY('D0120'), 'benefitLevel', 'score'], 3);
    expect(out).toHaveProperty([...ENTRY('D0120'), 'exceptions', 'child', 'benefitLevel', 'score'], 3);
    expect(out).toHaveProperty('patient.deductibleRemaining.score', 3);
  });

  it('drops oldValue, newValue, oldScore and newScore from change-history entries', () => {
    const out = down();
    expect(out).toHaveProperty('plan.details.benefitYear.changeHistory', [{ userHash: 'u1', updatedAt: CHANGED, value: 'january' }]);
    expect(out).toHaveProperty([...ENTRY('D0120'), 'benefitLevel', 'changeHistory'], [{ userHash: 'u2', updatedAt: LATER, value: 100 }]);
  });

  it('keeps only the first plan of a multi-plan draft and logs that it did', () => {
    const first = { ...planV3(), planHash: 'first' };
    const log = jest.fn<undefined, [string]>();
    const out = down(ticketDocV3([first, planV3(), planV3()]), log);
    expect(out).toHaveProperty('ticket.draft', [expect.objectContaining({ planHash: 'first', schemaVersion: 2 })]);
    expect(log.mock.calls).toEqual([['Ticket T-3: draft had 3 plans, schema version 2 keeps only the first']]);
  });

  it('logs nothing for a draft of one plan or none', () => {
    const log = jest.fn<undefined, [string]>();
    expect(down(ticketDocV3([planV3()]), log)).toHaveProperty('ticket.draft', [expect.objectContaining({ schemaVersion: 2 })]);
    expect(down(ticketDocV3([]), log)).toHaveProperty('ticket.draft', []);
    expect(log).not.toHaveBeenCalled();
  });

  it("throws 'Unrecognized code format: {code}' for a code that is neither D#### nor ADA:D####", () => {
    expect(() => down(v3With({ 'ADA:D012': { category: 'Preventative' } }))).toThrow('Unrecognized code format: ADA:D012');
    expect(() => down(v3With({ Cleaning: { category: 'Preventative' } }))).toThrow('Unrecognized code format: Cleaning');
    expect(() => down(v3With({ 'ADA:D0120': { category: 'Preventative', code: 'ADA:0120' } }))).toThrow(
      'Unrecognized code format: ADA:0120',
    );
    expect(() => down(v3With({}, 'D01205'))).toThrow('Unrecognized code format: D01205');
    const correlatedWith = [{ code: 'ADA:X0150', how: 'APPLIES_TO' }];
    expect(() => down(v3With({ 'ADA:D0120': { category: 'Preventative', correlatedWith } }))).toThrow(
      'Unrecognized code format: ADA:X0150',
    );
    expect(() =>
      down(v3With({ 'ADA:D0120': { category: 'Preventative', waitingPeriod: { value: { codes: ['ADA:D15'], months: 1 }, score: 1 } } })),
    ).toThrow('Unrecognized code format: ADA:D15');
  });

  it('reads an unprefixed D#### code where a version 3 code is expected', () => {
    const out = down(v3With({ D0120: { category: 'Preventative', code: 'D0120' } }, 'D0120'));
    expect(out).toHaveProperty([...ENTRY('D0120'), 'code'], 'D0120');
    expect(out).toHaveProperty(['patient', 'history', 0, 'code'], 'D0120');
  });

  it("throws 'adaCodes is required' for a plan without adaCodes", () => {
    const doc = ticketDocV3();
    expect(() => down({ ...doc, plan: { ...doc.plan, benefits: {} } })).toThrow('adaCodes is required');
    expect(() => down(ticketDocV3([{ ...planV3(), benefits: { annualMax: { value: 1, score: 1 } } }]))).toThrow('adaCodes is required');
  });

  it('gives back the version 2 document that 2 -> 3 started from, but for wholeCategory', () => {
    const original = ticketDocV2();
    const withoutWholeCategory = (plan: PlanV2Sample) => {
      const { D0120, D9110 } = plan.benefits.adaCodes;
      const { wholeCategory: _a, ...d0120 } = D0120;
      const { wholeCategory: _b, ...d9110 } = D9110;
      return { ...plan, benefits: { ...plan.benefits, adaCodes: { D0120: d0120, D9110: d9110 } } };
    };
    const log = jest.fn<undefined, [string]>();
    expect(down(up(original), log)).toEqual({
      ...original,
      plan: withoutWholeCategory(original.plan),
      // Only the first plan of a multi-plan draft comes back.
      ticket: { ...original.ticket, draft: [withoutWholeCategory(original.plan)] },
    });
    expect(log).toHaveBeenCalledWith('Ticket T-2: draft had 2 plans, schema version 2 keeps only the first');
  });
});

