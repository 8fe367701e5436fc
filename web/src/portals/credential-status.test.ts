import { type PortalCredential } from '@dv/contracts';
import { applyChange, applyChangeToList, overallStatus, providerStatuses, upsertCredential } from './credential-status';

const base: PortalCredential = {
  id: 'c1',
  portalId: 'dnoaconnect',
  username: 'u',
  dentalXChange: { status: 'valid' },
  portalAi: { status: 'inProgress' },
};

describe('credential status', () => {
  it('has one entry per provider that logs in', () => {
    expect(providerStatuses(base)).toEqual([
      { provider: 'dentalXChange', status: 'valid' },
      { provider: 'portalAi', status: 'inProgress' },
    ]);
    expect(providerStatuses({ ...base, portalAi: null })).toEqual([{ provider: 'dentalXChange', status: 'valid' }]);
    expect(providerStatuses({ dentalXChange: undefined, portalAi: undefined })).toEqual([]);
  });

  it('ranks the overall status as the server does', () => {
    expect(overallStatus(base)).toBe('inProgress');
    expect(overallStatus({ dentalXChange: { status: 'failed' }, portalAi: { status: 'mfaRequired' } })).toBe('mfaRequired');
    expect(overallStatus({ dentalXChange: { status: 'failed' }, portalAi: { status: 'invalid' } })).toBe('invalid');
    expect(overallStatus({ dentalXChange: { status: 'valid' }, portalAi: null })).toBe('valid');
    expect(overallStatus({ portalAi: null })).toBeNull();
  });

  it("applies the providers' statuses an event names", () => {
    expect(applyChange(base, { credentialId: 'c1', status: 'invalid', dentalXChange: { status: 'valid' }, portalAi: { status: 'invalid' } })).toEqual({
      ...base,
      portalAi: { status: 'invalid' },
    });
  });

  it('applies the overall status to every provider that applies when the event names none', () => {
    expect(applyChange({ ...base, portalAi: null }, { credentialId: 'c1', status: 'failed' })).toEqual({
      ...base,
      dentalXChange: { status: 'failed' },
      portalAi: null,
    });
  });

  it('leaves a list without the credential as it is', () => {
    const list = [base];
    expect(applyChangeToList(list, { credentialId: 'other', status: 'valid' })).toBe(list);
    expect(applyChangeToList(list, { credentialId: 'c1', status: 'valid' })[0]?.portalAi).toEqual({ status: 'valid' });
  });

  it('puts a credential in place or adds it', () => {
    const other = { ...base, id: 'c2' };
    expect(upsertCredential([base, other], { ...base, username: 'v' }).map((c) => [c.id, c.username])).toEqual([
      ['c1', 'v'],
      ['c2', 'u'],
    ]);
    expect(upsertCredential(undefined, base)).toEqual([base]);
    expect(upsertCredential([other], base).map((c) => c.id)).toEqual(['c2', 'c1']);
  });
});
