/**
 * POST /internal/keys/rewrap: the rewrap command's request to rotate in-process (key-rotation.service.ts). Not a
 * user's call: no bearer token; only from this machine's loopback, with the token of this run that the service wrote
 * into its announcement file (rotation-control.ts), compared in constant time. The gateway never proxies /internal.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { Forbidden, INTERNAL_TOKEN_HEADER, type Server, Unauthorized } from '@dv/kit';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type KeyRotation } from './key-rotation.service';
import { ROTATION_PATH } from './rotation-control';

export const RotationReport = z.object({
  kekId: z.string(),
  rewrapped: z.number().int(),
  failed: z.array(z.string()),
  remaining: z.number().int(),
  retired: z.array(z.string()),
});
export type RotationReport = z.infer<typeof RotationReport>;

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

function requireLocalCaller(token: string) {
  return function checkLocalCaller(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void {
    if (!LOOPBACK.has(request.socket.remoteAddress ?? '')) return done(new Forbidden('Only from this machine'));
    const given = request.headers[INTERNAL_TOKEN_HEADER];
    if (typeof given !== 'string' || !timingSafeEqual(digest(given), digest(token))) {
      return done(new Unauthorized('A valid internal token is required'));
    }
    done();
  };
}

export function keyRotationRoutes(app: Server, deps: { rotation: KeyRotation; token: string }): void {
  app.post(
    ROTATION_PATH,
    { config: { auth: false }, onRequest: requireLocalCaller(deps.token), schema: { response: { 200: RotationReport } } },
    async () => {
      const result = await deps.rotation.rotate();
      return { ...result, failed: [...result.failed], retired: [...result.retired] };
    },
  );
}
