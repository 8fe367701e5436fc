/**
 * Request body reading and response writing for the routes the provider serves beside oidc-provider's own
 * (sign-in interactions, the test token endpoint, health). Errors use the platform's envelope
 * `{ statusCode, error, message, requestId, details? }`.
 */
import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';

export const MAX_BODY_BYTES = 16 * 1024;

export class BodyTooLarge extends Error {
  constructor() {
    super(`Request body exceeds ${MAX_BODY_BYTES} bytes`);
  }
}

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new BodyTooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const SECURITY_HEADERS = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
} as const;

export function sendJson(res: ServerResponse, statusCode: number, body: unknown): void {
  res.writeHead(statusCode, { ...SECURITY_HEADERS, 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

export function sendHtml(res: ServerResponse, statusCode: number, html: string, headers: Record<string, string> = {}): void {
  res.writeHead(statusCode, {
    ...headers,
    ...SECURITY_HEADERS,
    'content-type': 'text/html; charset=utf-8',
    // The pages use no scripts and only their own inline style; form targets are left open because the sign-in
    // form's answer redirects on to the client's redirect URI, which form-action would block.
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
    'x-frame-options': 'DENY',
  });
  res.end(html);
}

export function sendError(
  res: ServerResponse,
  statusCode: number,
  message: string,
  details?: readonly unknown[],
): void {
  sendJson(res, statusCode, {
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    message,
    requestId: randomUUID(),
    ...(details === undefined ? {} : { details }),
  });
}
