import { type SchemaVersion } from '../documents/schema-version';
import { validTicketV1, validTicketV2, validTicketV3, withValueAt, withoutKeyAt } from '../testing/fixtures';
import { DOCUMENT_RULE_MESSAGES, VALIDATION_MESSAGES } from './messages';
import { formatIssuePath, type ValidationResult, validatePlan, validateTicket } from './validate';

const FIXTURES = { 1: validTicketV1, 2: validTicketV2, 3: validTicketV3 } as const;
const VERSIONS = [1, 2, 3] as const;

function paths(result: ValidationResult): string[] {
  return result.ok ? [] : result.errors.map((error) => error.path);
}

function messagesAt(result: ValidationResult, path: string): string[] {
  return result.ok ? [] : result.errors.filter((error) => error.path === path).map((error) => error.message);
}

describe('validateTicket', () => {
  it.each(VERSIONS)('accepts the valid version %i fixture', (version) => {
    expect(validateTicket(FIXTURES[version], version)).toEqual({ ok: true });
  });

  it.each([
    [1, 2],
    [1, 3],
    [2, 1],
    [2, 3],
    [3, 1],
    [3, 2],
  ] as const)('rejects the version %i fixture as version %i', (from, as) => {
    expect(validateTicket(FIXTURES[from], as).ok).toBe(false);
  });

  it('reads a wrapper without schemaVersion as version 1, and nowhere else', () => {
    expect(validateTicket(withoutKeyAt(validTicketV1, 'schemaVersion'), 1)).toEqual({ ok: true });
    expect(paths(validateTicket(withoutKeyAt(validTicketV2, 'schemaVersion'), 2))).toEqual(['schemaVersion']);
    const ticketWithout = withoutKeyAt(validTicketV3, 'ticket.schemaVersion');
    expect(paths(validateTicket(ticketWithout, 3))).toEqual(['ticket.schemaVersion']);
  });

  it.each(VERSIONS)('accepts a version %i wrapper without a chosen plan', (version) => {
    expect(validateTicket(withValueAt(FIXTURES[version], 'plan', null), version)).toEqual({ ok: true });
  });

  it('reports a document that is no object at the root path', () => {
    expect(paths(validateTicket('ticket', 3))).toEqual(['']);
    expect(paths(validateTicket(null, 1))).toEqual(['']);
  });

  it('reports every fault, not only the first', () => {
    const once = withValueAt(validTicketV3, 'ticket.status', 'Done');
    const twice = withValueAt(once, 'patient.history.0.date', '2023-08-14');
    expect(validateTicket(twice, 3)).toEqual({
      ok: false,
      errors: [
        { path: 'patient.history.0.date', message: VALIDATION_MESSAGES.wrongDate },
        { path: 'ticket.status', message: VALIDATION_MESSAGES.wrongTicketStatus },
      ],
    });
  });

  it('throws on a schema version that does not exist', () => {
    expect(() => validateTicket(validTicketV3, 4 as SchemaVersion)).toThrow('Unknown schema version: 4');
  });
});

describe('validatePlan', () => {
  it.each(VERSIONS)('accepts the plan of the version %i fixture', (version) => {
    expect(validatePlan(FIXTURES[version].plan, version)).toEqual({ ok: true });
  });

  it('reports paths from inside the plan', () => {
    const plan = withValueAt(validTicketV3.plan, 'benefits.adaCodes.ADA:D0120.limitation.value.timePeriod', 'week');
    expect(validatePlan(plan, 3)).toEqual({
      ok: false,
      errors: [{ path: 'benefits.adaCodes.ADA:D0120.limitation.value.timePeriod', message: 'Wrong time period' }],
    });
  });

  it('requires adaCodes', () => {
    for (const version of VERSIONS) {
      const result = validatePlan(withoutKeyAt(FIXTURES[version].plan, 'benefits.adaCodes'), version);
      expect(result).toEqual({
        ok: false,
        errors: [{ path: 'benefits.adaCodes', message: DOCUMENT_RULE_MESSAGES.adaCodesRequired }],
      });
    }
  });

  it('accepts CAT: and SUB: keys in version 3 only', () => {
    const byCategory = withValueAt(validTicketV3.plan, 'benefits.adaCodes.CAT:Major', { category: 'Major' });
    const bySubcategory = withValueAt(byCategory, 'benefits.adaCodes.SUB:Implant Services', {
      category: 'Major',
      subcategory: 'Implant Services',
      benefitLevel: { value: 50, score: 2 },
    });
    expect(validatePlan(bySubcategory, 3)).toEqual({ ok: true });
  });
});

