import { carrierNameKey, PAYER_PORTALS, payerPortal, portalOfPayer } from './payer-portals';

describe('payer portals', () => {
  it('names each payer once, with the portal and the catalogue name of its carrier', () => {
    const ids = PAYER_PORTALS.map((entry) => entry.payerId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(portalOfPayer('77777')).toBe('deltadental');
    expect(portalOfPayer(' 65978 ')).toBe('metdental');
    expect(payerPortal('65978')?.carrier).toBe('MetLife');
    expect(portalOfPayer('47198')).toBeNull();
  });

  it('compares carrier names without case, spacing or punctuation', () => {
    expect(carrierNameKey('Ameritas Life Insurance Corp.')).toBe(carrierNameKey('  ameritas life  insurance corp'));
    expect(carrierNameKey('Sun Life Assurance Company of Canada (U.S.)')).toBe('sun life assurance company of canada u s');
    expect(carrierNameKey('Dental & Vision')).toBe(carrierNameKey('dental and vision'));
    expect(carrierNameKey('MetLife')).not.toBe(carrierNameKey('MetLife Dental'));
  });
});
