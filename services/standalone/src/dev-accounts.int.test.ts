/**
 * Issue 18 through the whole stack: an admin creates an office and invites its staff manager through the gateway;
 * the development password the invitation answers signs the manager in at the development identity provider
 * (which asks the offices service), and their session is for the new office. Deactivated, the manager can no
 * longer sign in nor renew the session (the refresh token fails); reactivated, they can again.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { InvitedUser, ManagedOffice } from '@dv/contracts';
import { WEB_CLIENT_ID } from '@dv/dev-idp';
import { openSignInPage, signInSession, submitSignIn } from '@dv/dev-idp/testing';
import { request } from 'undici';
import { startStandalone, type RunningStandalone } from './start';
import { devToken } from './testing/dev-token';

const DEMO_HOST = 'demo.localhost';

/** The claims of a token the gateway verifies anyway: here only read. */
function decodeJwt(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}

describe('invited users sign in at the development identity provider', () => {
  let dataDir: string;
  let running: RunningStandalone;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'dv-dev-accounts-'));
    running = await startStandalone({ dataDir, port: 0, idpPort: 0, logLevel: 'silent', webDistDir: path.join(dataDir, 'no-web') });
  });
  afterAll(async () => {
    await running.close();
    await rm(dataDir, { recursive: true, force: true });
  });


  async function call(token: string, method: string, urlPath: string, body?: unknown, office?: string) {
    const response = await request(new URL(urlPath, running.loopback.gateway), {
      method: method as 'GET',
      headers: {
        host: DEMO_HOST,
        authorization: `Bearer ${token}`,
        ...(office === undefined ? {} : { 'connected-dental-office': office }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.statusCode, json: await response.body.json() };
  }

  const signIn = (email: string, password: string) =>
    signInSession({ baseUrl: running.loopback.idp, email, password, redirectUri: `${running.gatewayUrl}/handleLogin` });

  async function refresh(refreshToken: string): Promise<{ status: number; json: { error?: string; refresh_token?: string } }> {
    const response = await request(new URL('/token', running.loopback.idp), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', client_id: WEB_CLIENT_ID, refresh_token: refreshToken }).toString(),
    });
    return { status: response.statusCode, json: (await response.body.json()) as { error?: string; refresh_token?: string } };
  }

  it('an admin’s new office and its invited manager: sign-in, session, deactivation, reactivation', async () => {
    const admin = await devToken(running, 'admin@demo.test');
    const created = await call(admin, 'POST', '/api/management/offices', { name: 'Elm Street Dental', settings: { paymentType: 'manual' } });
    expect(created.status).toBe(201);
    const office = ManagedOffice.parse(created.json);
    const invited = await call(admin, 'POST', '/api/management/users', {
      email: 'elm.manager@demo.test',
      name: 'Elliot Elm',
      roles: { [office.id]: ['staffmanager'] },
      allowedOfficeIds: [office.id],
    });
    expect(invited.status).toBe(201);
    const user = InvitedUser.parse(invited.json);
    if (user.signIn.kind !== 'developmentPassword') throw new Error('the standalone runs the development identity provider');
    const { password } = user.signIn;

    const session = await signIn('elm.manager@demo.test', password);
    expect(decodeJwt(session.tokens.access_token)).toMatchObject({ sub: user.id, allowedOfficeIds: [office.id], officeId: office.id, paymentType: 'manual' });
    const offices = await call(session.tokens.access_token, 'GET', '/api/dentaloffice/user/all', undefined, office.id);
    expect(offices).toMatchObject({ status: 200, json: [{ id: office.id, name: 'Elm Street Dental' }] });

    const off = await call(admin, 'PATCH', `/api/management/users/${user.id}`, { active: false });
    expect(off).toMatchObject({ status: 200, json: { active: false } });
    const page = await openSignInPage({ baseUrl: running.loopback.idp, redirectUri: `${running.gatewayUrl}/handleLogin` });
    expect((await submitSignIn(running.loopback.idp, page, 'elm.manager@demo.test', password)).status).toBe(401);
    expect(await refresh(session.tokens.refresh_token ?? '')).toMatchObject({ status: 400, json: { error: 'invalid_grant' } });

    expect((await call(admin, 'PATCH', `/api/management/users/${user.id}`, { active: true })).status).toBe(200);
    const again = await signIn('elm.manager@demo.test', password);
    expect(decodeJwt(again.tokens.access_token)).toMatchObject({ sub: user.id });
  });

  it('a deactivated seeded user cannot sign in with the demo password either', async () => {
    const admin = await devToken(running, 'admin@demo.test');
    expect((await call(admin, 'PATCH', '/api/management/users/user-groupmember', { active: false })).status).toBe(200);
    try {
      const page = await openSignInPage({ baseUrl: running.loopback.idp, redirectUri: `${running.gatewayUrl}/handleLogin` });
      expect((await submitSignIn(running.loopback.idp, page, 'groupmember@demo.test', 'demo')).status).toBe(401);
    } finally {
      await call(admin, 'PATCH', '/api/management/users/user-groupmember', { active: true });
    }
    await expect(signIn('groupmember@demo.test', 'demo')).resolves.toMatchObject({ tokens: { access_token: expect.any(String) } });
  });
});
