/**
 * The value editors' rules (flag-draft.ts), with generated cases: what the editor shows for a saved value reads
 * back as that value; integers take digits only; an object's text must be a JSON object within the service's
 * bounds, and every refusal says why.
 */
import { JSON_MAX_DEPTH, JSON_STRING_MAX_LENGTH, VALIDATION_MESSAGES } from '@dv/contracts';
import fc from 'fast-check';
import { acceptsIntegerTyping, checkDraft, DRAFT_MESSAGES, draftChanged, draftOf } from './flag-draft';

describe('flag drafts', () => {
  it('integer: a saved number shows as its digits and reads back; -1 (none) shows empty and empty sends null', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (value) => {
        const text = draftOf({ type: 'integer', value });
        expect(checkDraft('integer', text)).toEqual({ ok: true, value });
        expect(draftChanged({ type: 'integer', value }, text)).toBe(false);
      }),
    );
    expect(draftOf({ type: 'integer', value: -1 })).toBe('');
    expect(checkDraft('integer', '')).toEqual({ ok: true, value: null });
    expect(draftChanged({ type: 'integer', value: -1 }, '')).toBe(false);
    expect(draftChanged({ type: 'integer', value: 7 }, '007')).toBe(false);
  });

  it('integer: anything but digits is refused with the digits-only message; too many digits too', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }).filter((text) => /\D/.test(text.trim())), (text) => {
        expect(acceptsIntegerTyping(text)).toBe(false);
        if (text.trim() !== '') expect(checkDraft('integer', text)).toEqual({ ok: false, message: VALIDATION_MESSAGES.digitsOnly });
      }),
    );
    expect(acceptsIntegerTyping('1234567890123456')).toBe(true);
    expect(acceptsIntegerTyping('12345678901234567')).toBe(false);
    expect(checkDraft('integer', '9999999999999999')).toEqual({ ok: false, message: DRAFT_MESSAGES.integerTooBig });
  });

  it('string: any text up to the limit is sent as typed; longer is refused; empty sends null', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 300 }).filter((text) => text.trim() !== ''), (text) => {
        expect(checkDraft('string', text)).toEqual({ ok: true, value: text });
        expect(draftChanged({ type: 'string', value: text }, draftOf({ type: 'string', value: text }))).toBe(false);
      }),
    );
    expect(checkDraft('string', 'x'.repeat(JSON_STRING_MAX_LENGTH))).toMatchObject({ ok: true });
    expect(checkDraft('string', 'x'.repeat(JSON_STRING_MAX_LENGTH + 1))).toEqual({ ok: false, message: DRAFT_MESSAGES.tooLong });
    expect(checkDraft('string', '   ')).toEqual({ ok: true, value: null });
  });

  it('object: what the editor shows for a saved object reads back as it, however it is formatted', () => {
    const objects = fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 3 }), { minKeys: 1, maxKeys: 5 });
    fc.assert(
      fc.property(objects, (saved) => {
        const value = JSON.parse(JSON.stringify(saved)) as Record<string, unknown>;
        const text = draftOf({ type: 'object', value });
        expect(checkDraft('object', text)).toEqual({ ok: true, value });
        expect(draftChanged({ type: 'object', value }, JSON.stringify(value))).toBe(false);
      }),
    );
    expect(draftOf({ type: 'object', value: {} })).toBe('');
    expect(checkDraft('object', '')).toEqual({ ok: true, value: null });
  });

  it('object: text that is not JSON says so, with the parser reason; JSON that is not an object says what to enter', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 40 }).filter((text) => {
          try {
            JSON.parse(text);
            return false;
          } catch {
            return text.trim() !== '';
          }
        }),
        (text) => {
          const check = checkDraft('object', text);
          expect(check.ok).toBe(false);
          if (!check.ok) expect(check.message).toMatch(/^Not valid JSON: .+/);
        },
      ),
    );
    fc.assert(
      fc.property(fc.oneof(fc.array(fc.jsonValue(), { maxLength: 3 }), fc.string(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null)), (value) => {
        expect(checkDraft('object', JSON.stringify(value))).toEqual({ ok: false, message: DRAFT_MESSAGES.notAnObject });
      }),
    );
  });

  it("object: held to the service's bounds: compact JSON length, each text's length, depth", () => {
    const big = JSON.stringify(Object.fromEntries(Array.from({ length: 3 }, (_, index) => [`k${index}`, 'v'.repeat(4_000)])));
    expect(checkDraft('object', big)).toEqual({ ok: false, message: DRAFT_MESSAGES.tooLong });
    // Formatting does not count: the same object spread over lines is measured compact.
    const spaced = JSON.stringify({ a: 'v'.repeat(JSON_STRING_MAX_LENGTH - 20) }, null, 40);
    expect(spaced.length).toBeGreaterThan(JSON_STRING_MAX_LENGTH);
    expect(checkDraft('object', spaced)).toMatchObject({ ok: true });
    const deep = `${'{"a":'.repeat(JSON_MAX_DEPTH + 1)}1${'}'.repeat(JSON_MAX_DEPTH + 1)}`;
    expect(checkDraft('object', deep)).toMatchObject({ ok: false, message: expect.stringMatching(/nested too deeply/i) });
    const longText = JSON.stringify({ a: 'v'.repeat(JSON_STRING_MAX_LENGTH + 1) });
    expect(checkDraft('object', longText)).toMatchObject({ ok: false, message: expect.stringMatching(/too long/i) });
  });
});
