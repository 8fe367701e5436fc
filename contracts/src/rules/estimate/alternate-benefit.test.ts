import { findSubstitution, substitutionRegion, toothInRegion } from './alternate-benefit';
import { adaCodes } from './test-plans';

describe('teeth regions', () => {
  it.each([
    ['POSTERIOR', ['1', '4', '5', '12', '28', '32', 'A', 'T'], ['6', '8', '11', '22', '27', 'C', 'M']],
    ['MOLAR', ['1', '3', '14', '16', '17', '19', '30', '32', 'A', 'B', 'S', 'T'], ['4', '5', '12', '13', '20', '29', 'C']],
    ['SECOND MOLAR', ['2', '15', '18', '31', 'A', 'J', 'K', 'T'], ['1', '3', '14', '16', '19', '30', 'B']],
    ['ALL', ['1', '8', 'K'], []],
    ['NEVER', [], ['1', '8', 'K']],
  ] as const)('%s', (region, inside, outside) => {
    expect(inside.map((tooth) => toothInRegion(tooth, region))).toEqual(inside.map(() => true));
    expect(outside.map((tooth) => toothInRegion(tooth, region))).toEqual(outside.map(() => false));
  });

  it('cannot tell for an unknown tooth or a region decided by review', () => {
    expect([toothInRegion('33', 'ALL'), toothInRegion('30', 'BY REVIEW')]).toEqual([undefined, undefined]);
  });

  it('reads the region of a substitution from its data', () => {
    expect([substitutionRegion('MOLAR'), substitutionRegion({ teethRange: 'POSTERIOR' }), substitutionRegion(3), substitutionRegion(null)]).toEqual([
      'MOLAR',
      'POSTERIOR',
      'ALL',
      'ALL',
    ]);
  });
});

describe('findSubstitution', () => {
  const own = (links: Parameters<typeof adaCodes>[0][string]['links']) => adaCodes({ D2391: { links } })['ADA:D2391'];

  it('skips substitutions switched off, other correlations, and teeth outside the region; the first that holds wins', () => {
    const entry = own([
      { code: 'D2150', how: 'SUBSTITUTION', apply: false },
      { code: 'D2160', how: 'IN_CONJUNCTION' },
      { code: 'D2161', how: 'SUBSTITUTION', data: 'MOLAR' },
      { code: 'D2140', how: 'SUBSTITUTION', data: 'POSTERIOR' },
    ]);
    expect(findSubstitution(entry, '4')).toEqual({ code: 'ADA:D2140', region: 'POSTERIOR', assumption: null });
    expect(findSubstitution(entry, '30')).toEqual({ code: 'ADA:D2161', region: 'MOLAR', assumption: null });
    expect(findSubstitution(entry, '8')).toBeNull();
    expect(findSubstitution(undefined, '8')).toBeNull();
  });

  it('assumes a substitution decided by review', () => {
    expect(findSubstitution(own([{ code: 'D2150', how: 'SUBSTITUTION', data: 'BY REVIEW' }]), '30')?.assumption).toBe(
      "decided by the payer's review, assumed to apply",
    );
  });
});
