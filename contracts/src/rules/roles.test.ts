import fc from 'fast-check';
import { ROLES } from '../enums';
import {
  canFulfillForm,
  effectiveRoles,
  isAuthorized,
  isCompanyAuthorized,
  isDentalOfficeAuthorized,
  isInRegistration,
  normalizeRole,
  rolesOf,
} from './roles';

describe('normalizeRole', () => {
  it.each([
    ['Staff Manager', 'staffmanager'],
    ['SUPERADMINISTRATOR', 'superadministrator'],
    [' group  manager ', 'groupmanager'],
    ['God User', 'goduser'],
    ['staff', 'staff'],
  ])('%p -> %p', (input, expected) => {
    expect(normalizeRole(input)).toBe(expected);
  });

  it('is idempotent and leaves no spaces or capitals', () => {
    fc.assert(
      fc.property(fc.string(), (name) => {
        const once = normalizeRole(name);
        expect(normalizeRole(once)).toBe(once);
        expect(once).not.toMatch(/\s/);
        expect(once).toBe(once.toLowerCase());
      }),
    );
  });
});

describe('rolesOf', () => {
  it('reads a list', () => {
    expect(rolesOf({ roles: ['Staff Manager', 'staff', 'staffmanager'] })).toEqual(['staffmanager', 'staff']);
  });

  it('reads roles keyed by office id for the office asked for, else the session office', () => {
    const claims = { roles: { o1: ['staff'], o2: ['Staff Manager'] }, officeId: 'o1' };
    expect(rolesOf(claims, 'o2')).toEqual(['staffmanager']);
    expect(rolesOf(claims)).toEqual(['staff']);
    expect(rolesOf(claims, 'o3')).toEqual([]);
  });

  it('without any office, keyed roles read as the union', () => {
    expect(rolesOf({ roles: { o1: ['staff'], o2: ['staffmanager', 'staff'] } })).toEqual(['staff', 'staffmanager']);
  });

  it('no roles at all', () => {
    expect(rolesOf({})).toEqual([]);
    expect(rolesOf({ roles: null })).toEqual([]);
  });
});

describe('authorization groups (SPEC section 6)', () => {
  const company = ['agent', 'admin', 'superadministrator', 'goduser'];
  const office = ['staff', 'staffmanager'];

  it.each(ROLES.map((role) => [role]))('%s', (role) => {
    expect(isCompanyAuthorized([role])).toBe(company.includes(role));
    expect(isDentalOfficeAuthorized([role])).toBe(office.includes(role));
    expect(isAuthorized([role])).toBe(company.includes(role) || office.includes(role));
  });

  it('compares role names normalized', () => {
    expect(isCompanyAuthorized(['Super Administrator'])).toBe(true);
    expect(isDentalOfficeAuthorized(['Staff Manager'])).toBe(true);
    expect(isAuthorized([])).toBe(false);
  });
});

describe('isInRegistration', () => {
  it('signed in, not staff, no office, not company: in registration', () => {
    expect(isInRegistration({ hasToken: true, roles: [] })).toBe(true);
    expect(isInRegistration({ hasToken: true, roles: ['doregistration'] })).toBe(true);
    expect(isInRegistration({ hasToken: true, roles: ['groupmanager'], allowedOfficeIds: [] })).toBe(true);
  });

  it('each condition alone takes the user out of registration', () => {
    expect(isInRegistration({ hasToken: false, roles: [] })).toBe(false);
    expect(isInRegistration({ hasToken: true, roles: ['staff'] })).toBe(false);
    expect(isInRegistration({ hasToken: true, roles: ['Staff Manager'] })).toBe(false);
    expect(isInRegistration({ hasToken: true, roles: [], officeId: 'o1' })).toBe(false);
    expect(isInRegistration({ hasToken: true, roles: [], allowedOfficeIds: ['o1'] })).toBe(false);
    for (const role of ['agent', 'admin', 'superadministrator', 'goduser']) {
      expect(isInRegistration({ hasToken: true, roles: [role] })).toBe(false);
    }
  });

  it('doregistration counts only in registration', () => {
    expect(effectiveRoles(['doregistration', 'groupmanager'], false)).toEqual(['groupmanager']);
    expect(effectiveRoles(['doregistration'], true)).toEqual(['doregistration']);
    expect(effectiveRoles([], true)).toEqual(['doregistration']);
  });
});

describe('canFulfillForm', () => {
  it.each(['agent', 'admin', 'superadministrator', 'goduser'])('%s always can', (role) => {
    expect(canFulfillForm([role], { ableToFullfillForm: false })).toBe(true);
    expect(canFulfillForm([role])).toBe(true);
  });

  it.each(['staff', 'staffmanager', 'groupmanager', 'groupmember', 'doregistration'])('%s follows the office setting', (role) => {
    expect(canFulfillForm([role], { ableToFullfillForm: true })).toBe(true);
    expect(canFulfillForm([role], { ableToFullfillForm: false })).toBe(false);
    expect(canFulfillForm([role], null)).toBe(false);
  });
});
