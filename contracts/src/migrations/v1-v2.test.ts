import { migratePlan, migrateTicket, migrateV2toV1 } from './migrate';

const iso = (ms: number): string => new Date(ms).toISOString();

const CHANGED = Date.UTC(2024, 0, 15, 10, 30, 5, 123);
const CHANGED_LATER = Date.UTC(2024, 2, 1, 8, 0);
const INITIATED = Date.UTC(2023, 0, 1, 12, 0);
const DOB = Date.UTC(1985, 6, 4);
const SUBSCRIBER_DOB = Date.UTC(1983, 11, 31);
const EFFECTIVE = Date.UTC(2024, 0, 1);
const SEEN = Date.UTC(2023, 5, 30);

function planV1() {
  return {
    score: 7,
    details: {
      benefitYear: { value: 'january', score: 3, changeHistory: [{ userHash: 'u1', timestamp: CHANGED, value: 'july' }] },
      participation: { value: 'In Network', score: 2 },
      initiationDate: {
        value: INITIATED,
        score: 2,
        changeHistory: [{ userHash: 'u1', timestamp: CHANGED, value: INITIATED - 86_400_000 }],
      },
    },
    payer: { id: 'p1', name: 'Delta' },
    sponsor: {
      sponsorName: { value: 'Acme', score: 3, changeHistory: [{ userHash: 'u2', timestamp: CHANGED, value: 'ACME' }] },
      sponsorType: { value: 'Employer', score: 3 },
      groupNumber: { value: 'G1', score: 3 },
      groupName: { value: 'Acme staff', score: 3 },
    },
    benefits: {
      annualMax: { value: 1500, score: 3, changeHistory: [{ userHash: 'u1', timestamp: CHANGED, value: 1000 }] },
      deductible: { individual: { value: 50, score: 2, changeHistory: [{ userHash: 'u1', timestamp: CHANGED, value: 25 }] } },
      age: {
        child: {
          value: { min: 0, max: 19 },
          score: 2,
          changeHistory: [
            { userHash: 'u1', timestamp: CHANGED, value: { min: 0, max: 18 } },
            { userHash: 'u2', timestamp: CHANGED_LATER, value: null },
          ],
        },
      },
      adaCodes: {
        D0120: {
          category: 'Diagnostic',
          code: 'D0120',
          wholeCategory: false,
          coinsurance: { value: 100, score: 3, changeHistory: [{ userHash: 'u1', timestamp: CHANGED, value: 80 }] },
          limitation: { value: { quantity: 2, frequency: 12, timePeriod: 'mo' }, score: 3 },
          age: { value: { min: 3, max: 99 }, score: 1 },
          exceptions: {
            child: { coinsurance: { value: 80, score: 2, changeHistory: [{ userHash: 'u3', timestamp: CHANGED, value: 70 }] } },
          },
          caveat: 'twice a year',
        },
      },
    },
    lastSubmition: CHANGED_LATER,
    caveat: 'plan caveat',
  };
}

function ticketDocV1() {
  return {
    patient: {
      deductibleRemaining: { value: 50, score: 2, changeHistory: [{ userHash: 'u1', timestamp: CHANGED, value: 75 }] },
      insuranceRemaining: { value: 1000, score: 3 },
      effectiveDate: { value: EFFECTIVE, score: 3, changeHistory: [{ userHash: 'u1', timestamp: CHANGED, value: Date.UTC(2023, 0, 1) }] },
      history: [{ code: 'D0120', date: SEEN, tooth: ['3'] }],
      historyStatus: 'Complete',
    },
    plan: planV1(),
    ticket: {
      integrationPatientInfo: {
        patientFirstName: 'Ann',
        patientLastName: 'Lee',
        patientDOB: DOB,
        patientMemberId: 'M1',
        patientRelationToSubscriber: 'Spouse',
        subscriberDOB: SUBSCRIBER_DOB,
      },
      resolvedDate: CHANGED_LATER,
      draft: [planV1()],
      status: 'Open',
      verificPlusInteralId: 'T-1',
      alertNotes: [{ creationDate: CHANGED, alertContent: 'call back', user: 'agent' }],
      schemaVersion: 1,
    },
  };
}

const up = (doc: unknown = ticketDocV1()): unknown => migrateTicket(doc, 2);

