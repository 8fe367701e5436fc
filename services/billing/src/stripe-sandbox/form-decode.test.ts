import fc from 'fast-check';
import { decodeForm } from './form-decode';

/** The SDK's encoding rules (stripe/cjs/utils.js, not exported): indexed lists, bracketed keys, null as ''. */
function sdkEncode(data: Record<string, unknown>): string {
  const pairs: string[] = [];
  const enc = (key: string, value: unknown): void => {
    if (value === undefined) return;
    if (value === null || typeof value === 'string') {
      pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(value ?? '')}`);
      return;
    }
    if (typeof value !== 'object') throw new Error('the generated data holds strings only');
    if (Array.isArray(value)) {
      value.forEach((item, i) => enc(`${key}[${i}]`, item));
      return;
    }
    for (const [k, v] of Object.entries(value)) enc(`${key}[${k}]`, v);
  };
  for (const [k, v] of Object.entries(data)) enc(k, v);
  return pairs.join('&');
}

describe('decodeForm', () => {
  it('nests bracket keys and keeps lists as index-keyed objects', () => {
    const decoded = decodeForm('items[0][price]=price_1&items[0][quantity]=2&metadata[officeId]=o-1&expand[]=a&expand[]=b');
    expect(JSON.parse(JSON.stringify(decoded))).toEqual({
      items: { '0': { price: 'price_1', quantity: '2' } },
      metadata: { officeId: 'o-1' },
      expand: { '0': 'a', '1': 'b' },
    });
  });

  it('reads an empty value as the empty string (Stripe unsets with it)', () => {
    expect(decodeForm('cancel_at=&description=')).toEqual(expect.objectContaining({ cancel_at: '', description: '' }));
  });

  it('accepts encoded brackets and keeps `__proto__` a plain key', () => {
    const decoded = decodeForm('metadata%5B__proto__%5D=x&metadata%5Bk%5D=v');
    const metadata = decoded.metadata as Record<string, string>;
    expect(metadata.k).toBe('v');
    expect(Object.getPrototypeOf(metadata)).toBeNull();
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('refuses a key that is both a value and a hash, with a 400', () => {
    expect(() => decodeForm('a=1&a[b]=2')).toThrow(expect.objectContaining({ status: 400 }));
    expect(() => decodeForm('a[b]=2&a=1')).toThrow(expect.objectContaining({ status: 400 }));
    expect(() => decodeForm('a]b=1')).toThrow(expect.objectContaining({ status: 400 }));
  });

  it('round-trips any nested data the SDK encodes (generated cases)', () => {
    const key = fc.stringMatching(/^[a-z_]{1,8}$/);
    const leaf = fc.string({ maxLength: 12 });
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        leaf,
        fc.dictionary(key, tie('node'), { maxKeys: 3, minKeys: 1 }),
      ),
    })).node;
    fc.assert(
      fc.property(fc.dictionary(key, value, { maxKeys: 4 }), (data) => {
        expect(JSON.parse(JSON.stringify(decodeForm(sdkEncode(data))))).toEqual(data);
      }),
    );
  });
});
