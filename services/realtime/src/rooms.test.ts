import { isCompanyUser, officesOf, roomsForAudience, roomsForClaims } from './rooms';

describe('rooms of a socket', () => {
  it('an office user: their user room and their offices, from allowedOfficeIds and office-keyed roles', () => {
    expect(roomsForClaims({ sub: 'u1', org: 'o', roles: ['staff'], allowedOfficeIds: ['a', 'b'] })).toEqual(['user:u1', 'office:a', 'office:b']);
    expect(roomsForClaims({ sub: 'u2', org: 'o', roles: { a: ['staffmanager'], c: ['staff'] }, allowedOfficeIds: ['a'] })).toEqual([
      'user:u2',
      'office:a',
      'office:c',
    ]);
  });

  it('a company user (company role in a list) also joins the organization room; keyed company roles do not count', () => {
    expect(roomsForClaims({ sub: 'u3', org: 'o', roles: ['Admin'], allowedOfficeIds: [] })).toEqual(['user:u3', 'org:o']);
    expect(isCompanyUser({ roles: { a: ['admin'] } })).toBe(false);
    expect(isCompanyUser({ roles: ['agent', 'staff'] })).toBe(true);
    expect(isCompanyUser({ roles: ['staffmanager'] })).toBe(false);
    expect(officesOf({ roles: [], allowedOfficeIds: ['', 'x', 'x'] })).toEqual(['x']);
  });
});

describe('rooms of an event', () => {
  it('its office, the organization company room, and its user when named', () => {
    expect(roomsForAudience({ orgId: 'o', officeId: 'a' })).toEqual(['office:a', 'org:o']);
    expect(roomsForAudience({ orgId: 'o', userId: 'u1' })).toEqual(['org:o', 'user:u1']);
  });
});