describe('schema version 1 -> 2', () => {
  it('treats a document without schemaVersion as version 1 and marks the wrapper, ticket and plans version 2', () => {
    const out = up();
    expect(out).toHaveProperty('schemaVersion', 2);
    expect(out).toHaveProperty('ticket.schemaVersion', 2);
    expect(out).toHaveProperty('plan.schemaVersion', 2);
    expect(out).toHaveProperty(['ticket', 'draft', 0, 'schemaVersion'], 2);
  });

  it('renames change-history timestamp to updatedAt as an ISO string, in every scored field', () => {
    const out = up();
    const change = (value: unknown, userHash = 'u1') => [{ userHash, updatedAt: iso(CHANGED), value }];
    expect(out).toHaveProperty('plan.details.benefitYear.changeHistory', change('july'));
    expect(out).toHaveProperty('plan.sponsor.sponsorName.changeHistory', change('ACME', 'u2'));
    expect(out).toHaveProperty('plan.benefits.annualMax.changeHistory', change(1000));
    expect(out).toHaveProperty('plan.benefits.deductible.individual.changeHistory', change(25));
    expect(out).toHaveProperty(['plan', 'benefits', 'adaCodes', 'D0120', 'benefitLevel', 'changeHistory'], change(80));
    const exception = ['plan', 'benefits', 'adaCodes', 'D0120', 'exceptions', 'child'];
    expect(out).toHaveProperty([...exception, 'benefitLevel', 'changeHistory'], change(70, 'u3'));
    expect(out).toHaveProperty('patient.deductibleRemaining.changeHistory', change(75));
    expect(out).toHaveProperty(['ticket', 'draft', 0, 'details', 'benefitYear', 'changeHistory'], change('july'));
  });

  it('turns epoch timestamps into ISO strings: initiationDate (and its history), resolvedDate, alert notes', () => {
    const out = up();
    expect(out).toHaveProperty('plan.details.initiationDate', {
      value: iso(INITIATED),
      score: 2,
      changeHistory: [{ userHash: 'u1', updatedAt: iso(CHANGED), value: iso(INITIATED - 86_400_000) }],
    });
    expect(out).toHaveProperty('ticket.resolvedDate', iso(CHANGED_LATER));
    expect(out).toHaveProperty('ticket.alertNotes', [{ creationDate: iso(CHANGED), alertContent: 'call back', user: 'agent' }]);
  });

  it('keeps a null resolvedDate and a null lastSubmition null', () => {
    const doc = ticketDocV1();
    const out = up({ ...doc, plan: { ...doc.plan, lastSubmition: null }, ticket: { ...doc.ticket, resolvedDate: null } });
    expect(out).toHaveProperty('plan.lastSubmission', null);
    expect(out).toHaveProperty('ticket.resolvedDate', null);
  });

  it('renames lastSubmition to lastSubmission as an ISO string', () => {
    const out = up();
    expect(out).toHaveProperty('plan.lastSubmission', iso(CHANGED_LATER));
    expect(out).not.toHaveProperty('plan.lastSubmition');
  });

  it('writes patient dates as MM/DD/YYYY: DOBs, effective date (and its history), history record dates', () => {
    const out = up();
    expect(out).toHaveProperty('ticket.integrationPatientInfo.patientDOB', '07/04/1985');
    expect(out).toHaveProperty('ticket.integrationPatientInfo.subscriberDOB', '12/31/1983');
    expect(out).toHaveProperty('patient.effectiveDate', {
      value: '01/01/2024',
      score: 3,
      changeHistory: [{ userHash: 'u1', updatedAt: iso(CHANGED), value: '01/01/2023' }],
    });
    expect(out).toHaveProperty('patient.history', [{ code: 'D0120', date: '06/30/2023', tooth: ['3'] }]);
  });

  it('takes the UTC calendar day of a patient date, whatever the local time zone', () => {
    const previous = process.env.TZ;
    process.env.TZ = 'Pacific/Kiritimati'; // UTC+14: local time is already the next day
    try {
      const doc = ticketDocV1();
      const lateEvening = Date.UTC(1985, 6, 4, 23, 30);
      const integrationPatientInfo = { ...doc.ticket.integrationPatientInfo, patientDOB: lateEvening };
      const out = up({ ...doc, ticket: { ...doc.ticket, integrationPatientInfo } });
      expect(out).toHaveProperty('ticket.integrationPatientInfo.patientDOB', '07/04/1985');
    } finally {
      process.env.TZ = previous;
    }
  });

  it('renames coinsurance to benefitLevel in entries and in their exceptions', () => {
    const out = up();
    const entry = ['plan', 'benefits', 'adaCodes', 'D0120'];
    expect(out).toHaveProperty([...entry, 'benefitLevel', 'value'], 100);
    expect(out).not.toHaveProperty([...entry, 'coinsurance']);
    expect(out).toHaveProperty([...entry, 'exceptions', 'child', 'benefitLevel', 'value'], 80);
    expect(out).not.toHaveProperty([...entry, 'exceptions', 'child', 'coinsurance']);
  });

  it('splits an Age into min and max scored values that keep the score and their half of the history', () => {
    const out = up();
    expect(out).toHaveProperty('plan.benefits.age.child', {
      min: {
        value: 0,
        score: 2,
        changeHistory: [
          { userHash: 'u1', updatedAt: iso(CHANGED), value: 0 },
          { userHash: 'u2', updatedAt: iso(CHANGED_LATER), value: null },
        ],
      },
      max: {
        value: 19,
        score: 2,
        changeHistory: [
          { userHash: 'u1', updatedAt: iso(CHANGED), value: 18 },
          { userHash: 'u2', updatedAt: iso(CHANGED_LATER), value: null },
        ],
      },
    });
    expect(out).toHaveProperty(['plan', 'benefits', 'adaCodes', 'D0120', 'age'], {
      min: { value: 3, score: 1 },
      max: { value: 99, score: 1 },
    });
  });

  it('splits a null Age into two null halves', () => {
    const doc = ticketDocV1();
    const plan = { ...doc.plan, benefits: { ...doc.plan.benefits, age: { student: { value: null, score: 1 } } } };
    expect(up({ ...doc, plan })).toHaveProperty('plan.benefits.age.student', {
      min: { value: null, score: 1 },
      max: { value: null, score: 1 },
    });
  });

  it('migrates every plan of the draft', () => {
    const out = up();
    expect(out).toHaveProperty(['ticket', 'draft', 0, 'lastSubmission'], iso(CHANGED_LATER));
    expect(out).toHaveProperty(['ticket', 'draft', 0, 'benefits', 'age', 'child', 'min', 'value'], 0);
    expect(out).toHaveProperty(['ticket', 'draft', 0, 'benefits', 'adaCodes', 'D0120', 'benefitLevel', 'value'], 100);
  });

  it('leaves codes, categories and wholeCategory as they are', () => {
    const out = up();
    expect(out).toHaveProperty(['plan', 'benefits', 'adaCodes', 'D0120', 'code'], 'D0120');
    expect(out).toHaveProperty(['plan', 'benefits', 'adaCodes', 'D0120', 'category'], 'Diagnostic');
    expect(out).toHaveProperty(['plan', 'benefits', 'adaCodes', 'D0120', 'wholeCategory'], false);
  });

  it('keeps a null plan null', () => {
    expect(up({ ...ticketDocV1(), plan: null })).toHaveProperty('plan', null);
  });

  it("throws 'adaCodes is required' for a plan without adaCodes, in the wrapper or in the draft", () => {
    const doc = ticketDocV1();
    const { adaCodes: _dropped, ...benefits } = doc.plan.benefits;
    const plan = { ...doc.plan, benefits };
    expect(() => up({ ...doc, plan })).toThrow('adaCodes is required');
    expect(() => up({ ...doc, ticket: { ...doc.ticket, draft: [plan] } })).toThrow('adaCodes is required');
    expect(() => up({ ...doc, plan: { ...doc.plan, benefits: undefined } })).toThrow('adaCodes is required');
  });
});

