import fc from 'fast-check';
import { literalPattern, rewriteTextContains } from './text-contains';

describe('literalPattern', () => {
  it('matches the text itself and nothing that only looks like it', () => {
    const tricky = ['a.c', 'a+b', '(x)|y', '[sale]', '{2}', 'x*y?', '^start$', 'c:\\path\\', 'nul\u0000byte', 'tab\there', '😀'];
    for (const text of tricky) {
      const pattern = new RegExp(`^${literalPattern(text)}$`, 'u');
      expect({ text, itself: pattern.test(text) }).toEqual({ text, itself: true });
    }
    expect(new RegExp(literalPattern('a.c'), 'u').test('abc')).toBe(false);
    expect(new RegExp(literalPattern('x*'), 'u').test('y')).toBe(false);
    expect(new RegExp(literalPattern('(a|b)'), 'u').test('a')).toBe(false);
  });

  it('whatever the text, the pattern is valid and finds exactly that text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary-ascii' })), fc.string({ unit: 'grapheme-ascii' }), (text, around) => {
        const pattern = new RegExp(literalPattern(text), 'u');
        expect(pattern.test(`${around}${text}${around}`)).toBe(true);
        expect(pattern.test(around)).toBe(around.includes(text));
      }),
    );
  });

  it('writes control characters as \\xHH, never raw (MongoDB refuses a NUL in a pattern)', () => {
    expect(literalPattern('a\u0000b\u001f')).toBe('a\\x00b\\x1f');
  });
});

describe('rewriteTextContains', () => {
  const render = ({ text, caseInsensitive }: { text: string; caseInsensitive?: boolean }) => ({ $found: `${text}/${caseInsensitive === true ? 'i' : ''}` });

  it('replaces every $contains, also inside $or and $and, and keeps the rest', () => {
    const filter = {
      orgId: 'org-a',
      n: { $gt: 1 },
      $or: [{ title: { $contains: { text: 'a.b', caseInsensitive: true } } }, { 'meta.note': { $contains: { text: 'x' }, $ne: 'y' } }],
      $and: [{ tags: { $in: ['t'] } }],
    };
    expect(rewriteTextContains(filter, render)).toEqual({
      orgId: 'org-a',
      n: { $gt: 1 },
      $or: [{ title: { $found: 'a.b/i' } }, { 'meta.note': { $found: 'x/', $ne: 'y' } }],
      $and: [{ tags: { $in: ['t'] } }],
    });
  });

  it('leaves the given filter as it was', () => {
    const filter = { title: { $contains: { text: 'a' } } };
    rewriteTextContains(filter, render);
    expect(filter).toEqual({ title: { $contains: { text: 'a' } } });
  });
});
