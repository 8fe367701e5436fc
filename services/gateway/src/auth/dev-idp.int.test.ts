/**
 * The gateway against the real development identity provider: keys found through OIDC discovery, tokens from a
 * real authorization-code sign-in and from the provider's test endpoint.
 */
import { createDevIdp, DEMO_OFFICES, DEMO_ORGANIZATION, DEMO_PASSWORD, type DevIdp } from '@dv/dev-idp';
import { signInWithCodeFlow, silentLogger } from '@dv/dev-idp/testing';
import { startGateway, type RunningGateway } from '../app';
import { callUrl, silentGatewayLogger, testGatewayConfig } from '../testing/harness';
import { startUpstreamDouble, type UpstreamDouble } from '../testing/upstream-double';

describe('gateway with the development identity provider', () => {
  let idp: DevIdp;
  let idpUrl: string;
  let upstream: UpstreamDouble;
  let gateway: RunningGateway;

  beforeAll(async () => {
    idp = createDevIdp({ port: 0, logger: silentLogger });
    ({ url: idpUrl } = await idp.start());
    upstream = await startUpstreamDouble({
      organizations: { [DEMO_ORGANIZATION.domain]: { id: DEMO_ORGANIZATION.id, name: DEMO_ORGANIZATION.name, clientType: 'dentalOffice' } },
      offices: Object.fromEntries(DEMO_OFFICES.map((office) => [office.id, office.orgId])),
    });
    gateway = await startGateway({
      // No JWKS URL: the gateway reads it from the issuer's discovery document.
      config: testGatewayConfig({ oidcIssuer: idp.issuer, oidcAudience: idp.audience, upstreams: { offices: upstream.url } }),
      logger: silentGatewayLogger(),
    });
  });
  afterAll(async () => {
    await gateway.close();
    await upstream.close();
    await idp.close();
  });

  const officeSettings = (token: string, office = 'office-demo-1') =>
    callUrl(gateway.url, '/api/dentaloffice/user/all', {
      headers: { host: 'demo.localhost:8080', authorization: `Bearer ${token}`, 'connected-dental-office': office },
    });

  it('accepts the access token of a real sign-in and refuses its ID token', async () => {
    const tokens = await signInWithCodeFlow({ baseUrl: idpUrl, email: 'staff@demo.test', password: DEMO_PASSWORD });
    expect((await officeSettings(tokens.access_token)).status).toBe(200);
    expect(tokens.id_token).toBeDefined();
    const withIdToken = await officeSettings(tokens.id_token ?? '');
    expect(withIdToken.status).toBe(401);
  });

  it("applies the dev users' offices: staff@demo.test acts for office-demo-1 only", async () => {
    const token = await idp.issueTestToken('staff@demo.test');
    expect((await officeSettings(token)).status).toBe(200);
    expect((await officeSettings(token, 'office-demo-2')).status).toBe(403);
    const admin = await idp.issueTestToken('admin@demo.test');
    expect((await officeSettings(admin, 'office-demo-2')).status).toBe(200);
  });
});
