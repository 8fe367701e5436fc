import { AuthProviderConfig } from './auth-provider';
import { FeatureFlag, FeatureFlagList } from './feature-flag';
import { DentalOffice, OfficeSettings, UserOfficeSettingsReply } from './office';

describe('office settings', () => {
  it('carries integration, outsourcing, payment type and form fulfilment', () => {
    const settings = {
      id: 'o1',
      scheduleIntegration: { type: 'nexHealth', pmsType: 'dentrix', integration: { subdomain: 'smiles' } },
      outsource: { outsourceEnabled: true },
      paymentType: 'locked',
      ableToFullfillForm: true,
    };
    expect(OfficeSettings.parse(settings)).toEqual(settings);
    const withName = { ...settings, name: 'Bright Smiles Dental – Main St' };
    expect(UserOfficeSettingsReply.parse([withName])).toEqual([withName]);
    expect(() => UserOfficeSettingsReply.parse([settings])).toThrow();
  });

  it('defaults ableToFullfillForm to false and allows an unset payment type', () => {
    expect(OfficeSettings.parse({ id: 'o1' })).toEqual({ id: 'o1', ableToFullfillForm: false });
    expect(OfficeSettings.parse({ id: 'o1', paymentType: null }).paymentType).toBeNull();
    expect(OfficeSettings.safeParse({ id: 'o1', paymentType: 'cash' }).success).toBe(false);
  });

  it('a dental office has a plan type', () => {
    expect(DentalOffice.parse({ id: 'o1', planType: 'freemium' })).toEqual({ id: 'o1', planType: 'freemium' });
    expect(DentalOffice.safeParse({ id: 'o1' }).success).toBe(false);
  });
});

describe('feature flags and auth provider config', () => {
  it('a flag has name, type, value and isActive', () => {
    const flag = { name: 'ARCHIVISATION_DELAY', type: 'integer', value: 14, isActive: true };
    expect(FeatureFlag.parse(flag)).toEqual(flag);
    expect(FeatureFlagList.parse([flag])).toEqual([flag]);
    expect(FeatureFlag.safeParse({ ...flag, type: 'boolean' }).success).toBe(false);
  });

  it('the identity provider config has domain and clientId', () => {
    expect(AuthProviderConfig.parse({ domain: 'idp.example', clientId: 'abc' })).toEqual({ domain: 'idp.example', clientId: 'abc' });
    expect(AuthProviderConfig.safeParse({ domain: 'idp.example' }).success).toBe(false);
  });
});
