import { SessionClaims } from './session';

describe('session claims', () => {
  it('reads roles as a list', () => {
    const claims = SessionClaims.parse({ roles: ['Staff Manager'], allowedOfficeIds: ['o1'], officeId: 'o1' });
    expect(claims.roles).toEqual(['Staff Manager']);
    expect(claims.editGlobalCustomization).toBe(false);
    expect(claims.editGlobalCarriers).toBe(false);
  });

  it('reads roles keyed by office id', () => {
    const claims = SessionClaims.parse({ roles: { o1: ['staff'], o2: ['staffmanager'] } });
    expect(claims.roles).toEqual({ o1: ['staff'], o2: ['staffmanager'] });
    expect(claims.allowedOfficeIds).toEqual([]);
  });

  it('carries every field of section 3 and keeps standard JWT claims', () => {
    const input = {
      sub: 'user-1',
      exp: 1_700_000_000,
      iss: 'https://idp.example/',
      roles: ['agent'],
      allowedOfficeIds: ['o1', 'o2'],
      org: 'org-1',
      editGlobalCustomization: true,
      editGlobalCarriers: true,
      appMetadata: { theme: 'dark' },
      paymentType: 'auto',
      officeId: 'o1',
      integration: { subdomain: 'smiles' },
      planType: 'freemium',
    };
    expect(SessionClaims.parse(input)).toEqual(input);
  });

  it('rejects unknown payment and plan types', () => {
    expect(SessionClaims.safeParse({ paymentType: 'cash' }).success).toBe(false);
    expect(SessionClaims.safeParse({ planType: 'gold' }).success).toBe(false);
  });
});
