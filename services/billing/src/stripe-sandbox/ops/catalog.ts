/** Products, prices, coupons and promotion codes: read-only through the API (the seed creates them). */
import { listPage, PAGE_PARAMS } from '../pagination';
import { type Params } from '../params';
import {
  type Coupon,
  type ListObject,
  type Price,
  type Product,
  type PromotionCode,
} from '../wire-types';
import { mustGet, type OpContext } from './context';

export function listProducts(ctx: OpContext, params: Params): ListObject<Product> {
  params.only([...PAGE_PARAMS, 'active', 'ids']);
  const active = params.bool('active');
  const ids = params.strList('ids');
  const products = ctx.state.products
    .newestFirst()
    .filter((product) => active === undefined || product.active === active)
    .filter((product) => ids.length === 0 || ids.includes(product.id));
  return listPage(products, params, '/v1/products');
}

export function retrieveProduct(ctx: OpContext, params: Params, id: string): Product {
  params.only(['expand']);
  return mustGet(ctx.state.products, id, 'product');
}

export function listPrices(ctx: OpContext, params: Params): ListObject<Price> {
  params.only([...PAGE_PARAMS, 'active', 'lookup_keys', 'product', 'type', 'currency']);
  const active = params.bool('active');
  const lookupKeys = params.strList('lookup_keys');
  const product = params.str('product');
  const type = params.oneOf('type', ['recurring', 'one_time'] as const);
  const currency = params.str('currency');
  const prices = ctx.state.prices
    .newestFirst()
    .filter((price) => active === undefined || price.active === active)
    .filter((price) => lookupKeys.length === 0 || (price.lookup_key !== null && lookupKeys.includes(price.lookup_key)))
    .filter((price) => product === undefined || price.product === product)
    .filter((price) => type === undefined || price.type === type)
    .filter((price) => currency === undefined || price.currency === currency);
  return listPage(prices, params, '/v1/prices');
}

export function retrievePrice(ctx: OpContext, params: Params, id: string): Price {
  params.only(['expand']);
  return mustGet(ctx.state.prices, id, 'price');
}

export function listCoupons(ctx: OpContext, params: Params): ListObject<Coupon> {
  params.only([...PAGE_PARAMS]);
  return listPage(ctx.state.coupons.newestFirst(), params, '/v1/coupons');
}

export function retrieveCoupon(ctx: OpContext, params: Params, id: string): Coupon {
  params.only(['expand']);
  return mustGet(ctx.state.coupons, id, 'coupon');
}

export function listPromotionCodes(ctx: OpContext, params: Params): ListObject<PromotionCode> {
  params.only([...PAGE_PARAMS, 'active', 'code', 'coupon', 'customer']);
  const active = params.bool('active');
  const code = params.str('code');
  const coupon = params.str('coupon');
  const customer = params.str('customer');
  const codes = ctx.state.promotionCodes
    .newestFirst()
    .filter((promo) => active === undefined || promo.active === active)
    // Stripe matches codes without regard to case.
    .filter((promo) => code === undefined || promo.code.toLowerCase() === code.toLowerCase())
    .filter((promo) => coupon === undefined || promo.promotion.coupon === coupon)
    .filter((promo) => customer === undefined || promo.customer === customer);
  return listPage(codes, params, '/v1/promotion_codes');
}

export function retrievePromotionCode(ctx: OpContext, params: Params, id: string): PromotionCode {
  params.only(['expand']);
  return mustGet(ctx.state.promotionCodes, id, 'promotion code');
}
