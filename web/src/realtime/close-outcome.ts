/**
 * What a closed socket means for the client (SPEC sections 4 and 8): stay closed, fail with a text, or reconnect.
 *
 * The specification speaks in WebSocket close codes (no reconnect on 1000 or 4003, 4001 is an authentication
 * failure); Socket.IO reports reasons instead. They are mapped here:
 * - 'io client disconnect' (we closed it) is a normal closure, 1000;
 * - 'io server disconnect' after an `error` event with UNAUTHORIZED or INVALID_TOKEN: the server refused the
 *   socket's token, the authentication failure of 4001; no reconnect (SPEC section 4: those codes close the socket);
 * - 'io server disconnect' after an error event with another code (UNAVAILABLE: the server could not check the
 *   token just now): a passing server problem; reconnect with the backoff, showing 'Unknown server error' meanwhile;
 * - 'io server disconnect' without an error event: the server went away (a restart or a deploy); reconnect;
 * - a transport close carries the WebSocket close code when there is one; any other code reconnects.
 */
import {
  MESSAGES,
  SOCKET_CLOSE_AUTH_FAILED,
  SOCKET_CLOSE_FORBIDDEN,
  SOCKET_ERROR_CODES,
  SOCKET_NO_RECONNECT_CLOSE_CODES,
  type SocketErrorEvent,
} from '@dv/contracts';

export type CloseOutcome =
  | { readonly kind: 'closed' }
  | { readonly kind: 'failed'; readonly message: string }
  | { readonly kind: 'reconnect' };

export function isAuthError(error: SocketErrorEvent | undefined): boolean {
  return error?.code !== undefined && (SOCKET_ERROR_CODES as readonly string[]).includes(error.code);
}

/** The section 8 text of a server `error` event. */
export function serverErrorText(error: SocketErrorEvent): string {
  if (error.code === 'UNAUTHORIZED') return MESSAGES.SOCKET_AUTHENTICATION_FAILED(error.message);
  if (error.code === 'INVALID_TOKEN') return MESSAGES.SOCKET_TOKEN_MAY_BE_EXPIRED;
  return MESSAGES.SOCKET_UNKNOWN_SERVER_ERROR;
}

/** What to do after a close with this WebSocket close code (undefined: abnormal, no code). */
export function outcomeOfCloseCode(code: number | undefined, serverError?: SocketErrorEvent): CloseOutcome {
  if (code === SOCKET_CLOSE_AUTH_FAILED) {
    return { kind: 'failed', message: serverError ? serverErrorText(serverError) : MESSAGES.SOCKET_TOKEN_MAY_BE_EXPIRED };
  }
  if (code === SOCKET_CLOSE_FORBIDDEN) return { kind: 'failed', message: MESSAGES.SOCKET_ACCESS_FORBIDDEN };
  if (code !== undefined && SOCKET_NO_RECONNECT_CLOSE_CODES.includes(code)) return { kind: 'closed' };
  return { kind: 'reconnect' };
}

/** The close code a WebSocket transport reported, if Socket.IO passed its CloseEvent along. */
function transportCloseCode(details: unknown): number | undefined {
  const context = (details as { context?: unknown } | undefined)?.context;
  const code = (context as { code?: unknown } | undefined)?.code;
  return typeof code === 'number' ? code : undefined;
}

/** Socket.IO's disconnect reason (and details), with the last server error event, as an outcome. */
export function outcomeOfDisconnect(reason: string, details: unknown, serverError: SocketErrorEvent | undefined): CloseOutcome {
  switch (reason) {
    case 'io client disconnect':
      return { kind: 'closed' };
    case 'io server disconnect':
      return isAuthError(serverError) ? outcomeOfCloseCode(SOCKET_CLOSE_AUTH_FAILED, serverError) : { kind: 'reconnect' };
    default:
      return outcomeOfCloseCode(transportCloseCode(details), serverError);
  }
}