describe('the path format', () => {
  it('joins keys and array indexes with dots, keeping keys as they are', () => {
    expect(formatIssuePath(['plan', 'benefits', 'adaCodes', 'ADA:D0120', 'limitation', 'value', 'timePeriod'])).toBe(
      'plan.benefits.adaCodes.ADA:D0120.limitation.value.timePeriod',
    );
    expect(formatIssuePath(['patient', 'history', 0, 'surfaces', '14'])).toBe('patient.history.0.surfaces.14');
    expect(formatIssuePath([])).toBe('');
  });
});

describe('rules that keep zod’s own message', () => {
  it.each([
    [3, 'plan.benefits.annualMax.score', 5],
    [3, 'plan.benefits.annualMax.score', 0],
    [3, 'plan.benefits.annualMax.score', 2.5],
    [2, 'plan.benefits.annualMax.score', 4],
    [1, 'plan.sponsor.groupName.score', 4],
    [3, 'plan.score', 10.5],
    [1, 'plan.score', -1],
    [3, 'plan.caveat.0.score', 5],
    [3, 'plan.sponsor.sponsorType.changeHistory.0.newScore', 5],
  ] as const)('v%i rejects %s = %p', (version, path, value) => {
    expect(paths(validateTicket(withValueAt(FIXTURES[version], path, value), version))).toEqual([path]);
  });

  it.each([
    [3, 'plan.benefits.annualMax.score', 4],
    [3, 'plan.score', 0],
    [3, 'plan.score', 10],
    [1, 'plan.score', 7.5],
    [2, 'plan.benefits.annualMax.score', 1],
  ] as const)('v%i accepts %s = %p', (version, path, value) => {
    expect(validateTicket(withValueAt(FIXTURES[version], path, value), version)).toEqual({ ok: true });
  });

  describe('age limits', () => {
    it.each([
      [1, 'plan.benefits.age.child.value.min', -1],
      [1, 'plan.benefits.age.child.value.min', 360],
      [1, 'plan.benefits.age.child.value.max', 361],
      [2, 'plan.benefits.age.child.min.value', 360],
      [2, 'plan.benefits.age.student.max.value', 361],
      [3, 'plan.benefits.age.child.min.value', -1],
      [3, 'plan.benefits.age.student.max.value', 1001],
      [3, 'plan.benefits.adaCodes.ADA:D1110.age.max.value', 1001],
    ] as const)('v%i rejects %s = %p', (version, path, value) => {
      expect(paths(validateTicket(withValueAt(FIXTURES[version], path, value), version))).toEqual([path]);
    });

    it.each([
      [1, 'plan.benefits.age.child.value.min', 359],
      [2, 'plan.benefits.age.student.max.value', 360],
      [3, 'plan.benefits.age.student.max.value', 1000],
      [3, 'plan.benefits.age.child.min.value', 400],
    ] as const)('v%i accepts %s = %p', (version, path, value) => {
      expect(validateTicket(withValueAt(FIXTURES[version], path, value), version)).toEqual({ ok: true });
    });
  });

  describe('waiting periods', () => {
    const CROWN = { 1: 'D2740', 2: 'D2740', 3: 'ADA:D2740' } as const;
    const periodOf = (version: SchemaVersion) => `plan.benefits.adaCodes.${CROWN[version]}.waitingPeriod.value`;

    it.each([
      ['months', 10000],
      ['years', 10000],
      ['days', 36001],
      ['weeks', 5401],
      ['months', -1],
    ] as const)('reject %s = %p in every version', (unit, amount) => {
      for (const version of VERSIONS) {
        const path = `${periodOf(version)}.${unit}`;
        expect(paths(validateTicket(withValueAt(FIXTURES[version], path, amount), version))).toEqual([path]);
      }
    });

    it.each([
      ['months', 9999],
      ['years', 9999],
      ['days', 36000],
      ['weeks', 5400],
    ] as const)('accept %s = %p', (unit, amount) => {
      for (const version of VERSIONS) {
        const doc = withValueAt(FIXTURES[version], periodOf(version), { [unit]: amount });
        expect(validateTicket(doc, version)).toEqual({ ok: true });
      }
    });

    it('need at least one of months, days, years, weeks', () => {
      for (const version of VERSIONS) {
        const doc = withValueAt(FIXTURES[version], periodOf(version), {});
        expect(messagesAt(validateTicket(doc, version), periodOf(version))).toEqual([
          DOCUMENT_RULE_MESSAGES.waitingPeriodWithoutDuration,
        ]);
      }
    });
  });

  describe('limitations', () => {
    it.each([
      [1, 'plan.benefits.adaCodes.D0120.limitation.value.quantity', 0],
      [2, 'plan.benefits.adaCodes.D0120.limitation.value.frequency', -2],
      [3, 'plan.benefits.adaCodes.ADA:D0120.limitation.value.quantity', '2'],
      [3, 'plan.benefits.adaCodes.ADA:D0120.limitation.value.frequency', null],
    ] as const)('v%i rejects %s = %p', (version, path, value) => {
      expect(paths(validateTicket(withValueAt(FIXTURES[version], path, value), version))).toEqual([path]);
    });

    it('only the older versions want positive numbers', () => {
      const doc = withValueAt(validTicketV3, 'plan.benefits.adaCodes.ADA:D0120.limitation.value.quantity', 0);
      expect(validateTicket(doc, 3)).toEqual({ ok: true });
    });
  });

  describe('documents and links', () => {
    it.each([
      ['ticket.documents.0', 'files/benefits.pdf'],
      ['ticket.documents.0', 'javascript:alert(1)'],
      ['ticket.externalUrl', 'ftp://pms.example.com/5531'],
    ])('rejects %s = %p', (path, value) => {
      for (const version of VERSIONS) {
        expect(paths(validateTicket(withValueAt(FIXTURES[version], path, value), version))).toEqual([path]);
      }
    });
  });
});

