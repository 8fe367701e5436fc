import { createTestIssuer } from '@dv/kit';
import { discoveryUrl, tokenVerifierFor } from './token-verification';

describe('tokenVerifierFor with discovery', () => {
  it('finds the keys through the discovery document, retrying while the provider is unreachable', async () => {
    const issuer = await createTestIssuer({ issuer: 'http://idp.test', audience: 'api' });
    const jwksUri = await issuer.serveJwks();
    const asked: string[] = [];
    let reachable = false;
    const fakeFetch = ((input: string | URL | Request) => {
      asked.push(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      if (!reachable) return Promise.reject(new TypeError('fetch failed'));
      return Promise.resolve(new Response(JSON.stringify({ issuer: 'http://idp.test', jwks_uri: jwksUri }), { status: 200 }));
    }) as typeof fetch;
    const verifier = tokenVerifierFor({ issuer: 'http://idp.test', audience: 'api', fetch: fakeFetch });
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
        new Response(JSON.stringify({ issuer: 'http://evil.test', jwks_uri: 'http://evil.test/jwks' }), { status: 200 }),
      )) as typeof fetch;
    const verifier = tokenVerifierFor({ issuer: 'http://idp.test/', audience: 'api', fetch: fakeFetch });
    await expect(verifier.verify('a.b.c')).rejects.toMatchObject({ statusCode: 503 });
    expect(discoveryUrl('http://idp.test/')).toBe('http://idp.test/.well-known/openid-configuration');
  });
});
