import {
  CredentialChangeEvent,
  MfaCodeInput,
  Portal,
  PortalCredential,
  PortalCredentialInput,
  PortalCredentialUpdateInput,
} from './portal';

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }): string[] {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe('Portal', () => {
  it('has id, name, url and carriers', () => {
    const portal = { id: 'p1', name: 'Delta Portal', url: 'https://delta.example', carriers: ['Delta Dental'] };
    expect(Portal.parse(portal)).toEqual(portal);
    expect(Portal.safeParse({ id: 'p1', name: 'x', url: 'u' }).success).toBe(false);
  });
});

describe('PortalCredential (output)', () => {
  it('never carries a password: parsing strips it', () => {
    const stored = {
      id: 'c1',
      portalId: 'p1',
      username: 'frontdesk',
      password: 'hunter2',
      dentalXChange: { status: 'valid' },
      portalAi: { status: 'mfaRequired' },
    };
    const reply = PortalCredential.parse(stored);
    expect(reply).not.toHaveProperty('password');
    expect(JSON.stringify(reply)).not.toContain('hunter2');
    expect(reply).toEqual({
      id: 'c1',
      portalId: 'p1',
      username: 'frontdesk',
      dentalXChange: { status: 'valid' },
      portalAi: { status: 'mfaRequired' },
    });
  });

  it('accepts only the known statuses', () => {
    expect(
      PortalCredential.safeParse({ id: 'c', portalId: 'p', username: 'u', dentalXChange: { status: 'ok' } }).success,
    ).toBe(false);
  });
});

describe('credential dialog inputs', () => {
  it('adding needs a username and a password', () => {
    expect(PortalCredentialInput.parse({ username: ' jane ', password: 'pw' })).toEqual({ username: 'jane', password: 'pw' });
    expect(messages(PortalCredentialInput.safeParse({ username: '', password: 'pw' }))).toEqual(['Username is required']);
    expect(messages(PortalCredentialInput.safeParse({ username: '   ', password: 'pw' }))).toEqual(['Username is required']);
    expect(messages(PortalCredentialInput.safeParse({ password: 'pw' }))).toEqual(['Username is required']);
    expect(messages(PortalCredentialInput.safeParse({ username: 'jane', password: '' }))).toEqual(['Password is required']);
    expect(messages(PortalCredentialInput.safeParse({ username: 'jane' }))).toEqual(['Password is required']);
  });

  it('editing keeps the current password when it is left empty', () => {
    expect(PortalCredentialUpdateInput.parse({ username: 'jane', password: '' })).toEqual({ username: 'jane', password: undefined });
    expect(PortalCredentialUpdateInput.parse({ username: 'jane' }).password).toBeUndefined();
    expect(PortalCredentialUpdateInput.parse({ username: 'jane', password: 'new' }).password).toBe('new');
    expect(messages(PortalCredentialUpdateInput.safeParse({ username: '' }))).toEqual(['Username is required']);
  });
});

describe('MFA code', () => {
  it('is trimmed and must not be empty', () => {
    expect(MfaCodeInput.parse({ code: ' 123456 ' })).toEqual({ code: '123456' });
    expect(MfaCodeInput.safeParse({ code: '   ' }).success).toBe(false);
    expect(MfaCodeInput.safeParse({}).success).toBe(false);
  });
});

describe('credential change event', () => {
  it('carries credentialId and status', () => {
    expect(CredentialChangeEvent.parse({ credentialId: 'c1', status: 'invalid' })).toEqual({ credentialId: 'c1', status: 'invalid' });
    expect(CredentialChangeEvent.safeParse({ credentialId: 'c1', status: 'broken' }).success).toBe(false);
  });
});
