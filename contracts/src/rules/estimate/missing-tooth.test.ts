import { isExtraction, missingToothClause, replacesTooth } from './missing-tooth';

const day = (year: number, month: number, date: number) => ({ year, month, day: date });
const extraction = { code: 'ADA:D7140', day: day(2024, 6, 1), teeth: ['19'] };

describe('missing tooth clause', () => {
  it('knows which codes replace a tooth and which extract one', () => {
    expect(['D5110', 'D5899', 'D5911', 'D6010', 'D6240', 'D2740'].map(replacesTooth)).toEqual([true, true, false, true, true, false]);
    expect(['D7111', 'D7140', 'D7250', 'D7251', 'D7310'].map(isExtraction)).toEqual([true, true, true, false, false]);
  });

  it.each([
    ['no clause', { clause: false, tooth: '19' as const }, { applies: false, note: null }],
    ['not a replacement', { clause: true, code: 'ADA:D2740', tooth: '19' as const }, { applies: false, note: null }],
    ['another tooth', { clause: true, tooth: '20' as const }, { applies: false, note: null }],
    ['no tooth', { clause: true, tooth: null }, { applies: false, note: 'missing tooth clause: D6010 names no tooth, not checked' }],
    [
      'no effective date',
      { clause: true, tooth: '19' as const, effective: undefined },
      { applies: false, note: 'missing tooth clause: coverage effective date unknown, tooth 19 not checked' },
    ],
    ['extracted after the coverage began', { clause: true, tooth: '19' as const, effective: day(2024, 1, 1) }, { applies: false, note: null }],
    [
      'extracted before',
      { clause: true, tooth: '19' as const },
      { applies: true, sentence: 'missing tooth clause: tooth 19 was extracted on 06/01/2024, before coverage began on 01/01/2025' },
    ],
  ])('%s', (_name, overrides, verdict) => {
    const input = { code: 'ADA:D6010', history: [extraction], effective: day(2025, 1, 1), ...overrides };
    expect(missingToothClause(input)).toEqual(verdict);
  });
});
