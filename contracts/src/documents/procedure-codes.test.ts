import {
  adaCodesKeyProblemV1,
  adaCodesKeyProblemV3,
  isKnownPlainCode,
  isKnownPrefixedCode,
  ProcedureCodeV1,
  ProcedureCodeV3,
} from './procedure-codes';

describe('code spellings per version', () => {
  it('versions 1 and 2 write D0120, version 3 ADA:D0120', () => {
    expect(isKnownPlainCode('D0120')).toBe(true);
    expect(isKnownPlainCode('ADA:D0120')).toBe(false);
    expect(isKnownPrefixedCode('ADA:D0120')).toBe(true);
    expect(isKnownPrefixedCode('D0120')).toBe(false);
    expect(ProcedureCodeV1.safeParse('D1110').success).toBe(true);
    expect(ProcedureCodeV3.safeParse('ADA:D1110').success).toBe(true);
  });

  it('report an unknown or foreign code as Invalid adaCode', () => {
    for (const [schema, code] of [
      [ProcedureCodeV1, 'D0001'],
      [ProcedureCodeV1, 'ADA:D0120'],
      [ProcedureCodeV3, 'D0120'],
      [ProcedureCodeV3, 'ADA:D0001'],
      [ProcedureCodeV3, 120],
    ] as const) {
      expect(schema.safeParse(code).error?.issues.map((issue) => issue.message)).toEqual(['Invalid adaCode']);
    }
  });
});

describe('adaCodes keys', () => {
  it.each([
    ['D0120', undefined],
    ['D0001', 'Invalid adaCode'],
    ['ADA:D0120', 'Wrong key or keys in adaObject'],
    ['D120', 'Wrong key or keys in adaObject'],
    ['CAT:Basic', 'Wrong key or keys in adaObject'],
    ['exams', 'Wrong key or keys in adaObject'],
  ])('version 1 and 2: %p -> %p', (key, problem) => {
    expect(adaCodesKeyProblemV1(key)).toBe(problem);
  });

  it.each([
    ['ADA:D0120', undefined],
    ['CAT:Basic', undefined],
    ['CAT:Adjunctive General Services', undefined],
    ['SUB:Oral & Maxillofacial Surgery', undefined],
    ['ADA:D0001', 'Invalid adaCode'],
    ['CAT:Preventive', 'Invalid category'],
    ['SUB:Cleanings', 'Invalid subcategory'],
    ['D0120', 'Wrong key or keys in adaObject'],
    ['ADA:0120', 'Wrong key or keys in adaObject'],
    ['cat:Basic', 'Wrong key or keys in adaObject'],
    ['', 'Wrong key or keys in adaObject'],
  ])('version 3: %p -> %p', (key, problem) => {
    expect(adaCodesKeyProblemV3(key)).toBe(problem);
  });
});
