/**
 * Back-channel logout: with a back-channel logout URI registered for the SPA client, access tokens carry the
 * session's `sid`, and ending the session posts a logout token naming that `sid` before the browser is sent back.
 */
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { createLocalJWKSet, decodeJwt, jwtVerify } from 'jose';
import { createDevIdp, DEFAULT_REDIRECT_URIS, type DevIdp, WEB_CLIENT_ID } from './app';
import { signInSession, silentLogger } from './testing';
import { DEMO_PASSWORD } from './users';

const BACKCHANNEL_LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

let receiver: Server;
let received: string[];
let idp: DevIdp;
let url: string;

beforeAll(async () => {
  received = [];
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push(new URLSearchParams(body).get('logout_token') ?? '');
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  idp = createDevIdp({
    logger: silentLogger,
    clients: [
      {
        clientId: WEB_CLIENT_ID,
        redirectUris: DEFAULT_REDIRECT_URIS,
        backchannelLogoutUri: `http://127.0.0.1:${port}/oidc/backchannel-logout`,
      },
    ],
  });
  ({ url } = await idp.start());
});

afterAll(async () => {
  await idp.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

describe('back-channel logout', () => {
  it("puts the session's sid in access tokens, one per session, kept by the refreshed ones", async () => {
    const first = await signInSession({ baseUrl: url, email: 'staff@demo.test', password: DEMO_PASSWORD });
    const second = await signInSession({ baseUrl: url, email: 'staff@demo.test', password: DEMO_PASSWORD });
    const sid = decodeJwt(first.tokens.access_token).sid;
    expect(typeof sid).toBe('string');
    expect(decodeJwt(second.tokens.access_token).sid).not.toBe(sid);
    const refreshed = await fetch(`${url}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: WEB_CLIENT_ID,
        grant_type: 'refresh_token',
        refresh_token: first.tokens.refresh_token ?? '',
      }).toString(),
    });
    expect(refreshed.status).toBe(200);
    const { access_token: renewed } = (await refreshed.json()) as { access_token: string };
    expect(decodeJwt(renewed).sid).toBe(sid);
  });

  it('posts a signed logout token naming the session when it ends', async () => {
    const session = await signInSession({ baseUrl: url, email: 'admin@demo.test', password: DEMO_PASSWORD });
    const { sid, sub } = decodeJwt(session.tokens.access_token);
    received.length = 0;
    await session.signOut();
    expect(received).toHaveLength(1);
    const { payload, protectedHeader } = await jwtVerify(received[0] ?? '', createLocalJWKSet({ keys: [...idp.jwks.keys] }), {
      issuer: url,
      audience: WEB_CLIENT_ID,
    });
    expect(protectedHeader.typ).toBe('logout+jwt');
    expect(payload).toMatchObject({ sid, sub, events: { [BACKCHANNEL_LOGOUT_EVENT]: {} } });
    expect(payload.nonce).toBeUndefined();
  });

  it('issues no sid without a back-channel logout URI', async () => {
    const plain = createDevIdp({ logger: silentLogger });
    const { url: plainUrl } = await plain.start();
    try {
      const { tokens } = await signInSession({ baseUrl: plainUrl, email: 'staff@demo.test', password: DEMO_PASSWORD });
      expect(decodeJwt(tokens.access_token).sid).toBeUndefined();
    } finally {
      await plain.close();
    }
  });
});