describe('schema version 2 -> 1', () => {
  const down = (doc: unknown): unknown => migrateTicket(doc, 1);

  it('undoes 1 -> 2 exactly for a version 1 document', () => {
    const original = ticketDocV1();
    // Version 2 -> 1 writes the schema version that version 1 documents may leave out.
    const plan = { ...original.plan, schemaVersion: 1 };
    expect(down(up(original))).toStrictEqual({ ...original, schemaVersion: 1, plan, ticket: { ...original.ticket, draft: [plan] } });
  });

  it('renames updatedAt back to timestamp in epoch milliseconds, benefitLevel to coinsurance, lastSubmission to lastSubmition', () => {
    const out = down(up());
    const entry = ['plan', 'benefits', 'adaCodes', 'D0120'];
    expect(out).toHaveProperty([...entry, 'coinsurance', 'changeHistory'], [{ userHash: 'u1', timestamp: CHANGED, value: 80 }]);
    expect(out).toHaveProperty([...entry, 'exceptions', 'child', 'coinsurance', 'value'], 80);
    expect(out).not.toHaveProperty([...entry, 'benefitLevel']);
    expect(out).toHaveProperty('plan.lastSubmition', CHANGED_LATER);
    expect(out).not.toHaveProperty('plan.lastSubmission');
  });

  it('turns ISO timestamps and MM/DD/YYYY patient dates back into epoch milliseconds (midnight UTC)', () => {
    const out = down(up());
    expect(out).toHaveProperty('ticket.resolvedDate', CHANGED_LATER);
    expect(out).toHaveProperty(['ticket', 'alertNotes', 0, 'creationDate'], CHANGED);
    expect(out).toHaveProperty('plan.details.initiationDate.value', INITIATED);
    expect(out).toHaveProperty('ticket.integrationPatientInfo.patientDOB', DOB);
    expect(out).toHaveProperty('ticket.integrationPatientInfo.subscriberDOB', SUBSCRIBER_DOB);
    expect(out).toHaveProperty('patient.effectiveDate.value', EFFECTIVE);
    expect(out).toHaveProperty(['patient', 'history', 0, 'date'], SEEN);
  });

  /** A version 2 plan holding nothing but `benefits.age.child`, migrated to version 1. */
  const childAgeDown = (child: unknown): unknown =>
    migratePlan({ score: 1, benefits: { age: { child }, adaCodes: {} }, schemaVersion: 2 }, 2, 1);

  it('merges the halves of an Age into one scored range with the lower score', () => {
    const out = childAgeDown({ min: { value: 1, score: 3 }, max: { value: 26, score: 2 } });
    expect(out).toHaveProperty('benefits.age.child', { value: { min: 1, max: 26 }, score: 2 });
  });

  it('merges an Age with an unknown half into an unknown (null) range', () => {
    const out = childAgeDown({ min: { value: null, score: 1 }, max: { value: 26, score: 2 } });
    expect(out).toHaveProperty('benefits.age.child', { value: null, score: 1 });
  });

  it('merges change histories that line up entry by entry pairwise', () => {
    const history = (values: (number | null)[]) =>
      values.map((value, i) => ({ userHash: `u${i}`, updatedAt: iso(CHANGED + i * 1000), value }));
    const out = childAgeDown({
        min: { value: 1, score: 2, changeHistory: history([0, 1]) },
        max: { value: 26, score: 2, changeHistory: history([18, 26]) },
      });
    expect(out).toHaveProperty('benefits.age.child.changeHistory', [
      { userHash: 'u0', timestamp: CHANGED, value: { min: 0, max: 18 } },
      { userHash: 'u1', timestamp: CHANGED + 1000, value: { min: 1, max: 26 } },
    ]);
  });

  it('merges change histories that do not line up in time order, each entry giving the range after that change', () => {
    const out = childAgeDown({
        min: { value: 2, score: 2, changeHistory: [{ userHash: 'a', updatedAt: iso(CHANGED + 2000), value: 2 }] },
        max: {
          value: 26,
          score: 2,
          changeHistory: [
            { userHash: 'b', updatedAt: iso(CHANGED), value: 19 },
            { userHash: 'c', updatedAt: iso(CHANGED + 5000), value: 26 },
          ],
        },
      });
    expect(out).toHaveProperty('benefits.age.child.changeHistory', [
      { userHash: 'b', timestamp: CHANGED, value: { min: 2, max: 19 } },
      { userHash: 'a', timestamp: CHANGED + 2000, value: { min: 2, max: 19 } },
      { userHash: 'c', timestamp: CHANGED + 5000, value: { min: 2, max: 26 } },
    ]);
  });

  it('migrates every plan of the draft and marks everything version 1', () => {
    const out = down(up());
    expect(out).toHaveProperty('schemaVersion', 1);
    expect(out).toHaveProperty('ticket.schemaVersion', 1);
    expect(out).toHaveProperty(['ticket', 'draft', 0, 'schemaVersion'], 1);
    expect(out).toHaveProperty(['ticket', 'draft', 0, 'lastSubmition'], CHANGED_LATER);
    expect(out).toHaveProperty(['ticket', 'draft', 0, 'benefits', 'age', 'child', 'value'], { min: 0, max: 19 });
  });

  it("throws 'adaCodes is required' for a plan without adaCodes", () => {
    expect(() => migrateV2toV1({ schemaVersion: 2, patient: {}, plan: { score: 1, benefits: {} }, ticket: { draft: [] } })).toThrow(
      'adaCodes is required',
    );
    expect(() => migratePlan({ score: 1 }, 2, 1)).toThrow('adaCodes is required');
  });
});
