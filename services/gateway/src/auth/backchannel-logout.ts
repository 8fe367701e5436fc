/**
 * POST /oidc/backchannel-logout: OpenID Connect Back-Channel Logout 1.0. The identity provider posts a logout
 * token (form field `logout_token`) when a session of the SPA ends; the gateway checks it (kit's logout token
 * verifier: keys, issuer, our client id, the logout event, a `sid`) and records the session as signed out, so its
 * access tokens are refused from then on. 200 when recorded, 400 for anything but one valid logout token.
 */
import { Readable } from 'node:stream';
import { Invalid, type LogoutTokenVerifier, type Server } from '@dv/kit';
import type { SignedOutSessions } from './signed-out-sessions';

export const BACKCHANNEL_LOGOUT_PATH = '/oidc/backchannel-logout';

/** The gateway's one body parser hands bodies on as streams of their bytes (body-limit.ts). */
async function formOf(body: unknown): Promise<URLSearchParams> {
  if (body === undefined || body === null) return new URLSearchParams();
  if (typeof body === 'string' || Buffer.isBuffer(body)) return new URLSearchParams(body.toString());
  if (body instanceof Readable) {
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
    return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
  }
  throw new Invalid('Send the logout token as application/x-www-form-urlencoded');
}

export function registerBackchannelLogout(
  app: Server,
  deps: { readonly verifier: LogoutTokenVerifier; readonly sessions: Pick<SignedOutSessions, 'add'> },
): void {
  app.post(BACKCHANNEL_LOGOUT_PATH, async (request, reply) => {
    if (!/^application\/x-www-form-urlencoded\b/i.test(request.headers['content-type'] ?? '')) {
      throw new Invalid('Send the logout token as application/x-www-form-urlencoded');
    }
    const tokens = (await formOf(request.body)).getAll('logout_token');
    if (tokens.length !== 1) throw new Invalid('Send one logout_token');
    const { sid, sub } = await deps.verifier.verify(tokens[0] ?? '');
    await deps.sessions.add(sid);
    request.log.info({ userId: sub }, 'session signed out (back-channel logout)');
    return reply.header('cache-control', 'no-store').code(200).send();
  });
}
