import { ID_MAX_LENGTH, ID_PATTERN } from './limits';

describe('ID_PATTERN', () => {
  it('takes the ids the stores hand out: UUIDs, prefixed and dotted ids', () => {
    for (const id of ['0f8fad5b-d9cb-469f-a165-70867728950e', 'office-demo-1', 'org_a', 'a.b:c', 'x']) {
      expect({ id, accepted: ID_PATTERN.test(id) }).toEqual({ id, accepted: true });
    }
  });

  it('refuses the empty id, spaces, slashes and anything longer than ID_MAX_LENGTH', () => {
    for (const id of ['', ' a', 'a b', 'a/b', '../etc', 'a\nb', 'ü', 'x'.repeat(ID_MAX_LENGTH + 1)]) {
      expect({ id, accepted: ID_PATTERN.test(id) }).toEqual({ id, accepted: false });
    }
    expect(ID_PATTERN.test('x'.repeat(ID_MAX_LENGTH))).toBe(true);
  });
});
