import { createDiscoverableTestIssuer, createTestIssuer } from '../testing/test-issuer';
import { discoverJwksUri, issuerLogoutVerifier, issuerTokenVerifier } from './issuer-keys';

const discoveryUrl = (issuer: string) => `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;

function urlOf(input: string | URL | Request): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

describe('issuerTokenVerifier with discovery (openid-client)', () => {
  it('finds the keys through the discovery document, retrying while the provider is unreachable', async () => {
    const issuer = await createTestIssuer({ issuer: 'http://idp.test', audience: 'api' });
    const jwksUri = await issuer.serveJwks();
    const asked: string[] = [];
    let reachable = false;
    const fakeFetch = ((input: string | URL | Request) => {
      asked.push(urlOf(input));
      if (!reachable) return Promise.reject(new TypeError('fetch failed'));
      return Promise.resolve(
        new Response(JSON.stringify({ issuer: 'http://idp.test', jwks_uri: jwksUri }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }) as typeof fetch;
    const verifier = issuerTokenVerifier({ issuer: 'http://idp.test', audience: 'api', fetch: fakeFetch });
    const token = await issuer.sign({ sub: 'u1', org: 'org-a' });
    await expect(verifier.verify(token)).rejects.toMatchObject({ statusCode: 503 });
    reachable = true;
    await expect(verifier.verify(token)).resolves.toMatchObject({ claims: { sub: 'u1', org: 'org-a' } });
    await verifier.verify(token);
    expect(asked).toEqual([discoveryUrl('http://idp.test'), discoveryUrl('http://idp.test')]);
    await issuer.close();
  });

  it('refuses a discovery document that names another issuer', async () => {
    const fakeFetch = (() =>
      Promise.resolve(
        new Response(JSON.stringify({ issuer: 'http://evil.test', jwks_uri: 'http://evil.test/jwks' }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      )) as typeof fetch;
    const verifier = issuerTokenVerifier({ issuer: 'http://idp.test/', audience: 'api', fetch: fakeFetch });
    await expect(verifier.verify('a.b.c')).rejects.toMatchObject({ statusCode: 503 });
    await expect(discoverJwksUri('http://idp.test/', { fetch: fakeFetch })).rejects.toThrow(/issuer/);
  });

  it('takes OIDC_JWKS_URL as an override and never asks for discovery', async () => {
    const issuer = await createTestIssuer({ issuer: 'http://idp.test', audience: 'api' });
    const jwksUrl = await issuer.serveJwks();
    const fakeFetch = (() => Promise.reject(new Error('discovery must not be asked'))) as typeof fetch;
    const verifier = issuerTokenVerifier({ issuer: 'http://idp.test', audience: 'api', jwksUrl, fetch: fakeFetch });
    await expect(verifier.verify(await issuer.sign({ sub: 'u1', org: 'org-a' }))).resolves.toMatchObject({
      claims: { sub: 'u1' },
    });
    await issuer.close();
  });

  it('discovers a real issuer over HTTP, for access and logout tokens alike', async () => {
    const issuer = await createDiscoverableTestIssuer({ audience: 'api' });
    expect(await discoverJwksUri(issuer.issuer)).toBe(`${issuer.issuer}/jwks`);
    const access = issuerTokenVerifier({ issuer: issuer.issuer, audience: 'api' });
    await expect(access.verify(await issuer.sign({ sub: 'u1', org: 'org-a' }))).resolves.toMatchObject({
      claims: { sub: 'u1' },
    });
    const logout = issuerLogoutVerifier({ issuer: issuer.issuer, clientId: 'web' });
    const logoutToken = await issuer.sign(
      { sub: 'u1', sid: 'session-1', events: { 'http://schemas.openid.net/event/backchannel-logout': {} } },
      { audience: 'web', typ: 'logout+jwt' },
    );
    await expect(logout.verify(logoutToken)).resolves.toMatchObject({ sid: 'session-1' });
    await issuer.close();
  });
});
