import { typeLabel } from './integration-state';

describe('typeLabel', () => {
  it('names the known integration types and shows any other as it came', () => {
    expect([typeLabel('nexHealth'), typeLabel('manual'), typeLabel(null), typeLabel('dentrixAscend')]).toEqual(['NexHealth', 'Manual entry', '—', 'dentrixAscend']);
  });

  it.each(Object.getOwnPropertyNames(Object.prototype))('shows the type %j as it came, though Object.prototype has a member of that name', (type) => {
    expect(typeLabel(type)).toBe(type);
  });
});
