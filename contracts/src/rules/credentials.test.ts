import { PORTAL_CREDENTIAL_STATUSES } from '../enums';
import { credentialNeedsAttention, statusNeedsAttention } from './credentials';

describe('credentials needing attention', () => {
  it.each(PORTAL_CREDENTIAL_STATUSES.map((status) => [status]))('%s', (status) => {
    expect(statusNeedsAttention(status)).toBe(['invalid', 'failed', 'mfaRequired'].includes(status));
  });

  it('either provider can put a credential on the list', () => {
    expect(credentialNeedsAttention({ dentalXChange: { status: 'valid' }, portalAi: { status: 'failed' } })).toBe(true);
    expect(credentialNeedsAttention({ dentalXChange: { status: 'mfaRequired' } })).toBe(true);
    expect(credentialNeedsAttention({ dentalXChange: { status: 'valid' }, portalAi: { status: 'inProgress' } })).toBe(false);
    expect(credentialNeedsAttention({})).toBe(false);
  });
});
