import { expand, type Resolver } from './expand';

const objects: Record<string, object> = {
  prod_1: { id: 'prod_1', object: 'product', name: 'Standard' },
  di_1: { id: 'di_1', object: 'discount', source: { type: 'coupon', coupon: 'WELCOME20' } },
  WELCOME20: { id: 'WELCOME20', object: 'coupon', percent_off: 20 },
};
const resolve: Resolver = (id) => (objects[id] ? structuredClone(objects[id]) : undefined);

describe('expand', () => {
  it('expands through lists and arrays of ids', () => {
    const list = { object: 'list', data: [{ id: 'price_1', product: 'prod_1' }] };
    expect(expand(list, ['data.product'], resolve).data[0]?.product).toEqual(objects.prod_1);
    const sub = { id: 'sub_1', discounts: ['di_1'], customer: null };
    const expanded = expand(sub, ['discounts.source.coupon', 'customer'], resolve);
    expect(expanded.discounts).toEqual([{ ...objects.di_1, source: { type: 'coupon', coupon: objects.WELCOME20 } }]);
    expect(sub.discounts).toEqual(['di_1']);
  });

  it.each([['nothing'], ['currency'], ['a.b.c.d.e'], ['data..product']])('refuses %s with a 400', (path) => {
    expect(() => expand({ currency: 'usd', data: [] }, [path], resolve)).toThrow(expect.objectContaining({ status: 400 }));
  });
});