describe('strictness', () => {
  it.each([
    ['', 'extra'],
    ['plan', 'notes'],
    ['plan.details', 'network'],
    ['plan.payer', 'fax'],
    ['plan.benefits.adaCodes.ADA:D0120', 'wholeCategory'],
    ['plan.benefits.adaCodes.ADA:D0120.limitation.value', 'unit'],
    ['plan.sponsor.sponsorType.changeHistory.0', 'timestamp'],
    ['patient', 'lastVisit'],
    ['patient.history.0', 'provider'],
    ['ticket', 'priority'],
    ['ticket.integrationPatientInfo', 'patientEmail'],
  ])('version 3 rejects an unknown key in %p', (path, key) => {
    const doc = withValueAt(validTicketV3, path === '' ? key : `${path}.${key}`, 'x');
    expect(validateTicket(doc, 3)).toEqual({
      ok: false,
      errors: [{ path, message: `Unrecognized key: "${key}"` }],
    });
  });

  it.each([1, 2] as const)('version %i lets unknown keys through', (version) => {
    const withExtras = withValueAt(withValueAt(FIXTURES[version], 'plan.details.network', 'x'), 'ticket.priority', 1);
    expect(validateTicket(withExtras, version)).toEqual({ ok: true });
  });

  it('version 3 accepts its own additions and version 2 ignores them', () => {
    const planned = withValueAt(validTicketV3, 'plan.planNotes', 'Call back for the ortho rider.');
    const ended = withValueAt(planned, 'patient.planEndDate', '12/31/2024');
    const unmapped = withValueAt(ended, 'patient.unmappedHistory', [
      { originalBenefitKey: 'Fluoride', code: 'D1208', date: '2023-13-01', isWrongDate: true },
    ]);
    const verified = withValueAt(unmapped, 'plan.payer.typeOfVerification', 'portal');
    expect(validateTicket(withValueAt(verified, 'plan.payer.createdAsNotSure', false), 3)).toEqual({ ok: true });
  });
});

describe('the fixture helpers these tests rely on', () => {
  it('refuse a path that leads nowhere, so a typo cannot make a case pass', () => {
    expect(() => withValueAt(validTicketV3, 'plan.benfits.annualMax.value', 1)).toThrow('No object');
    expect(() => withoutKeyAt(validTicketV3, 'plan.planNotes')).toThrow('Nothing to remove at plan.planNotes');
  });

  it('leave the fixture untouched', () => {
    withValueAt(validTicketV3, 'ticket.status', 'Done');
    expect(validTicketV3.ticket.status).toBe('Resolved');
  });
});
