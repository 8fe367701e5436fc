/** The shared secret of the gateway-only routes, compared in constant time. */
import { createHash, timingSafeEqual } from 'node:crypto';
import { INTERNAL_TOKEN_HEADER, Unauthorized } from '@dv/kit';
import { type FastifyReply, type FastifyRequest } from 'fastify';

export { INTERNAL_TOKEN_HEADER };

const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

/** Equal digests of equal length: the time taken says nothing about how much of the token was right. */
export function internalTokenMatches(given: string | readonly string[] | undefined, expected: string): boolean {
  if (typeof given !== 'string' || given === '') return false;
  return timingSafeEqual(digest(given), digest(expected));
}

/** An onRequest hook: 401 unless the request carries the internal token (checked before the body is read). */
export function requireInternalToken(expected: string) {
  if (expected.length === 0) throw new RangeError('The internal API token must not be empty');
  return function checkInternalToken(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void {
    if (internalTokenMatches(request.headers[INTERNAL_TOKEN_HEADER], expected)) done();
    else done(new Unauthorized('A valid internal token is required'));
  };
}
