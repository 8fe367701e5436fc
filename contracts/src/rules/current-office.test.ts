import fc from 'fast-check';
import { chooseCurrentOffice } from './current-office';

describe('chooseCurrentOffice', () => {
  const allowedOfficeIds = ['o1', 'o2', 'o3'];

  it('session storage first', () => {
    expect(chooseCurrentOffice({ sessionValue: 'o2', savedPreference: 'o3', allowedOfficeIds })).toBe('o2');
  });

  it('then the saved preference', () => {
    expect(chooseCurrentOffice({ sessionValue: null, savedPreference: 'o3', allowedOfficeIds })).toBe('o3');
    expect(chooseCurrentOffice({ savedPreference: 'o3', allowedOfficeIds })).toBe('o3');
  });

  it('then the first allowed office', () => {
    expect(chooseCurrentOffice({ allowedOfficeIds })).toBe('o1');
  });

  it('ignores stored values that are not allowed', () => {
    expect(chooseCurrentOffice({ sessionValue: 'x', savedPreference: 'o3', allowedOfficeIds })).toBe('o3');
    expect(chooseCurrentOffice({ sessionValue: 'x', savedPreference: 'y', allowedOfficeIds })).toBe('o1');
    expect(chooseCurrentOffice({ sessionValue: '', savedPreference: '', allowedOfficeIds })).toBe('o1');
  });

  it('null without any allowed office', () => {
    expect(chooseCurrentOffice({ sessionValue: 'o1', savedPreference: 'o1', allowedOfficeIds: [] })).toBeNull();
  });

  it('always yields an allowed office or null', () => {
    const id = fc.constantFrom('o1', 'o2', 'o3', 'o4', '');
    fc.assert(
      fc.property(fc.option(id), fc.option(id), fc.array(id), (sessionValue, savedPreference, allowed) => {
        const chosen = chooseCurrentOffice({ sessionValue, savedPreference, allowedOfficeIds: allowed });
        if (allowed.length === 0) expect(chosen).toBeNull();
        else expect(allowed).toContain(chosen);
      }),
    );
  });
});
