/**
 * Generated spellings of a request path, for the gateway's request-target tests. Three kinds:
 * - equivalent: the same path to every careful reader (letters percent-encoded, hex digits in either case);
 * - case: letters of the path's literal segments in another case (another path, which the gateway refuses);
 * - ambiguous: readers could disagree on the path (dot segments, doubled slashes, encoded slashes and
 *   backslashes, double encoding), whatever else is encoded.
 */
import fc from 'fast-check';

export type SpellingKind = 'equivalent' | 'case' | 'ambiguous';

/** One character percent-encoded as UTF-8, hex digits upper or lower case. */
export function percentEncode(char: string, upperHex: boolean): string {
  return [...Buffer.from(char, 'utf8')]
    .map((byte) => `%${byte.toString(16).padStart(2, '0')}`)
    .map((escape) => (upperHex ? escape.toUpperCase() : escape.toLowerCase()))
    .join('');
}

/** A piece of a spelled segment: a character of the path (`encode` may percent-encode it) or text kept as is. */
interface Piece {
  readonly text: string;
  readonly encode: boolean;
}
type Segments = readonly (readonly Piece[])[];

const plainSegments = (path: string): Segments =>
  path
    .split('/')
    .slice(1)
    .map((segment) => [...segment].map((text) => ({ text, encode: true })));

/** RFC 3986 pchar: what a path may carry without encoding. */
const PCHAR = /^[A-Za-z0-9\-._~!$&'()*+,;=:@]$/;

/** A character as it is (where it may be) or percent-encoded, hex digits in either case. */
function encodedCharacter(char: string): fc.Arbitrary<string> {
  const encoded = fc.boolean().map((upper) => percentEncode(char, upper));
  return PCHAR.test(char) ? fc.oneof(fc.constant(char), encoded) : encoded;
}

/** Each encodable character as it is or percent-encoded. */
function render(segments: Segments): fc.Arbitrary<string> {
  const pieces = segments.map((segment) =>
    fc
      .tuple(
        ...segment.map((piece) =>
          piece.encode ? encodedCharacter(piece.text) : fc.constant(piece.text),
        ),
      )
      .map((parts) => parts.join('')),
  );
  return fc.tuple(...pieces).map((parts) => `/${parts.join('/')}`);
}

export function equivalentSpelling(path: string): fc.Arbitrary<string> {
  return render(plainSegments(path));
}

/** Letters of the literal segments (those the pattern does not leave open) in another case, at least one. */
export function caseSpelling(path: string, pattern: string): fc.Arbitrary<string> {
  const segments = path.split('/').slice(1);
  const literal = pattern.split('/').slice(1).map((segment) => !segment.startsWith('{'));
  const positions = segments.flatMap((segment, index) =>
    literal[index] ? [...segment].flatMap((char, at) => (/[a-z]/i.test(char) ? [[index, at] as const] : [])) : [],
  );
  return fc.subarray(positions, { minLength: 1 }).map((flips) => {
    const chars = segments.map((segment) => [...segment]);
    for (const [index, at] of flips) {
      const row = chars[index];
      const char = row?.[at];
      if (row && char) row[at] = char === char.toLowerCase() ? char.toUpperCase() : char.toLowerCase();
    }
    return `/${chars.map((row) => row.join('')).join('/')}`;
  });
}

const DOT = ['.', '%2e', '%2E'] as const;
const DOT_DOT = ['..', '%2e%2e', '%2E%2E', '.%2e', '%2e.', '%2E.', '.%2E'] as const;
const SEPARATOR = ['%2f', '%2F', '%5c', '%5C', '\\', '%252f', '%255C'] as const;
const raw = (text: string): Piece => ({ text, encode: false });

/** One ambiguity put into the path's segments at a generated place. */
function withAmbiguity(segments: Segments): fc.Arbitrary<Segments> {
  const at = fc.nat({ max: segments.length });
  const insert = (index: number, inserted: Segments): Segments => [
    ...segments.slice(0, index),
    ...inserted,
    ...segments.slice(index),
  ];
  const joinAt = fc.nat({ max: Math.max(0, segments.length - 2) });
  const charAt = fc
    .nat({ max: segments.length - 1 })
    .chain((index) => fc.tuple(fc.constant(index), fc.nat({ max: Math.max(0, (segments[index]?.length ?? 1) - 1) })));
  return fc.oneof(
    fc.tuple(at, fc.constantFrom(...DOT)).map(([index, dot]) => insert(index, [[raw(dot)]])),
    fc.tuple(at, fc.constantFrom(...DOT_DOT)).map(([index, dotDot]) => insert(index, [[raw('x')], [raw(dotDot)]])),
    // Not at the end: one trailing slash is a path of its own, not a doubled slash.
    fc.nat({ max: segments.length - 1 }).map((index) => insert(index, [[]])),
    fc.tuple(joinAt, fc.constantFrom(...SEPARATOR)).map(([index, separator]) => {
      const joined = [...segments];
      joined.splice(index, 2, [...(segments[index] ?? []), raw(separator), ...(segments[index + 1] ?? [])]);
      return joined;
    }),
    // Double encoding: a character as %25 followed by its own escape, which reads as '%61' once decoded.
    fc.tuple(charAt, fc.boolean()).map(([[index, position], upper]) =>
      segments.map((segment, segmentIndex) =>
        segmentIndex !== index || segment.length === 0
          ? segment
          : segment.map((piece, pieceIndex) =>
              pieceIndex === position ? raw(`${percentEncode('%', upper)}${percentEncode(piece.text, upper).slice(1)}`) : piece,
            ),
      ),
    ),
  );
}

export function ambiguousSpelling(path: string): fc.Arbitrary<string> {
  return withAmbiguity(plainSegments(path)).chain(render);
}

export function spelling(kind: SpellingKind, path: string, pattern: string): fc.Arbitrary<string> {
  switch (kind) {
    case 'equivalent':
      return equivalentSpelling(path);
    case 'case':
      return caseSpelling(path, pattern);
    case 'ambiguous':
      return ambiguousSpelling(path);
  }
}
