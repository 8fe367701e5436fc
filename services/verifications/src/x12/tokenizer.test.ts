/**
 * The tokenizer: delimiters come from the ISA; anything malformed is an X12ParseError with a clear message,
 * and nothing else is ever thrown (fast-check).
 */
import fc from 'fast-check';
import { X12ParseError } from './errors';
import { tokenizeX12, components, repetitions } from './tokenizer';

const ISA_STAR = 'ISA*00*          *00*          *ZZ*SENDER         *ZZ*RECEIVER       *240115*1430*^*00501*000000042*0*P*:~';

function errorOf(run: () => unknown): X12ParseError {
  try {
    run();
  } catch (error) {
    if (error instanceof X12ParseError) return error;
    throw error;
  }
  throw new Error('expected an X12ParseError');
}

describe('tokenizeX12', () => {
  it('takes the element separator, component separator, repetition separator and terminator from the ISA', () => {
    const isa = ISA_STAR.replace(/\*/g, '|').replace('|:~', '|>!').replace('|^|', '|#|');
    const doc = tokenizeX12(`${isa}\r\nGS|HB|S|R!\nEB|A|IND|25#26|||||0.2|||||AD>D2740!\n`);
    expect(doc.delimiters).toEqual({ element: '|', component: '>', repetition: '#', segment: '!' });
    expect(doc.segments.map((segment) => segment.tag)).toEqual(['ISA', 'GS', 'EB']);
    const eb = doc.segments[2]!;
    expect(eb.elements).toEqual(['A', 'IND', '25#26', '', '', '', '', '0.2', '', '', '', '', 'AD>D2740']);
    expect(repetitions(eb.elements[2]!, doc.delimiters)).toEqual(['25', '26']);
    expect(components(eb.elements[12]!, doc.delimiters)).toEqual(['AD', 'D2740']);
    expect(doc.segments[0]!.elements[12]).toBe('000000042');
  });

  it('reads a newline segment terminator and blank lines', () => {
    const isa = ISA_STAR.replace(/~$/, '\n');
    const doc = tokenizeX12(`${isa}GS*HB*S*R\r\n\nST*271*0001\n`);
    expect(doc.delimiters.segment).toBe('\n');
    expect(doc.segments.map((segment) => [segment.tag, segment.elements.join('|')])).toEqual([
      ['ISA', expect.any(String)],
      ['GS', 'HB|S|R'],
      ['ST', '271|0001'],
    ]);
  });

  it('treats a 4010-style ISA11 U as no repetition separator', () => {
    const doc = tokenizeX12(`${ISA_STAR.replace('*^*', '*U*')}EB*A**25^26~`);
    expect(doc.delimiters.repetition).toBeUndefined();
    expect(repetitions('25^26', doc.delimiters)).toEqual(['25^26']);
  });

  it('skips a byte order mark and leading whitespace', () => {
    expect(tokenizeX12(`\uFEFF \n${ISA_STAR}GS*HB~`).segments).toHaveLength(2);
  });

  it.each([
    ['empty text', '', 'isa', 'X12 input is empty'],
    ['text that is no X12', 'HELLO WORLD', 'isa', 'X12 must start with an ISA segment; found "HEL"'],
    ['a short ISA', 'ISA*00*~', 'isa', 'The ISA segment must be 106 characters; the text has 8'],
    [
      'an ISA06 one character short',
      ISA_STAR.replace('SENDER         ', 'SENDER        ') + 'GS*HB~',
      'isa',
      'ISA06 must be 15 characters; the ISA is not 106 characters long',
    ],
    ['a letter as segment terminator', ISA_STAR.replace(/~$/, 'X'), 'delimiters', 'The segment terminator "X" declared in the ISA is not a usable delimiter'],
    [
      'the same delimiter twice',
      ISA_STAR.replace('*:~', '*~~'),
      'delimiters',
      'The ISA declares the same character twice among element separator "*", component separator "~" and segment terminator "~"',
    ],
    [
      'a body that does not use the ISA element separator',
      ISA_STAR.replace(/\*/g, '|') + 'GS*HB*S*R~',
      'delimiters',
      'Segment "GS*HB*S*R" does not use the element separator "|" declared in the ISA (segment 2)',
    ],
    ['two terminators in a row', `${ISA_STAR}GS*HB~~ST*271~`, 'segment', 'Empty segment: two segment terminators in a row (segment 3)'],
    ['text after the last terminator', `${ISA_STAR}GS*HB~ST*271`, 'segment', 'Text after the last segment terminator "~": "ST*271"'],
    ['a bad segment id', `${ISA_STAR}gs*HB~`, 'segment', '"gs" is not a segment id (segment 2)'],
    ['a segment without elements', `${ISA_STAR}GS~`, 'segment', 'Segment GS has no elements (segment 2)'],
  ])('rejects %s', (_, text, kind, message) => {
    const error = errorOf(() => tokenizeX12(text));
    expect(error.kind).toBe(kind);
    expect(error.message).toBe(message);
  });

  it('never throws anything but X12ParseError on random input', () => {
    const alphabet = fc.constantFrom('I', 'S', 'A', 'G', 'E', 'B', '0', '1', '*', '|', '~', ':', '^', '>', ' ', '\n', '\r', 'X');
    const noise = fc.array(alphabet, { maxLength: 200 }).map((chars) => chars.join(''));
    const input = fc.oneof(
      fc.string(),
      noise,
      noise.map((rest) => ISA_STAR + rest),
      fc.tuple(fc.integer({ min: 0, max: 105 }), alphabet).map(([at, char]) => `${ISA_STAR.slice(0, at)}${char}${ISA_STAR.slice(at + 1)}GS*HB~`),
    );
    fc.assert(
      fc.property(input, (text) => {
        try {
          tokenizeX12(text);
        } catch (error) {
          expect(error).toBeInstanceOf(X12ParseError);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
