import { API_ROUTES } from '@dv/contracts';
import { Invalid } from '@dv/kit';
import fc from 'fast-check';
import { readRequestTarget, routeMatchesPath } from './request-target';
import { ambiguousSpelling, equivalentSpelling, percentEncode } from '../testing/path-spellings';

const samplePath = (pattern: string) => pattern.replace(/\{[^}]+\}/g, 'sample-1');
const API_PATHS = API_ROUTES.map((route) => samplePath(route.path));

/** What readRequestTarget says: the decoded path, or the reason it was refused. */
function outcome(target: string): { path: string } | { refused: string } {
  try {
    return { path: readRequestTarget(target).path };
  } catch (error) {
    if (error instanceof Invalid) return { refused: error.message };
    throw error;
  }
}

// eslint-disable-next-line no-control-regex -- control characters are among those a segment may not decode to
const STRUCTURAL_OR_CONTROL = /[/\\%?#\u0000-\u001f\u007f]/;
/** A path segment a client may legitimately send: anything but what changes the path's structure. */
const segment = fc
  .string({ unit: 'grapheme', minLength: 1, maxLength: 12 })
  .filter((text) => !STRUCTURAL_OR_CONTROL.test(text) && text !== '.' && text !== '..');
const path = fc.array(segment, { minLength: 1, maxLength: 5 }).map((segments) => `/${segments.join('/')}`);
/** A path and one of its equivalent spellings. */
const withSpelling = (canonical: string) => fc.tuple(fc.constant(canonical), equivalentSpelling(canonical));

describe('readRequestTarget', () => {
  it.each([
    ['/%61pi/management/users', '/api/management/users'],
    ['/api/manage%6Dent/user%73?search=x%2Fy', '/api/management/users'],
    ['/api/features/', '/api/features/'],
    ['/socket.io/?EIO=4&transport=websocket', '/socket.io/'],
    ['/api/verifications/a%3Ab%20c', '/api/verifications/a:b c'],
    ['/', '/'],
  ])('reads %s as %s', (target, expected) => {
    expect(outcome(target)).toEqual({ path: expected });
  });

  it.each([
    ['http://evil.localhost/api/features', 'not a URL'],
    ['HTTPS://a.localhost/api/features', 'not a URL'],
    ['a.localhost:443', 'an authority'],
    ['*', '*'],
    ['//evil.localhost/api/features', 'not a URL'],
    ['/%61pi/features/..%2f..%2finternal/offices/x', 'encoded slash'],
    ['/api/features/../../internal', 'dot segment'],
    ['/api/features/%2E%2e/internal', 'dot segment'],
    ['/api/./features', 'dot segment'],
    ['/api//features', 'empty segment'],
    ['/api/%2566eatures', 'percent sign'],
    ['/api/fe%5catures', 'backslash'],
    ['/api/fe\\atures', 'must be percent-encoded'],
    ['/api/features%00', 'control character'],
    ['/api/features%zz', 'starts no escape'],
    ['/api/features%', 'starts no escape'],
    ['/api/features%ff', 'not UTF-8'],
    ['/api/features#top', 'fragment'],
    ['/api/features%3Fx=1', '?'],
  ])('refuses %s (%s)', (target, reason) => {
    const result = outcome(target);
    expect(result).toEqual({ refused: expect.stringContaining('The request path is not valid: ') });
    expect(result).toEqual({ refused: expect.stringContaining(reason) });
  });

  it('reads every equivalent spelling of a path as that path, and forwards one spelling of it', () => {
    fc.assert(
      fc.property(path.chain(withSpelling), ([canonical, spelled]) => {
        const target = readRequestTarget(spelled);
        expect(target.path).toBe(canonical);
        // The forwarded target reads as the same path, and is already in its one spelling.
        expect(readRequestTarget(target.url)).toEqual(target);
      }),
      { numRuns: 500 },
    );
  });

  it('forwards a target without percent signs as sent, as its encoded spellings read', () => {
    const plain = fc.array(fc.stringMatching(/^[A-Za-z0-9\-._~!$&'()*+,;=:@]{1,10}$/), { minLength: 1, maxLength: 5 });
    fc.assert(
      fc.property(plain, fc.constantFrom('', '?q=1', '?a=%2F&b'), (segments, search) => {
        const target = `/${segments.join('/')}${search}`;
        const read = outcome(target);
        const encoded = outcome(`/${segments.map((text) => text.replace(/[A-Za-z]/, (letter) => percentEncode(letter, true))).join('/')}${search}`);
        expect(encoded).toEqual(read);
        if ('path' in read) expect(readRequestTarget(target)).toEqual({ path: `/${segments.join('/')}`, search, url: target });
      }),
      { numRuns: 1_000 },
    );
  });

  it('reads the equivalent spellings of every API route as the route', () => {
    fc.assert(
      fc.property(fc.constantFrom(...API_PATHS).chain(withSpelling), ([canonical, spelled]) => {
        expect(readRequestTarget(spelled).path).toBe(canonical);
      }),
      { numRuns: 500 },
    );
  });

  it('refuses every spelling with a dot segment, a doubled or encoded slash or backslash, or double encoding', () => {
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom(...API_PATHS), path).chain(ambiguousSpelling), (spelled) => {
        expect(outcome(spelled)).toEqual({ refused: expect.stringContaining('The request path is not valid: ') });
      }),
      { numRuns: 1_000 },
    );
  });

  it('answers any target with a path or a 400, never another error', () => {
    const target = fc.oneof(
      fc.string(),
      fc.string({ unit: 'binary' }),
      fc
        .array(fc.oneof(fc.constantFrom('/', '%', '.', '..', '%2e', '%2f', '%25', '?', '#', '\\', 'api'), fc.string()), {
          maxLength: 12,
        })
        .map((parts) => parts.join('')),
      fc.webUrl({ withQueryParameters: true, withFragments: true }),
    );
    fc.assert(
      fc.property(target, (text) => {
        expect(outcome(text)).toBeDefined();
      }),
      { numRuns: 2_000 },
    );
  });

  it('percent-encodes UTF-8 bytes with either case of hex digits', () => {
    expect(percentEncode('a', true)).toBe('%61');
    expect(percentEncode('m', false)).toBe('%6d');
    expect(outcome(`/api/${percentEncode('é', true)}`)).toEqual({ path: '/api/é' });
  });
});

describe('routeMatchesPath', () => {
  it.each([
    ['/api/features', '/api/features', true],
    ['/api/features', '/api/features/', true],
    ['/api/features/*', '/api/features/x/y', true],
    ['/api/features/*', '/api/features/', true],
    ['/api/features', '/api/featuresx', false],
    ['/api/features/*', '/api/management/users', false],
    ['/internal/:id', '/internal/x', true],
    ['/*', '/anything', true],
    ['/assets/app.js', '/assets/appxjs', false],
  ])('%s matches %s: %s', (routeUrl, candidate, expected) => {
    expect(routeMatchesPath(routeUrl, candidate)).toBe(expected);
  });
});
