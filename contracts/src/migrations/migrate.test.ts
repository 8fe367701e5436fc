import { MigrationError, migratePlan, migrateTicket, migrateV1toV2, migrateV2toV1, migrateV2toV3, migrateV3toV2 } from './index';

const TS = Date.UTC(2024, 0, 15, 10, 30);

function planV1() {
  return {
    score: 5,
    details: {
      benefitYear: { value: 'january', score: 3, changeHistory: [{ userHash: 'u1', timestamp: TS, value: 'july' }] },
      participation: { value: 'In Network', score: 3 },
      initiationDate: { value: TS, score: 2 },
    },
    payer: { id: 'p1', name: 'Delta' },
    sponsor: {
      sponsorName: { value: 'Acme', score: 3 },
      sponsorType: { value: 'Employer', score: 3 },
      groupNumber: { value: 'G1', score: 3 },
      groupName: { value: 'Acme staff', score: 3 },
    },
    benefits: {
      age: { child: { value: { min: 0, max: 19 }, score: 2 } },
      adaCodes: {
        D0120: { category: 'Diagnostic', code: 'D0120', coinsurance: { value: 100, score: 3 }, caveat: 'twice a year' },
        D5905: { category: 'Maxillofacial Prosthetics', code: 'D5905' },
      },
    },
    lastSubmition: TS,
    caveat: 'plan caveat',
  };
}

function ticketDocV1() {
  return {
    patient: { history: [{ code: 'D0120', date: Date.UTC(2023, 5, 30) }], historyStatus: 'Complete' },
    plan: planV1(),
    ticket: {
      integrationPatientInfo: {
        patientFirstName: 'Ann',
        patientLastName: 'Lee',
        patientDOB: Date.UTC(1985, 6, 4),
        patientMemberId: 'M1',
        patientRelationToSubscriber: 'Self',
      },
      draft: [planV1(), planV1()],
      status: 'Open',
      verificPlusInteralId: 'T-9',
      schemaVersion: 1,
    },
  };
}

/** Freezes every object and list of `value`, so that any write to the input throws. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    Object.values(value).forEach(deepFreeze);
    Object.freeze(value);
  }
  return value;
}

/** Every object and list reachable from `value`. */
function objectsOf(value: unknown, found = new Set<object>()): Set<object> {
  if (typeof value === 'object' && value !== null && !found.has(value)) {
    found.add(value);
    Object.values(value).forEach((child) => objectsOf(child, found));
  }
  return found;
}

describe('migrateTicket', () => {
  it('chains 1 -> 2 -> 3 and back 3 -> 2 -> 1', () => {
    const v1 = ticketDocV1();
    const v3 = migrateTicket(v1, 3);
    expect(v3).toEqual(migrateTicket(migrateTicket(v1, 2), 3));
    expect(v3).toHaveProperty(['plan', 'benefits', 'adaCodes', 'ADA:D0120', 'benefitLevel'], { value: 100, score: 3 });
    expect(v3).toHaveProperty('plan.details.benefitYear.changeHistory', [
      { userHash: 'u1', updatedAt: new Date(TS).toISOString(), value: 'july' },
    ]);
    const v1Again = migrateTicket(v3, 1);
    expect(v1Again).toEqual(migrateTicket(migrateTicket(v3, 2), 1));
    expect(v1Again).toHaveProperty(['plan', 'benefits', 'adaCodes', 'D0120', 'coinsurance'], { value: 100, score: 3 });
    expect(v1Again).toHaveProperty('ticket.integrationPatientInfo.patientDOB', Date.UTC(1985, 6, 4));
  });

  it('passes log lines through a chain of steps', () => {
    const log = jest.fn<undefined, [string]>();
    migrateTicket(migrateTicket(ticketDocV1(), 3), 1, log);
    expect(log.mock.calls).toEqual([
      ["Ticket T-9: Unknown category number 5905 (code D5905): category set to 'unknown'"],
      ['Ticket T-9: draft had 2 plans, schema version 2 keeps only the first'],
      ["Ticket T-9: Unknown category number 5905 (code D5905): category set to 'unknown'"],
    ]);
  });

  it('logs nowhere when no log is given', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const info = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      migrateTicket(migrateTicket(ticketDocV1(), 3), 2);
      expect(warn).not.toHaveBeenCalled();
      expect(info).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
      info.mockRestore();
    }
  });

  it('returns an equal but new document when it is already in the target version', () => {
    const v1 = ticketDocV1();
    const same = migrateTicket(v1, 1);
    expect(same).toEqual(v1);
    expect(same).not.toBe(v1);
  });

  it('never mutates its input and shares no object with it', () => {
    const v1 = deepFreeze(ticketDocV1());
    const v3 = deepFreeze(migrateTicket(v1, 3));
    const back = migrateTicket(v3, 1);
    expect(v1).toEqual(ticketDocV1());
    for (const [input, output] of [
      [v1, v3],
      [v3, back],
    ]) {
      const inputObjects = objectsOf(input);
      expect([...objectsOf(output)].filter((o) => inputObjects.has(o))).toEqual([]);
    }
  });

  it('reads a missing schemaVersion as 1 and an explicit one as given', () => {
    expect(migrateTicket(ticketDocV1(), 2)).toHaveProperty(['plan', 'benefits', 'adaCodes', 'D0120', 'benefitLevel', 'value'], 100);
    const v2 = migrateTicket(ticketDocV1(), 2);
    expect(migrateTicket(v2, 2)).toEqual(v2);
  });

  it('rejects an unknown schema version, in the document or as the target', () => {
    expect(() => migrateTicket({ ...ticketDocV1(), schemaVersion: 4 }, 3)).toThrow(new MigrationError('Unknown schema version: 4'));
    expect(() => migrateTicket({ ...ticketDocV1(), schemaVersion: '2' }, 3)).toThrow('Unknown schema version: "2"');
    // Callers in plain JavaScript can pass anything.
    expect(() => void Reflect.apply(migrateTicket, undefined, [ticketDocV1(), 0])).toThrow('Unknown schema version: 0');
  });

  it('rejects a document that is not an object', () => {
    for (const doc of [null, 'ticket', 42, [ticketDocV1()]]) {
      expect(() => migrateTicket(doc, 2)).toThrow(MigrationError);
    }
  });

  it('throws MigrationError carrying the offending code', () => {
    const doc = ticketDocV1();
    const bad = { ...doc, plan: { ...doc.plan, benefits: { adaCodes: { D12: { category: 'Diagnostic' } } } } };
    expect(() => migrateTicket(bad, 3)).toThrow(
      expect.objectContaining({ name: 'MigrationError', message: 'God a invalid adacode number', subject: 'D12' }),
    );
  });
});

