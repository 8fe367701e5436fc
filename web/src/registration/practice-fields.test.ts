import { practiceFieldOf } from './practice-fields';

describe('practiceFieldOf', () => {
  it("gives an issue's path the form's field", () => {
    expect(['npi', 'address', 'address.zipCode', 'address.nowhere', 'unknown'].map(practiceFieldOf)).toEqual(['npi', 'street1', 'zipCode', 'street1', undefined]);
  });

  it.each(Object.getOwnPropertyNames(Object.prototype))('names no field for the path %j, though Object.prototype has a member of that name', (path) => {
    expect(practiceFieldOf(path)).toBeUndefined();
  });
});
