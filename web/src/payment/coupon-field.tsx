/**
 * The coupon field of /payment: typed, then checked with Apply (or when a plan is chosen). What the coupon takes
 * off, or why the code is refused, is announced under the field and tied to it.
 */
import { Button } from 'antd';
import { TextInput } from '../fields/text-input';
import { discountText } from './billing-format';
import { type CouponState } from './use-coupon';

const INPUT_ID = 'payment-coupon';
const STATUS_ID = 'payment-coupon-status';

export function CouponField({ coupon }: { coupon: CouponState }) {
  return (
    <form
      className="dv-coupon"
      aria-label="Coupon"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!coupon.checking) void coupon.apply();
      }}
    >
      <label htmlFor={INPUT_ID}>Coupon code</label>
      <div className="dv-row">
        <TextInput
          id={INPUT_ID}
          className="dv-coupon__input"
          value={coupon.typed}
          autoComplete="off"
          spellCheck={false}
          status={coupon.problem ? 'error' : undefined}
          aria-invalid={coupon.problem ? true : undefined}
          aria-describedby={STATUS_ID}
          onChange={(event) => coupon.type(event.target.value)}
        />
        <Button htmlType="submit" loading={coupon.checking} disabled={coupon.typed.trim() === ''}>
          Apply
        </Button>
      </div>
      <p id={STATUS_ID} className="dv-coupon__status" aria-live="polite">
        {coupon.problem ? (
          <span className="dv-text-danger">{coupon.problem}</span>
        ) : coupon.coupon ? (
          <span>
            {coupon.coupon.id}: {discountText(coupon.coupon)} applied
          </span>
        ) : null}
      </p>
    </form>
  );
}
