/**
 * The one reading of a request target that the gateway's checks, its router and the service all share.
 *
 * Fastify's router percent-decodes the path before it picks a route, and a service decodes it again, so a check
 * made on the target as sent can be about another path than the one served (`/%61pi/...` is `/api/...` to
 * them). The gateway therefore decides on the decoded path, forwards exactly that path, and refuses (400) every
 * target that two careful readers could decode to different paths: encoded slashes, backslashes and percent
 * signs (double encoding), dot segments, empty segments, control characters, and every form of target other than
 * a path (absolute-form `http://host/...`, authority-form `host:port`, asterisk-form `*`).
 */
import { randomUUID } from 'node:crypto';
import type { Server as HttpServer } from 'node:http';
import type { Duplex } from 'node:stream';
import { Invalid } from '@dv/kit';

export interface RequestTarget {
  /** The decoded path: what the router matched and what the service will read. */
  readonly path: string;
  /** The query as sent, with its leading `?` ('' when none): never part of a routing decision. */
  readonly search: string;
  /** The target to forward: the path re-encoded one way only, then the query as sent. */
  readonly url: string;
}

/** RFC 3986 pchar and '/': unreserved, sub-delims, ':', '@' and percent-encoded octets. */
const PATH_CHARACTERS = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/%]*$/;
const PERCENT_ESCAPE = /%(?![0-9A-Fa-f]{2})/;
/** Decoded characters that would change a path's structure or be decoded once more by the next reader. */
const STRUCTURAL = /[/\\%?#]/;
const NOT_A_PATH = 'send a path starting with one /, not a URL, an authority or *';
const CONTROL = /[\u0000-\u001f\u007f]/; // eslint-disable-line no-control-regex -- control characters are what it finds

function refuse(reason: string): never {
  throw new Invalid(`The request path is not valid: ${reason}`);
}

function decodeSegment(raw: string): string {
  if (PERCENT_ESCAPE.test(raw)) refuse('a percent sign that starts no escape');
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    refuse('an escape that is not UTF-8');
  }
  if (STRUCTURAL.test(decoded)) refuse('an encoded slash, backslash, percent sign, ? or #');
  if (CONTROL.test(decoded)) refuse('an encoded control character');
  if (decoded === '.' || decoded === '..') refuse('a dot segment');
  return decoded;
}

/** Reads a request target as sent (Node's `request.url`); throws Invalid (400) when it is not one plain path. */
export function readRequestTarget(target: string): RequestTarget {
  if (!target.startsWith('/') || target.startsWith('//')) {
    refuse(NOT_A_PATH);
  }
  if (target.includes('#')) refuse('a fragment is never sent');
  const queryAt = target.indexOf('?');
  const rawPath = queryAt === -1 ? target : target.slice(0, queryAt);
  const search = queryAt === -1 ? '' : target.slice(queryAt);
  if (!PATH_CHARACTERS.test(rawPath)) refuse('a character that must be percent-encoded');
  if (!rawPath.includes('%')) return readPlainPath(rawPath, search, target);

  const segments = rawPath.slice(1).split('/').map(decodeSegment);
  refuseEmptySegments(segments);
  const path = `/${segments.join('/')}`;
  const url = `/${segments.map(encodePathSegment).join('/')}${search}`;
  return { path, search, url };
}

/** One trailing slash is a path of its own (`/socket.io/`); an empty segment anywhere else is a doubled slash. */
function refuseEmptySegments(segments: readonly string[]): void {
  for (let index = 0; index < segments.length - 1; index += 1) if (segments[index] === '') refuse('an empty segment (//)');
}

/**
 * A path without a percent sign, the usual case: each segment decodes to itself and passes decodeSegment's
 * checks but the dot segments' (PATH_CHARACTERS leaves no structural or control character), and encodes back to
 * itself (encodePathSegment keeps every character PATH_CHARACTERS allows), so the target is forwarded as sent.
 */
function readPlainPath(rawPath: string, search: string, target: string): RequestTarget {
  const segments = rawPath.slice(1).split('/');
  for (const segment of segments) if (segment === '.' || segment === '..') refuse('a dot segment');
  refuseEmptySegments(segments);
  return { path: rawPath, search, url: target };
}

/** encodeURIComponent, leaving the sub-delims, ':' and '@' that a path segment may hold as they are. */
function encodePathSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/%(24|26|2B|2C|3A|3B|3D|40)/g, (escape) => decodeURIComponent(escape));
}

/**
 * Whether a Fastify route URL (`/api/features`, `/api/features/*`, `/internal/:id`) matches this decoded path:
 * the guard's decision counts only for the route the router chose for the same path. A prefix route also takes
 * its path with a trailing slash (Fastify's prefixTrailingSlash), as the route table does.
 */
export function routeMatchesPath(routeUrl: string, path: string): boolean {
  const regex = routeRegex(routeUrl);
  return regex.test(path) || (path.length > 1 && path.endsWith('/') && regex.test(path.slice(0, -1)));
}

/** One per route of the gateway (a fixed set), built at its first request. */
const ROUTE_REGEXES = new Map<string, RegExp>();

function routeRegex(routeUrl: string): RegExp {
  const known = ROUTE_REGEXES.get(routeUrl);
  if (known) return known;
  const source = routeUrl
    .split('/')
    .map((segment) => {
      if (segment === '*') return '.*';
      if (segment.startsWith(':')) return '[^/]+';
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  const regex = new RegExp(`^${source}$`);
  ROUTE_REGEXES.set(routeUrl, regex);
  return regex;
}

/**
 * Node hands a CONNECT request (authority-form, `CONNECT host:443`) to the server's 'connect' listeners and, with
 * none, drops the connection without an answer. The gateway is no tunnel: it answers 400 like any other target
 * that is not a path, in the error envelope.
 */
export function refuseConnectRequests(server: HttpServer): void {
  server.on('connect', (_request, socket: Duplex) => {
    socket.on('error', () => socket.destroy());
    const body = JSON.stringify({
      statusCode: 400,
      error: 'Bad Request',
      message: `The request path is not valid: ${NOT_A_PATH}`,
      requestId: randomUUID(),
    });
    const head = [
      'HTTP/1.1 400 Bad Request',
      'content-type: application/json; charset=utf-8',
      `content-length: ${Buffer.byteLength(body)}`,
      'connection: close',
    ];
    socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
  });
}