describe('single steps', () => {
  it('each migrates one version', () => {
    const v1 = ticketDocV1();
    const v2 = migrateV1toV2(v1);
    const v3 = migrateV2toV3(v2);
    expect(v2).toEqual(migrateTicket(v1, 2));
    expect(v3).toEqual(migrateTicket(v1, 3));
    expect(migrateV3toV2(v3)).toEqual(migrateTicket(v3, 2));
    expect(migrateV2toV1(v2)).toEqual(migrateTicket(v2, 1));
  });

  it('refuse a document of another version', () => {
    const v2 = migrateV1toV2(ticketDocV1());
    expect(() => migrateV1toV2(v2)).toThrow('Expected a schema version 1 document, got version 2');
    expect(() => migrateV3toV2(v2)).toThrow('Expected a schema version 3 document, got version 2');
    expect(() => migrateV2toV3(ticketDocV1())).toThrow('Expected a schema version 2 document, got version 1');
    expect(() => migrateV2toV1(ticketDocV1())).toThrow('Expected a schema version 2 document, got version 1');
  });

  it('pass the log on', () => {
    const log = jest.fn<undefined, [string]>();
    migrateV3toV2(migrateTicket(ticketDocV1(), 3), log);
    expect(log).toHaveBeenCalledWith('Ticket T-9: draft had 2 plans, schema version 2 keeps only the first');
  });
});

describe('migratePlan', () => {
  it('migrates a plan stored alone, in both directions', () => {
    const v3 = migratePlan(planV1(), 1, 3);
    expect(migrateTicket(ticketDocV1(), 3)).toHaveProperty('plan', v3);
    expect(v3).toHaveProperty('schemaVersion', 3);
    expect(v3).toHaveProperty('details.planType', { value: 'unknown', score: 1 });
    const original = planV1();
    // 5905 has no old-style category: the round trip through version 3 cannot give the old name back.
    const adaCodes = { ...original.benefits.adaCodes, D5905: { category: 'unknown', code: 'D5905' } };
    expect(migratePlan(v3, 3, 1)).toEqual({ ...original, benefits: { ...original.benefits, adaCodes }, schemaVersion: 1 });
  });

  it('logs an unknown category number without a ticket prefix', () => {
    const log = jest.fn<undefined, [string]>();
    const v2 = migratePlan(migratePlan(planV1(), 1, 3), 3, 2, log);
    expect(v2).toHaveProperty(['benefits', 'adaCodes', 'D5905', 'category'], 'unknown');
    expect(log.mock.calls).toEqual([["Unknown category number 5905 (code D5905): category set to 'unknown'"]]);
  });

  it('keeps a null plan null and copies a plan already in the target version', () => {
    expect(migratePlan(null, 3, 1)).toBeNull();
    const plan = planV1();
    const copy = migratePlan(plan, 1, 1);
    expect(copy).toEqual(plan);
    expect(copy).not.toBe(plan);
  });

  it("throws 'adaCodes is required' for a plan without adaCodes", () => {
    expect(() => migratePlan({ score: 1, benefits: {} }, 1, 2)).toThrow('adaCodes is required');
    expect(() => migratePlan('plan', 3, 2)).toThrow('adaCodes is required');
  });

  it('rejects unknown versions', () => {
    expect(() => void Reflect.apply(migratePlan, undefined, [planV1(), 1, 5])).toThrow('Unknown schema version: 5');
  });
});
