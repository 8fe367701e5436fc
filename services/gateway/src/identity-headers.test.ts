import { isIdentityHeader, stripIdentityHeaders } from './identity-headers';

describe('identity headers', () => {
  it.each([
    'x-user-id',
    'X-User-Id',
    'x-org-id',
    'x-organization-id',
    'x-roles',
    'x-actor',
    'x-actor-id',
    'x-actor-roles',
    'x-internal-token',
    'x-forwarded-user',
    'x-forwarded-email',
    'x-forwarded-groups',
    'x-auth-request-user',
    'x-authenticated-userid',
    'x-remote-user',
    'remote-user',
    'x-jwt-claims',
    'x-consumer-id',
    'x-tenant-id',
    'x-office-id',
  ])('%s is an identity header', (name) => {
    expect(isIdentityHeader(name)).toBe(true);
  });

  it.each(['authorization', 'connected-dental-office', 'content-type', 'x-request-id', 'x-forwarded-for', 'accept', 'cookie'])(
    '%s is passed on',
    (name) => {
      expect(isIdentityHeader(name)).toBe(false);
    },
  );

  it('removes them in place and says which', () => {
    const headers = { authorization: 'Bearer t', 'x-user-id': 'u', 'x-roles': 'goduser', accept: '*/*' };
    expect(stripIdentityHeaders(headers).sort()).toEqual(['x-roles', 'x-user-id']);
    expect(headers).toEqual({ authorization: 'Bearer t', accept: '*/*' });
  });
});
