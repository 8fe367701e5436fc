import { Invalid } from '@dv/kit';
import { isIdentityHeader, refuseRepeatedHeaders, stripIdentityHeaders } from './identity-headers';

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

  it.each([
    [['Authorization', 'Bearer a', 'authorization', 'Bearer b'], 'Send one Authorization header, not several'],
    [['host', 'a.localhost', 'accept', '*/*', 'HOST', 'a.localhost'], 'Send one Host header, not several'],
    [['Connected-Dental-Office', 'o1', 'connected-dental-office', 'o1'], 'Send one connected-dental-office header, not several'],
    [['x-organization-id', 'org-a', 'X-Organization-Id', 'org-b'], 'Send one x-organization-id header, not several'],
  ])('refuses %j: %s', (rawHeaders, message) => {
    expect(() => refuseRepeatedHeaders(rawHeaders)).toThrow(new Invalid(message));
  });

  it('takes each once, and repeats of other headers', () => {
    expect(() =>
      refuseRepeatedHeaders(['Host', 'a', 'Authorization', 'Bearer t', 'accept', 'a', 'Accept', 'b', 'cookie', 'x', 'cookie', 'y']),
    ).not.toThrow();
  });
});
