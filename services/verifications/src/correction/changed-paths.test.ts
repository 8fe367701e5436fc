import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { changedPaths } from './changed-paths';

describe('changedPaths', () => {
  it('names replaced, added and removed values by their dotted path', () => {
    const before = { patient: { note: 'a', history: [{ code: 'D0120' }, { code: 'D1110' }] }, plan: null, schemaVersion: 3 };
    const after = { patient: { note: 'b', history: [{ code: 'D0120' }], extra: 1 }, plan: { score: 1 }, schemaVersion: 3 };
    expect(changedPaths(before, after).sort()).toEqual(['patient.extra', 'patient.history.1', 'patient.note', 'plan'].sort());
  });

  it('keeps codes with their prefix as the validators do', () => {
    expect(changedPaths({ adaCodes: { 'ADA:D0120': { x: 1 } } }, { adaCodes: { 'ADA:D0120': { x: 2 } } })).toEqual(['adaCodes.ADA:D0120.x']);
  });

  it('sees a change of kind (object to array, number to text) at the path itself', () => {
    expect(changedPaths({ a: [1] }, { a: { 0: 1 } })).toEqual(['a']);
    expect(changedPaths({ a: 1 }, { a: '1' })).toEqual(['a']);
    expect(changedPaths(1, 2)).toEqual(['']);
  });

  it('finds nothing exactly when the two documents are deeply equal (generated cases)', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.jsonValue({ maxDepth: 4 }), (a, b) => {
        expect(changedPaths(a, structuredClone(a))).toEqual([]);
        expect(changedPaths(a, b).length === 0).toBe(isDeepStrictEqual(a, b));
      }),
    );
  });

  it('names the path of one value changed deep inside (generated cases)', () => {
    const key = fc.stringMatching(/^[a-z]{1,6}$/);
    fc.assert(
      fc.property(fc.array(key, { minLength: 1, maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), (path, value) => {
        const build = (leaf: unknown) => path.reduceRight<unknown>((inner, segment) => ({ [segment]: inner }), leaf);
        fc.pre(!isDeepStrictEqual(value, 'old'));
        expect(changedPaths(build('old'), build(value))).toEqual([path.join('.')]);
      }),
    );
  });
});
