import { TEETH } from '../enums';
import { isAnteriorTooth, isValidToothSurfaces, ToothSurfaces } from './tooth-surfaces';

describe('anterior and posterior teeth', () => {
  it('counts permanent 6-11 and 22-27 and primary C-H and M-R as anterior', () => {
    const anterior = TEETH.filter(isAnteriorTooth);
    expect(anterior).toEqual([
      ...['6', '7', '8', '9', '10', '11', '22', '23', '24', '25', '26', '27'],
      ...['C', 'D', 'E', 'F', 'G', 'H', 'M', 'N', 'O', 'P', 'Q', 'R'],
    ]);
  });
});

describe('isValidToothSurfaces', () => {
  it.each([
    ['8', 'MIF'],
    ['8', 'MDLIF'],
    ['E', 'L'],
    ['30', 'MOD'],
    ['30', 'BDLMO'],
    ['A', 'O'],
  ])('accepts tooth %s with %s', (tooth, letters) => {
    expect(isValidToothSurfaces(tooth, letters)).toBe(true);
  });

  it.each([
    ['8', 'O', 'occlusal is a back-tooth surface'],
    ['8', 'B', 'buccal is a back-tooth surface'],
    ['30', 'I', 'incisal is a front-tooth surface'],
    ['30', 'F', 'facial is a front-tooth surface'],
    ['30', 'MOO', 'a surface twice'],
    ['30', '', 'no surface'],
    ['30', 'mod', 'lower case'],
    ['30', 'M O', 'a space'],
  ])('rejects tooth %s with %p (%s)', (tooth, letters) => {
    expect(isValidToothSurfaces(tooth, letters)).toBe(false);
  });
});

describe('ToothSurfaces', () => {
  it('reports a bad key and a bad value at the tooth, by message', () => {
    const result = ToothSurfaces.safeParse({ '33': 'O', '8': 'O', '3': 'MOD' });
    expect(result.error?.issues.map(({ path, message }) => ({ path, message }))).toEqual([
      { path: ['8'], message: 'Wrong surface as value in surface history' },
      { path: ['33'], message: 'Wrong tooth as key in surface history' },
    ]);
  });
});
