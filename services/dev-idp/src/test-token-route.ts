/**
 * `POST /dev/token` for automated tests: `{ email, expiresInSeconds? }` answers `{ access_token }`, the token a
 * sign-in of that user yields (access-tokens.ts). Served only when enabled; other methods answer 405.
 */
import { errorHandler, HttpError, Invalid, renderError, type Server } from '@dv/kit';
import { type FastifyError, type FastifyReply, type FastifyRequest } from 'fastify';
import { z } from 'zod';
import { TestTokenRequest } from './access-tokens';

export const TEST_TOKEN_PATH = '/dev/token';

/** The request names no seeded user. */
export class UnknownUser extends Error {}

const BODY_LIMIT_BYTES = 16 * 1024;
const NOT_JSON = 'Body must be JSON: { "email": string, "expiresInSeconds"?: integer >= 1 }';
/** Fastify's JSON parser refusing the body (the kit's parser hands on its errors). */
const NOT_JSON_CODES: ReadonlySet<string> = new Set(['FST_ERR_CTP_INVALID_JSON_BODY', 'FST_ERR_CTP_EMPTY_JSON_BODY']);

const TestTokenReply = z.object({ access_token: z.string() });

export interface TestTokenDeps {
  issueTestToken(email: string, expiresInSeconds?: number): Promise<string>;
}

/**
 * The kit's envelope, with the message a test author needs: what is wrong with the body, said in the message
 * itself (the kit's says 'Invalid request' and lists the issues in `details`, which are kept).
 */
function testTokenErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (error.validation) {
    const message = error.validation.map((issue) => issue.message ?? 'is invalid').join('; ');
    void errorHandler(new Invalid(message, renderError(error).details), request, reply);
  } else {
    void errorHandler(NOT_JSON_CODES.has(error.code) ? new Invalid(NOT_JSON) : error, request, reply);
  }
}

export function testTokenRoute(app: Server, deps: TestTokenDeps): void {
  app.post(
    TEST_TOKEN_PATH,
    {
      bodyLimit: BODY_LIMIT_BYTES,
      schema: { body: TestTokenRequest, response: { 200: TestTokenReply } },
      errorHandler: testTokenErrors,
    },
    async (request, reply) => {
      const { email, expiresInSeconds } = request.body;
      const token = await deps.issueTestToken(email, expiresInSeconds).catch((error: unknown) => {
        throw error instanceof UnknownUser ? new Invalid(error.message) : error;
      });
      void reply.header('cache-control', 'no-store');
      return { access_token: token };
    },
  );
  app.route({
    method: ['GET', 'PUT', 'PATCH', 'DELETE'],
    url: TEST_TOKEN_PATH,
    handler: (_request, reply) => {
      void reply.header('allow', 'POST');
      throw new HttpError(405, `Use POST ${TEST_TOKEN_PATH}`);
    },
  });
}
